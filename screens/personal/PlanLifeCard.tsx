/**
 * /personal (issue 15): when the line is suspended, first of all what to pay and by when, with the way back (a top-up,
 * the existing top-up flow, which the recovery follows, or paying from the balance now), or, suspended by customer
 * service, their reason; then the page's own cards (`children`); then the line's auto-renewal (state, next renewal
 * date and amount).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { AppLink, usePlanLife } from '../../src/app/forScreens';
import { Notice } from '../ui/fields';
import { Card, pill } from './parts';

export function PlanLifeCard({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation(['portalPlan', 'errors']);
  const { state, recover, recoverProblem } = usePlanLife(enabled);
  if (!enabled || state.status !== 'ready') return <>{children}</>;
  const { autoRenewal: a, service: s } = state.life;
  const lang = i18n.language;
  const renews = a.state.startsWith('open') || a.state === 'closing';
  return (
    <div className="space-y-6" data-testid="plan-life" data-renewal={a.state} data-service={s.state}>
      {s.state === 'suspended.unpaid' && s.toPayCents !== null && (
        <section aria-labelledby="suspended-title" className="rounded-2xl bg-rose-50 p-6 ring-1 ring-rose-300">
          <h2 id="suspended-title" className="text-base font-semibold text-rose-950">{t('portalPlan:home.suspendedTitle')}</h2>
          <p className="mt-2 text-sm text-rose-950" data-testid="suspension">
            {t('portalPlan:home.suspended', { total: formatMoney(s.toPayCents, lang), fee: formatMoney(s.feeCents ?? 0, lang), date: formatPacificDateTime(s.payBy!, lang) })}
          </p>
          {recoverProblem && <div className="mt-3"><Notice tone="error">{t(`errors:code.${recoverProblem}`)}</Notice></div>}
          <div className="mt-4 flex flex-wrap gap-3">
            <AppLink to="/personal/pay/changeAccount" className={`${pill} bg-amber-400 text-slate-900 hover:bg-amber-300`}>{t('portalPlan:home.topUp')}</AppLink>
            <button type="button" className={`${pill} border border-rose-300 bg-white text-rose-950 hover:bg-rose-100`} onClick={() => { void recover(); }}>{t('portalPlan:home.payNow')}</button>
          </div>
          <p className="mt-3 text-sm"><AppLink to="/personal/protect" className="font-medium text-rose-950 underline">{t('portalPlan:home.keep')}</AppLink></p>
        </section>
      )}
      {s.state === 'suspended.kept' && s.toPayCents !== null && (
        <section aria-labelledby="kept-title" className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-300" data-testid="number-kept">
          <h2 id="kept-title" className="text-base font-semibold text-amber-950">{t('portalPlan:home.keptTitle')}</h2>
          <p className="mt-2 text-sm text-amber-950">{t('portalPlan:home.kept', { total: formatMoney(s.toPayCents, lang), fee: formatMoney(s.feeCents ?? 0, lang) })}</p>
          {recoverProblem && <div className="mt-3"><Notice tone="error">{t(`errors:code.${recoverProblem}`)}</Notice></div>}
          <div className="mt-4 flex flex-wrap gap-3">
            <AppLink to="/personal/protect" className={`${pill} bg-amber-400 text-slate-900 hover:bg-amber-300`}>{t('portalPlan:home.keeping')}</AppLink>
            <button type="button" className={`${pill} border border-amber-300 bg-white text-amber-950 hover:bg-amber-100`} onClick={() => { void recover(); }}>{t('portalPlan:home.payNow')}</button>
          </div>
        </section>
      )}
      {s.state === 'suspended.byStaff' && (
        <div data-testid="suspension-by-staff">
          <Notice tone="warning">
            {t('portalPlan:home.byStaff')}
            {s.reason && <span className="mt-1 block">{t('portalPlan:home.byStaffReason', { reason: s.reason })}</span>}
          </Notice>
        </div>
      )}
      {children}
      <Card id="auto-renewal-title" title={t('portalPlan:home.title')}
        action={<AppLink to="/personal/autosubscription/subscription" className={`${pill} border border-slate-300 text-slate-900 hover:bg-slate-50`}>{t('portalPlan:home.manage')}</AppLink>}>
        <dl className="space-y-1 text-sm text-slate-700">
          <div className="flex justify-between gap-4"><dt>{t('portalPlan:page.state')}</dt><dd className="font-medium text-slate-900" data-testid="home-renewal-state">{t(`portalPlan:state.${a.state}`)}</dd></div>
          {a.expiresAt && <div className="flex justify-between gap-4"><dt>{t('portalPlan:page.expires')}</dt><dd className="font-medium text-slate-900" data-testid="home-expires">{formatPacificDateTime(a.expiresAt, lang)}</dd></div>}
          {renews && a.nextRenewalAt && <div className="flex justify-between gap-4"><dt>{t('portalPlan:page.next')}</dt><dd className="font-medium text-slate-900" data-testid="home-next-renewal">{formatPacificDateTime(a.nextRenewalAt, lang)}</dd></div>}
          {renews && a.amountCents !== null && <div className="flex justify-between gap-4"><dt>{t('portalPlan:page.amount')}</dt><dd className="font-medium text-slate-900">{formatMoney(a.amountCents, lang)}</dd></div>}
        </dl>
      </Card>
    </div>
  );
}
