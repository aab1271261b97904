/**
 * /personal/security (issue 16, FCC 23-95): the number lock (while on, SIM changes and port-outs are refused), the
 * number transfer PIN a new carrier asks for (shown once), the SIM the line runs on with a way to change it, and every
 * port-out request received. The numberSecurity chart is the truth; this page is its picture.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatPacificDateTime } from '../../i18n';
import { AppLink, inspectFlow, numberSecurityFlow } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { cardClass as card } from '../ui/card';
import { linkClass, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { PageState } from './PageState';
import { ReauthPanel } from './ReauthPanel';
import { connectNumberSecurity, type NumberSecurityView } from './security.connect';


export default function SecurityScreen() {
  const { t, i18n } = useTranslation('security');
  const [snapshot, send] = useMachine(numberSecurityFlow, { inspect: inspectFlow });
  const view = connectNumberSecurity(snapshot, send);
  const info = view.info;
  const when = (iso: string) => formatPacificDateTime(iso, i18n.language);
  return (
    <div className="space-y-6" data-testid="number-security" data-state={view.state} data-locked={info?.numberLocked ? 'true' : 'false'}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </header>
      <PageState view={view} />
      {info && view.done && view.done !== 'pin' && <Notice tone="success">{t(`done.${view.done}`)}</Notice>}
      {info && (
        <>
          <section aria-labelledby="lock-title" className={`${card} space-y-3`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="lock-title" className="text-lg font-semibold text-slate-900">{t('lock.title')}</h2>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${info.numberLocked ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`} data-testid="lock-state">
                {t(info.numberLocked ? 'lock.on' : 'lock.off')}
              </span>
            </div>
            <p className="text-sm text-slate-700">{t('lock.body', { number: formatPhone(info.usNumber) })}</p>
            {info.numberLocked && info.lockedAt && <p className="text-xs text-slate-600">{t('lock.since', { at: when(info.lockedAt) })}</p>}
            {info.numberLocked
              ? view.action === 'unlock' ? <ReauthPanel view={view} /> : <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.start('unlock')}>{t('lock.turnOff')}</button>
              : <button type="button" className={`${primaryButton} sm:w-auto`} disabled={view.busy} onClick={view.lock}>{t('lock.turnOn')}</button>}
          </section>

          <section aria-labelledby="pin-title" className={`${card} space-y-3`}>
            <h2 id="pin-title" className="text-lg font-semibold text-slate-900">{t('pin.title')}</h2>
            <p className="text-sm text-slate-700">{t('pin.body')}</p>
            {view.pin && (
              <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200" role="status" data-testid="transfer-pin">
                <p className="text-sm text-emerald-950">{t('pin.shown', { at: when(view.pin.expiresAt) })}</p>
                <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                  <div><dt className="text-xs text-emerald-900">{t('pin.accountNumber')}</dt><dd className="font-mono text-lg font-semibold text-slate-900" translate="no">{view.pin.accountNumber}</dd></div>
                  <div><dt className="text-xs text-emerald-900">{t('pin.pin')}</dt><dd className="font-mono text-lg font-semibold text-slate-900" translate="no" data-testid="pin-value">{view.pin.pin}</dd></div>
                </dl>
                <button type="button" className={`mt-3 ${secondaryButton}`} onClick={view.hidePin}>{t('pin.hide')}</button>
              </div>
            )}
            {!view.pin && info.pin && <p className="text-sm text-slate-700">{t('pin.active', { at: when(info.pin.expiresAt) })}</p>}
            {info.numberLocked && <Notice tone="info">{t('pin.locked')}</Notice>}
            {view.action === 'pin' ? <ReauthPanel view={view} /> : <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.start('pin')}>{t(info.pin ? 'pin.again' : 'pin.create')}</button>}
          </section>

          <section aria-labelledby="sim-title" className={`${card} space-y-3`}>
            <h2 id="sim-title" className="text-lg font-semibold text-slate-900">{t('sim.title')}</h2>
            <p className="text-sm text-slate-700">{t(`sim.${info.simType}`, { end: info.iccidEnd })}</p>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <AppLink to="/person/conversionCard" className={linkClass}>{t('sim.change')}</AppLink>
              <AppLink to="/personal/upgradeNewCard" className={linkClass}>{t('sim.replace')}</AppLink>
            </p>
            <Changes view={view} />
          </section>

          <section aria-labelledby="requests-title" className={`${card} space-y-3`}>
            <h2 id="requests-title" className="text-lg font-semibold text-slate-900">{t('requests.title')}</h2>
            {info.portOutRequests.length === 0
              ? <p className="text-sm text-slate-700">{t('requests.none')}</p>
              : (
                <ul className="space-y-1 text-sm text-slate-700" data-testid="port-out-requests">
                  {info.portOutRequests.map((r, i) => (
                    <li key={i}>{when(r.at)} · {r.carrier} · {t(`requests.${r.outcome}`)}{r.reason ? ` (${t(`requests.reason.${r.reason}`)})` : ''}</li>
                  ))}
                </ul>
              )}
          </section>
        </>
      )}
    </div>
  );
}

function Changes({ view }: { view: NumberSecurityView }) {
  const { t, i18n } = useTranslation('security');
  const changes = view.info?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <ul className="space-y-1 text-xs text-slate-600">
      {changes.map((c, i) => <li key={i}>{formatPacificDateTime(c.at, i18n.language)} · {t(`sim.changed.${c.kind}`)}</li>)}
    </ul>
  );
}
