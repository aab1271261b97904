/** What an order gives and costs: the offer, from when to when, the multi-month discount and the total. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate } from '../../i18n';
import type { LineOrderData, LineOrderKind } from '../../src/contract/business';
import { useOfferText } from './offerText';

export function OrderFacts({ kind, order }: { kind: LineOrderKind; order: LineOrderData }) {
  const { t, i18n } = useTranslation('business');
  const text = useOfferText(kind);
  const lang = i18n.language;
  return (
    <div className="space-y-1">
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <dt className="text-slate-700">{t('summary')}</dt>
      <dd className="font-semibold text-slate-900">{text.title(order.offer)}{kind === 'planChange' ? ` · ${t('months', { count: order.months })}` : ''}</dd>
      <dt className="text-slate-700">{t('starts')}</dt>
      <dd>{formatPacificDate(order.startsAt, lang)}</dd>
      <dt className="text-slate-700">{t('ends')}</dt>
      <dd>{formatPacificDate(order.expiresAt, lang)}</dd>
      {order.multiMonthDiscountCents > 0 && (<><dt className="text-slate-700">{t('discount')}</dt><dd>−{formatMoney(order.multiMonthDiscountCents, lang)}</dd></>)}
      <dt className="text-slate-700">{t('total')}</dt>
      <dd className="font-semibold text-slate-900" data-testid="line-order-total">{formatMoney(order.amountCents, lang)}</dd>
    </dl>
    <p className="px-1 text-xs text-slate-600">{t('orderNo')}{lang === 'en' ? ': ' : '：'}<span translate="no">{order.orderNo}</span></p>
    </div>
  );
}
