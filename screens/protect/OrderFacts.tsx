/** What a keeping order gives and costs: the number, the periods, from when to when, the tax and the total. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import type { ProtectOrderData } from '../../src/contract/protect';
import { formatPhone } from '../../src/domain/phone';

export function OrderFacts({ order }: { order: ProtectOrderData }) {
  const { t, i18n } = useTranslation('protect');
  const lang = i18n.language;
  return (
    <div className="space-y-1">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        {order.msisdn && (<><dt className="text-slate-700">{t('facts.number')}</dt><dd className="font-semibold text-slate-900" translate="no">{formatPhone(order.msisdn)}</dd></>)}
        <dt className="text-slate-700">{t('order.periods')}</dt>
        <dd className="font-semibold text-slate-900">{t('buy.periods', { count: order.periods, days: order.days })}</dd>
        <dt className="text-slate-700">{t('order.from')}</dt>
        <dd>{formatPacificDateTime(order.startsAt, lang)}</dd>
        <dt className="text-slate-700">{t('order.to')}</dt>
        <dd data-testid="protect-order-to">{formatPacificDateTime(order.endsAt, lang)}</dd>
        <dt className="text-slate-700">{t('buy.subtotal')}</dt>
        <dd>{formatMoney(order.subtotalCents, lang)}</dd>
        <dt className="text-slate-700">{t('buy.tax')}</dt>
        <dd>{formatMoney(order.taxCents, lang)}</dd>
        <dt className="text-slate-700">{t('buy.total')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="protect-order-total">{formatMoney(order.amountCents, lang)}</dd>
      </dl>
      <p className="px-1 text-xs text-slate-600">{t('order.orderNo')}{lang === 'en' ? ': ' : '：'}<span translate="no">{order.orderNo}</span></p>
    </div>
  );
}
