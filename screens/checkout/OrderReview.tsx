/** The order being paid: its number and the amounts the gateway fixed when it was created. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import type { OrderData } from '../../src/contract/orders';
import type { BundleList } from '../../src/contract/catalog';
import { useProductLabel } from './productLabel';
import { VerbatimText } from '../ui/Verbatim';

export function OrderAmounts({ order, catalog }: { order: OrderData; catalog: BundleList | null }) {
  const { t, i18n } = useTranslation('checkout');
  const money = (c: number) => formatMoney(c, i18n.language);
  const product = useProductLabel(catalog);
  const rows: [string, string][] = [
    [product(order), money(order.planCostCents)],
    ...(order.multiMonthDiscountCents > 0 ? [[t('summary.multiMonthPlain'), `−${money(order.multiMonthDiscountCents)}`] as [string, string]] : []),
    ...(order.discountCents > 0 ? [[t('summary.codeDiscount', { code: order.couponCode ?? order.referralCode ?? '' }), `−${money(order.discountCents)}`] as [string, string]] : []),
    ...(order.activationIccid ? [] : [[t(order.shippingMethod === 'express' ? 'summary.shippingExpress' : 'summary.shipping'), money(order.shippingFeeCents)] as [string, string]]),
    [t('summary.taxLabel'), money(order.taxCents)],
  ];
  return (
    <dl className="space-y-2 text-sm text-slate-800">
      {rows.map(([label, value]) => <div key={label} className="flex justify-between gap-4"><dt>{label}</dt><dd>{value}</dd></div>)}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
        <dt>{t('summary.total')}</dt><dd>{money(order.payAmountCents)}</dd>
      </div>
    </dl>
  );
}

export function OrderReview({ order, catalog, onEdit, canEdit }: { order: OrderData; catalog: BundleList | null; onEdit: () => void; canEdit: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <section aria-labelledby="order-review-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="order-review-title" className="text-lg font-semibold text-slate-900">{t('review.title')}</h2>
          <p className="text-sm text-slate-700"><VerbatimText k="checkout:review.orderNo" values={{ orderNo: order.orderNo }} /></p>
        </div>
        {canEdit && <button type="button" onClick={onEdit} className="text-sm font-medium text-blue-800 underline underline-offset-2">{t('review.edit')}</button>}
      </div>
      <p className="mt-2 text-sm text-slate-800">
        {order.activationIccid
          ? <VerbatimText k="checkout:activationPlan.cardValue" values={{ type: t(`product.simTypes.${order.simType}`), last4: order.activationIccid.slice(-4) }} />
          : t(`review.sim.${order.simType}`, { count: order.simCount })}
        {order.autoRenew ? ` · ${t('review.autoRenewOn')}` : ''}
      </p>
      {order.simType === 'physical' && order.shipping.address1 && (
        <p className="mt-1 text-sm text-slate-700">
          <VerbatimText k="checkout:review.shipTo" values={{ name: `${order.shipping.firstNameEn} ${order.shipping.lastNameEn}`, address: [order.shipping.address1, order.shipping.address2, order.shipping.city, `${order.shipping.state ?? ''} ${order.shipping.zip ?? ''}`.trim()].filter(Boolean).join(', ') }} />
        </p>
      )}
      <div className="mt-4"><OrderAmounts order={order} catalog={catalog} /></div>
    </section>
  );
}
