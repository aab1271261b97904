/**
 * /personal/autosubscription/subscription (issue 15): the line's auto-renewal, opened with the terms, closed after a
 * confirmation, by the session or by the signed link of a renewal email (decision 0027). The `autoRenewalPage` chart
 * is the truth; this page is its picture.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { AppLink, autoRenewalPageFlow, inspectFlow } from '../../src/app/forScreens';
import { CheckboxField, ChoiceGroup, linkClass, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { Colon } from '../ui/Colon';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

export default function AutoRenewalScreen() {
  const { t, i18n } = useTranslation('portalPlan');
  const text = useText();
  const [params] = useSearchParams();
  const [snapshot, send] = useMachine(autoRenewalPageFlow, { input: { token: params.get('token') }, inspect: inspectFlow });
  const [method, setMethod] = useState<'card' | 'balance'>('card');
  const [terms, setTerms] = useState(false);
  const { info, problem, saved } = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.matches('changing');
  const change = (c: Parameters<typeof send>[0] extends infer E ? E extends { type: 'renewal.change'; change: infer C } ? C : never : never) => send({ type: 'renewal.change', change: c });
  const date = (iso: string | null) => (iso ? formatPacificDateTime(iso, i18n.language) : '—');
  const problemWords = problem ? (problem.code === 'autoRenewalTerms' ? { key: 'portalPlan:refusal.terms' } : problemText(problem)) : null;
  const renews = info && (info.state.startsWith('open') || info.state === 'closing');
  const chosen = info?.hasCard ? method : 'balance';
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8" data-testid="auto-renewal" data-state={state}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </header>
      {snapshot.matches('loading') && <div className={card} aria-busy="true"><div className="h-20 animate-pulse rounded-lg bg-slate-100" /></div>}
      {snapshot.matches('failed') && (
        <div className={`${card} space-y-3`}>
          {problemWords && <Notice tone="error">{text(problemWords)}</Notice>}
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'page.retry' })}>{t('page.retry')}</button>
        </div>
      )}
      {snapshot.matches('linkInvalid') && (
        <div className={`${card} space-y-3`}>
          <Notice tone="warning">{t('page.linkInvalid')}</Notice>
          <AppLink to="/login" className={linkClass}>{t('page.logIn')}</AppLink>
        </div>
      )}
      {info && (snapshot.matches('showing') || busy) && (
        <section aria-labelledby="renewal-state" className={`${card} space-y-4`}>
          <h2 id="renewal-state" className="text-base font-semibold text-slate-900">
            {t('page.state')}<Colon /><span data-testid="renewal-state">{t(`state.${info.state}`)}</span>
          </h2>
          {saved && <Notice tone="success">{t('page.saved')}</Notice>}
          {problemWords && <Notice tone="error">{text(problemWords)}</Notice>}
          {info.maintenance && <Notice tone="info">{t('page.maintenance', { time: date(info.maintenanceEndsAt) })}</Notice>}
          <dl className="space-y-1 text-sm text-slate-700">
            {info.planName && <div className="flex justify-between gap-4"><dt>{t('page.plan')}</dt><dd className="font-medium text-slate-900">{info.planName}</dd></div>}
            <div className="flex justify-between gap-4"><dt>{t('page.expires')}</dt><dd className="font-medium text-slate-900" data-testid="renewal-expires">{date(info.expiresAt)}</dd></div>
            {renews && <div className="flex justify-between gap-4"><dt>{t('page.next')}</dt><dd className="font-medium text-slate-900" data-testid="renewal-next">{date(info.nextRenewalAt)}</dd></div>}
            {renews && info.amountCents !== null && <div className="flex justify-between gap-4"><dt>{t('page.amount')}</dt><dd className="font-medium text-slate-900">{formatMoney(info.amountCents, i18n.language)}</dd></div>}
            {info.method && renews && <div className="flex justify-between gap-4"><dt>{t('page.method')}</dt><dd className="font-medium text-slate-900">{t(`method.${info.method}`)}</dd></div>}
          </dl>
          {(info.state === 'notOpen' || info.state === 'closed') && (
            <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); change({ action: 'open', method: chosen, termsAccepted: terms }); }}>
              <ChoiceGroup field="method" legend={t('page.payWith')} value={chosen} onChange={setMethod} errors={[]}
                options={[...(info.hasCard ? [{ value: 'card' as const, label: t('method.card') }] : []), { value: 'balance' as const, label: t('method.balance') }]} />
              {!info.hasCard && <p className="text-sm text-slate-700">{t('page.noCard')} <AppLink to="/mybank" className={linkClass}>{t('page.addCard')}</AppLink></p>}
              <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800"><h3 className="font-semibold">{t('terms.title')}</h3><p className="mt-1">{t('terms.body')}</p></div>
              <CheckboxField field="termsAccepted" checked={terms} onChange={setTerms} errors={problem?.code === 'autoRenewalTerms' ? [{ key: 'portalPlan:refusal.terms' }] : []}>{t('terms.accept')}</CheckboxField>
              <button type="submit" className={primaryButton} disabled={busy || info.maintenance} aria-busy={busy}>{t('page.open')}</button>
            </form>
          )}
          {info.state.startsWith('open') && (
            <div className="flex flex-wrap gap-3">
              {info.hasCard && <button type="button" className={secondaryButton} disabled={busy || info.maintenance}
                onClick={() => change({ action: 'changeMethod', method: info.state === 'open.card' ? 'balance' : 'card' })}>
                {t(info.state === 'open.card' ? 'page.useBalance' : 'page.useCard')}</button>}
              <button type="button" className={secondaryButton} disabled={busy || info.maintenance} onClick={() => change({ action: 'requestClose' })}>{t('page.close')}</button>
            </div>
          )}
          {info.state === 'closing' && (
            <div role="alertdialog" aria-labelledby="confirm-close" className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
              <h3 id="confirm-close" className="font-semibold text-amber-950">{t('page.confirmTitle')}</h3>
              <p className="text-sm text-amber-950">{t('page.confirmBody', { date: date(info.expiresAt) })}</p>
              <div className="flex flex-wrap gap-3">
                <button type="button" className={secondaryButton} disabled={busy || info.maintenance} onClick={() => change({ action: 'confirmClose' })}>{t('page.confirm')}</button>
                <button type="button" className={secondaryButton} disabled={busy || info.maintenance} onClick={() => change({ action: 'keepOpen' })}>{t('page.keep')}</button>
              </div>
            </div>
          )}
          <p className="text-xs text-slate-600">{t('terms.nonRefundable')}</p>
        </section>
      )}
    </div>
  );
}
