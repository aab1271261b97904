/**
 * /plans/bundleResult/{orderNo} (spec section 2): order info, amounts, auto-renewal; eSIM QR codes (also emailed),
 * or "payment succeeded but eSIM allocation failed" explained; a physical SIM ships in 2-5 business days with a
 * link to tracking. Fulfilment is asynchronous (decision 0006): the chart reads the order until it leaves pending.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCalendarDay, formatPacificDateTime } from '../../i18n';
import type { BundleList } from '../../src/contract/catalog';
import type { OrderData } from '../../src/contract/orders';
import { usePackName, usePlanName } from './productLabel';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../src/app/forScreens';
import { EsimCodes } from './EsimCodes';
import { Notice, linkClass, primaryButton, secondaryButton } from '../ui/fields';
import { OrderAmounts } from './OrderReview';
import { activationKey, groupedIccid } from './activationCard';
import { PageTitle, Waiting } from './StepStates';
import { useCheckout } from './useCheckout';
import { VerbatimText } from '../ui/Verbatim';

/** Step 2 of activation: the activation chart reads the card again from its token and opens the step that fits it. */
const ACTIVATION_STEP_2 = '/activation/second';

function OrderInfo({ order, catalog }: { order: OrderData; catalog: BundleList | null }) {
  const { t, i18n } = useTranslation(['checkout', 'payment']);
  const packName = usePackName(catalog);
  const planName = usePlanName();
  const rows: [string, string, boolean?][] = [
    [t('result.info.orderNo'), order.orderNo, true],
    [t('result.info.plan'), order.kind === 'global' ? t('result.info.globalPack', { name: packName(order) }) : t('result.info.planMonths', { name: planName(order.planName), count: order.months })],
    order.activationIccid
      ? [t('activationPlan.card'), groupedIccid(order.activationIccid), true]
      : [t('result.info.sims'), t(`review.sim.${order.simType}`, { count: order.simCount })],
    [t('result.info.autoRenew'), t(order.autoRenew ? 'result.info.autoRenewOn' : 'result.info.autoRenewOff')],
    ...(order.payMethod ? [[t('result.info.paidBy'), t(`payment:methods.${order.payMethod}`)] as [string, string]] : []),
    ...(order.paidAt ? [[t('result.info.paidAt'), formatPacificDateTime(order.paidAt, i18n.language)] as [string, string]] : []),
    [t('result.info.email'), order.email, true],
  ];
  return <InfoRows rows={rows} />;
}

// [label, value, shown verbatim (an order number, what the buyer typed)]
function InfoRows({ rows, testId }: { rows: [string, string, boolean?][]; testId?: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid={testId}>
      {rows.map(([k, v, verbatim]) => <div key={k} className="contents"><dt className="font-medium text-slate-700">{k}</dt><dd className="text-slate-900 break-words" translate={verbatim ? 'no' : undefined}>{v}</dd></div>)}
    </dl>
  );
}

/** A day of the calendar (YYYY-MM-DD), written for the page's language, the same day in every zone. */

/**
 * Spec section 3 "Student info: school, grade, departure date, edu email" of a student order (decision 0045; README
 * "Buy as a student": the result shows the student details), as orderDetail answers them.
 */
function StudentInfo({ student }: { student: NonNullable<OrderData['student']> }) {
  const { t, i18n } = useTranslation('checkout');
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t('result.info.student')}</h3>
      <InfoRows testId="result-student" rows={[
        [t('student.school'), student.school, true],
        [t('student.grade'), t(`student.grades.${student.grade}`)],
        [t('student.departureDate'), formatCalendarDay(student.departureDate, i18n.language)],
        [t('student.eduEmail'), student.eduEmail, true],
      ]} />
    </div>
  );
}

/**
 * Issue 4, "current ICCID has no plan": the plan is on the card being activated; the customer goes back to the
 * activation, which reads the card again and now finds its plan (step 2).
 */
