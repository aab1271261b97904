/**
 * /tracking/result (spec section 2): "shipped or not, logistics company, tracking number with copy, sent time, order
 * info, auto-renewal flag, active state." A picture of the `tracking` chart's result state.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney, formatPacificDateTime } from '../../i18n';
import { usePlanName } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import type { TrackingView } from '../../src/contract/tracking';
import { FormMessage, primaryButton, secondaryButton } from '../ui/compactForm';
import { CopyButton } from '../ui/CopyButton';
import { useTracking } from './TrackingLayout';
import { connectResult } from './tracking.connect';


function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Shipment({ order, isEsim }: { order: TrackingView; isEsim: boolean }) {
  const { t, i18n } = useTranslation('tracking');
  const badge = order.shipped ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900';
  return (
    <Card title={t('result.shipmentTitle')}>
      <p className="mt-3">
        <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${badge}`}>
          {t(order.shipped ? 'result.shipped' : isEsim ? 'result.esimNotShipped' : 'result.notShipped')}
        </span>
      </p>
      {isEsim && <p className="mt-3 text-sm text-slate-700">{t('result.esimNote')}</p>}
      {!isEsim && !order.shipped && <p className="mt-3 text-sm text-slate-700">{t('result.notShippedNote')}</p>}
      {order.shipped && (
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={t('result.carrier')}><span translate="no">{order.carrier ?? '—'}</span></Row>
          <Row label={t('result.trackingNumber')}>
            {order.trackingNumber ? (
              <span className="flex flex-wrap items-center gap-3">
                <span className="font-mono" translate="no" data-testid="tracking-number">{order.trackingNumber}</span>
                <CopyButton value={order.trackingNumber} label={t('result.copyNamed', { number: order.trackingNumber })} />
              </span>
            ) : '—'}
          </Row>
          <Row label={t('result.sentAt')}>{order.sentAt ? formatPacificDateTime(order.sentAt, i18n.language) : '—'}</Row>
        </dl>
      )}
    </Card>
  );
}

function OrderInfo({ order }: { order: TrackingView }) {
  const { t, i18n } = useTranslation('tracking');
  const planName = usePlanName();
  const lang = i18n.language;
  return (
    <Card title={t('result.orderTitle')}>
      <dl className="mt-2 divide-y divide-slate-100">
        <Row label={t('result.orderNo')}><span className="font-mono" translate="no">{order.orderNo}</span></Row>
        {/* A replacement SIM (decision 0037) buys no months: its name alone. */}
        <Row label={t('result.plan')}>{order.months > 0 ? t('result.planValue', { name: planName(order.planName), count: order.months }) : planName(order.planName)}</Row>
        <Row label={t('result.sims')}>{t(`result.simCount.${order.simType}`, { count: order.simCount })}</Row>
        <Row label={t('result.paid')}>{formatMoney(order.payAmountCents, lang)}</Row>
        <Row label={t('result.orderedAt')}>{formatPacificDateTime(order.createdAt, lang)}</Row>
        <Row label={t('result.status')}>{t(`status.${order.status}`, { defaultValue: order.status })}</Row>
        <Row label={t('result.autoRenew')}>{t(order.autoRenew ? 'result.autoRenewOn' : 'result.autoRenewOff')}</Row>
        <Row label={t('result.activation')}>{t(`activation.${order.activationStatus}`)}</Row>
      </dl>
    </Card>
  );
}

function Address({ order }: { order: TrackingView }) {
  const { t, i18n } = useTranslation('tracking');
  const s = order.shipping;
  const chineseName = s.lastNameZh || s.firstNameZh ? `${s.lastNameZh ?? ''}${s.firstNameZh ?? ''}` : null;
  const lines = [
    [s.address1, s.address2].filter(Boolean).join(', '),
    [s.city, [s.state, s.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(s.country, i18n.language),
  ].filter(Boolean);
  return (
    <Card title={t('result.addressTitle')}>
      <address className="mt-3 text-sm not-italic leading-6 text-slate-900">
        <span translate="no">{s.firstNameEn} {s.lastNameEn}</span>{chineseName && <> ({chineseName})</>}<br />
        <span translate="no">{formatPhone(s.phone)}</span><br />
        {lines.map((line) => <span key={line} translate="no">{line}<br /></span>)}
      </address>
    </Card>
  );
}

export default function TrackingResultScreen() {
  const { t } = useTranslation('tracking');
  const { snapshot, send, step } = useTracking();
  if (step !== 'result') return null;
  const view = connectResult(snapshot, send);
  const order = view.order;
  if (!order) return null;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('result.title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('result.intro', { orderNo: order.orderNo })}</p>
      </div>
      {view.notice && <FormMessage tone={snapshot.context.notice === 'alreadyShipped' ? 'error' : 'success'}>{t(view.notice.key)}</FormMessage>}
      <Shipment order={order} isEsim={view.isEsim} />
      {!view.isEsim && <Address order={order} />}
      <OrderInfo order={order} />
      <div className="flex flex-col gap-3 sm:flex-row">
        {view.canModify && <button type="button" className={`${primaryButton} sm:w-auto`} onClick={view.openModify}>{t('result.changeAddress')}</button>}
        <button type="button" className={secondaryButton} onClick={view.searchAgain}>{t('result.searchAgain')}</button>
      </div>
    </div>
  );
}
