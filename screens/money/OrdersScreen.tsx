/**
 * "My order" of the personal centre (/personal/myorder) and /global/myorder (global data SIM orders): the customer's
 * orders, newest first and paged, each opening in place on its detail (status, items, payments, shipment with tracking).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import type { OrdersData } from '../../src/contract/pageData';
import { AppLink } from '../../src/app/forScreens';
import { formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { CopyButton } from '../ui/CopyButton';
import { Notice, secondaryButton } from '../ui/fields';
import { VerbatimText } from '../ui/Verbatim';
import { Pager } from '../ui/Pager';
import { Colon } from '../ui/Colon';

const STATUS_TONE: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-900', awaiting_payment: 'bg-amber-100 text-amber-900', paying: 'bg-amber-100 text-amber-900',
  payment_failed: 'bg-rose-100 text-rose-900', cancelled: 'bg-slate-200 text-slate-900', free: 'bg-sky-100 text-sky-900',
};

/** An order settled without charging anything (a replacement card): "Free", not a payment of $0.00. */
const isFree = (order: { status: string; payAmountCents: number }) => order.status === 'paid' && order.payAmountCents === 0;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return <><dt className="text-slate-700">{label}</dt><dd className="text-slate-900">{children}</dd></>;
}

function Detail({ detail, replacement }: { detail: NonNullable<OrdersData['detail']>; replacement: boolean }) {
  const { t, i18n } = useTranslation('portalMoney');
  const { order, payments } = detail;
  const money = (c: number) => formatMoney(c, i18n.language);
  const payable = ['awaiting_payment', 'payment_failed'].includes(order.status);
  const free = isFree(order);
  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4 text-sm">
      <section aria-label={t('orders.items')}>
        <h3 className="font-semibold text-slate-900">{t('orders.items')}</h3>
        <p className="mt-1 text-slate-800">{replacement
          ? t('orders.replacementItem', { count: order.simCount, simType: t(`orders.simType.${order.simType}`) })
          : t('orders.item', { name: order.planName, months: order.months, count: order.simCount, simType: t(`orders.simType.${order.simType}`) })}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {order.discountCents + order.multiMonthDiscountCents > 0 && <Row label={t('orders.discount')}>-{money(order.discountCents + order.multiMonthDiscountCents)}</Row>}
          {!free && <Row label={t('orders.shippingFee')}>{money(order.shippingFeeCents)}</Row>}
          {!free && <Row label={t('orders.tax')}>{money(order.taxCents)}</Row>}
          <Row label={t('orders.total')}><strong>{free ? t('orders.free') : money(order.payAmountCents)}</strong></Row>
        </dl>
      </section>
      <section aria-label={t('orders.paymentsTitle')}>
        <h3 className="font-semibold text-slate-900">{t('orders.paymentsTitle')}</h3>
        {free ? <p className="mt-1 text-slate-700">{t('orders.noCharge')}</p> : payments.length === 0 ? <p className="mt-1 text-slate-700">{t('orders.noPayments')}</p> : (
          <ul className="mt-1 space-y-1">
            {payments.map((p) => (
              <li key={`${p.at}-${p.method}`} className="text-slate-800">
                {formatPacificDateTime(p.at, i18n.language)} · {t(`orders.method.${p.method}`)}{p.card ? ` (${p.card.brand.toUpperCase()} •••• ${p.card.last4})` : ''} · {money(p.amountCents)} · {t(`orders.payment.${p.status}`)}
              </li>
            ))}
          </ul>
        )}
        {payable && <AppLink to={`/plans/bundleResult/${encodeURIComponent(order.orderNo)}`} className={`${secondaryButton} mt-2`}>{t('orders.payNow')}</AppLink>}
      </section>
      <section aria-label={t('orders.shipmentTitle')}>
        <h3 className="font-semibold text-slate-900">{t('orders.shipmentTitle')}</h3>
        {order.simType === 'esim' || order.activationIccid ? <p className="mt-1 text-slate-700">{t('orders.noShipment')}</p>
          : order.logisticsStatus === 'shipped' && order.trackingNumber ? (
            <div className="mt-1 space-y-1">
              <p className="text-slate-800">{t('orders.shipped', { carrier: order.carrier ?? '', date: order.sentAt ? formatPacificDate(order.sentAt, i18n.language) : '' })}</p>
              <p className="flex flex-wrap items-center gap-2 text-slate-800">
                <span>{t('orders.tracking')}<Colon /><span className="font-mono" lang="en" translate="no">{order.trackingNumber}</span></span>
                <CopyButton value={order.trackingNumber} label={t('orders.tracking')} />
              </p>
            </div>
          ) : <p className="mt-1 text-slate-700">{t('orders.notShipped')}</p>}
      </section>
    </div>
  );
}

export default function OrdersScreen() {
  const { t, i18n } = useTranslation('portalMoney');
  const data = useLoaderData() as OrdersData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const open = params.get('order');
  const toggle = (orderNo: string) => {
    const next = new URLSearchParams(params);
    if (open === orderNo) next.delete('order'); else next.set('order', orderNo);
    return `?${next.toString()}`;
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t(data.kind === 'global' ? 'orders.globalTitle' : 'orders.title')}</h1>
      {data.loadError && (
        <Notice tone="error">
          <p>{t('orders.loadFailed')}</p>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => revalidator.revalidate()}>{t('orders.retry')}</button>
        </Notice>
      )}
      {data.list && data.list.total === 0 && (
        <div className="rounded-2xl bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200">
          <p>{t('orders.empty')}</p>
          <AppLink to={data.kind === 'global' ? '/plans/global' : '/plans'} className={`${secondaryButton} mt-3`}>{t('orders.shop')}</AppLink>
        </div>
      )}
      {data.list && data.list.orders.length > 0 && (
        <ul className="space-y-3">
          {data.list.orders.map((o) => (
            <li key={o.orderNo} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="order">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-semibold text-slate-900"><VerbatimText k="portalMoney:orders.orderNo" values={{ orderNo: o.orderNo }} /></p>
                  <p className="text-sm text-slate-700">{o.replacement ? t('orders.replacement') : o.planName} · {isFree(o) ? t('orders.free') : formatMoney(o.payAmountCents, i18n.language)}</p>
                  <p className="text-xs text-slate-600">{t('orders.placed', { date: formatPacificDate(o.createdAt, i18n.language) })}</p>
                </div>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[isFree(o) ? 'free' : o.status] ?? ''}`}>{t(`orders.status.${isFree(o) ? 'free' : o.status}`)}</span>
              </div>
              <Link to={toggle(o.orderNo)} aria-expanded={open === o.orderNo} className="mt-3 inline-block text-sm font-medium text-blue-800 underline underline-offset-2">
                {open === o.orderNo ? t('orders.hide') : t('orders.view')}
              </Link>
              {open === o.orderNo && data.detail?.order.orderNo === o.orderNo && <Detail detail={data.detail} replacement={o.replacement} />}
            </li>
          ))}
        </ul>
      )}
      {data.list && <Pager page={data.list.page} pageSize={data.list.pageSize} total={data.list.total} drop={['month', 'order']} />}
    </div>
  );
}