function ActivationPlanReady({ order, catalog }: { order: OrderData; catalog: BundleList | null }) {
  const { t } = useTranslation('checkout');
  const packName = usePackName(catalog);
  const planName = usePlanName();
  const plan = order.kind === 'global' ? packName(order) : planName(order.planName);
  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p><VerbatimText k={`checkout:${activationKey('resultBody', order.kind === 'global' ? 'global' : 'us')}`} values={{ plan, last4: (order.activationIccid ?? '').slice(-4) }} /></p>
      <Link to={ACTIVATION_STEP_2} className={`${primaryButton} sm:w-auto`} data-testid="continue-activation">{t('activationPlan.continue')}</Link>
    </div>
  );
}

function Fulfilment({ order, pending, emailFollows }: { order: OrderData; pending: boolean; emailFollows: boolean }) {
  const { t } = useTranslation('checkout');
  const trackingUrl = `/tracking/search?${new URLSearchParams({ orderNo: order.orderNo, email: order.email }).toString()}`;
  if (order.simType === 'physical') {
    return (
      <div className="space-y-2 text-sm text-slate-800">
        <p>{t(order.logisticsStatus === 'shipped' ? 'result.physical.shipped' : 'result.physical.ships', { count: order.simCount })}</p>
        <p>{t('result.physical.activate')}</p>
        <Link to={trackingUrl} className={linkClass}>{t('result.physical.track')}</Link>
      </div>
    );
  }
  if (order.fulfilment === 'esim_failed') {
    return (
      <Notice tone="warning">
        <p className="font-semibold">{t('result.esim.failedTitle')}</p>
        <p className="mt-1"><VerbatimText k="checkout:result.esim.failedBody" values={{ email: order.email }} /></p>
        <p className="mt-1">{t('result.esim.failedContact', { email: SUPPORT_EMAIL, phone: SUPPORT_PHONE })}</p>
      </Notice>
    );
  }
  if (pending || order.esims.length === 0) {
    return <p className="text-sm text-slate-800" role="status" aria-live="polite"><VerbatimText k={emailFollows ? 'checkout:result.esim.emailFollows' : 'checkout:result.esim.preparing'} values={{ email: order.email }} /></p>;
  }
  return <EsimCodes order={order} />;
}

export default function BundleResultScreen() {
  const { t } = useTranslation('checkout');
  const { snapshot, view } = useCheckout();
  const order = view.order;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10" data-testid="checkout" data-state={JSON.stringify(snapshot.value)}>
      {view.step !== 'paid' || !order ? <Waiting /> : (
        <div className="space-y-6">
          <div className="flex items-start gap-3">
            <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" className="mt-1 shrink-0 text-emerald-600"><circle cx="12" cy="12" r="11" fill="currentColor" /><path d="M7 12.5l3 3 7-7" stroke="white" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" /></svg>
            <div>
              <PageTitle>{t('result.title')}</PageTitle>
              <p className="mt-1 text-sm text-slate-700"><VerbatimText k="checkout:result.confirmationSent" values={{ email: order.email }} /></p>
            </div>
          </div>
          <section aria-labelledby="result-next" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="result-next" className="text-lg font-semibold text-slate-900">{t(order.activationIccid ? activationKey('resultTitle', order.kind === 'global' ? 'global' : 'us') : order.simType === 'esim' ? 'result.esim.title' : 'result.physical.title')}</h2>
            <div className="mt-3">
              {order.activationIccid
                ? <ActivationPlanReady order={order} catalog={view.catalog} />
                : <Fulfilment order={order} pending={view.fulfilmentPending} emailFollows={view.emailFollows} />}
            </div>
          </section>
          <section aria-labelledby="result-order" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="result-order" className="text-lg font-semibold text-slate-900">{t('result.info.title')}</h2>
            <div className="mt-3"><OrderInfo order={order} catalog={view.catalog} /></div>
            {order.student && <StudentInfo student={order.student} />}
            <div className="mt-4 border-t border-slate-200 pt-4"><OrderAmounts order={order} catalog={view.catalog} /></div>
          </section>
          <div className="flex flex-wrap gap-3">
            <Link to="/" className={secondaryButton}>{t('result.home')}</Link>
            {!order.activationIccid && <button type="button" className={secondaryButton} onClick={view.newOrder}>{t('result.buyAgain')}</button>}
          </div>
        </div>
      )}
    </div>
  );
}
