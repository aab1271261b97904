/**
 * /person/scanInstall and /global/scanInstall (issue 14): the current eSIM's QR code, SM-DP+ address and matching
 * ID with install steps for iPhone and Android, after re-authentication (whoever scans it gets the eSIM). The
 * `esimInstall` chart is the truth; this page is its picture.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation } from 'react-router-dom';
import type { PortalData } from '../../src/contract/pageData';
import { esimInstallFlow, inspectFlow } from '../../src/app/forScreens';
import { CopyButton } from '../ui/CopyButton';
import { Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { QrCode } from '../ui/QrCode';
import { useText } from '../ui/text';
import { connectEsimInstall } from './lineServices.connect';
import { card, Facts } from './parts';

function Steps({ platform }: { platform: 'iphone' | 'android' }) {
  const { t } = useTranslation('portalHome');
  return (
    <section aria-labelledby={`${platform}-steps`} className="rounded-xl bg-slate-50 p-4">
      <h3 id={`${platform}-steps`} className="text-sm font-semibold text-slate-900">{t(`install.${platform}Title`)}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {[1, 2, 3, 4].map((n) => <li key={n}>{t(`install.${platform}${n}`)}</li>)}
      </ol>
    </section>
  );
}

function InstallFlow({ line, hasPassword }: { line: 'us' | 'global'; hasPassword: boolean }) {
  const { t } = useTranslation('portalHome');
  const text = useText();
  const [snapshot, send] = useMachine(esimInstallFlow, { input: { line, hasPassword }, inspect: inspectFlow });
  const view = connectEsimInstall(snapshot, send);
  const d = view.details;
  return (
    <div className="space-y-6" data-testid="esim-install" data-state={view.state}>
      {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
      {view.asking && (
        <section aria-labelledby="install-where" className={card}>
          <h2 id="install-where" className="text-base font-semibold text-slate-900">{t('install.whereTitle')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('install.whereIntro')}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            {line === 'us' && (
              <button type="button" className={`${primaryButton} sm:w-auto`} disabled={view.busy} onClick={() => view.sendCode('sms')}>
                {t(view.sending && view.channel === 'sms' ? 'install.sending' : 'install.bySms')}
              </button>
            )}
            <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.sendCode('email')}>
              {t(view.sending && view.channel === 'email' ? 'install.sending' : 'install.byEmail')}
            </button>
          </div>
        </section>
      )}
      {view.answering && (
        <form className={`${card} space-y-4`} noValidate aria-labelledby="install-answer" onSubmit={(e) => { e.preventDefault(); view.reveal(); }}>
          <h2 id="install-answer" className="text-base font-semibold text-slate-900">{t('install.whereTitle')}</h2>
          {view.sent && <Notice tone="info">{t('install.sentTo', { to: view.sent.to })}</Notice>}
          <TextInput field="code" label={t('install.code')} value={view.values.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
            onChange={(v) => view.setField('code', v)} errors={view.errorsOf('code')} />
          {view.hasPassword
            ? <TextInput field="password" type="password" label={t('install.password')} value={view.values.password} autoComplete="current-password"
              onChange={(v) => view.setField('password', v)} errors={view.errorsOf('password')} />
            : <p className="text-sm text-slate-700">{t('install.noPassword')}</p>}
          <button type="submit" className={primaryButton} disabled={view.busy} aria-busy={view.busy}>{t(view.busy ? 'install.checking' : 'install.show')}</button>
          <div className="flex flex-wrap gap-3">
            {line === 'us' && <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.sendCode('sms')}>{t('install.resendSms')}</button>}
            <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.sendCode('email')}>{t('install.resendEmail')}</button>
          </div>
        </form>
      )}
      {view.shown && d && (
        <section aria-labelledby="install-details" className={`${card} space-y-4`}>
          <h2 id="install-details" className="text-base font-semibold text-slate-900">{t('install.title')}</h2>
          <div className="flex flex-col gap-6 md:flex-row">
            <QrCode text={d.activationCode} alt={t('install.qrAlt')} size={220} />
            <div className="min-w-0 flex-1 space-y-3">
              <Facts rows={[
                [t('install.iccid'), <span className="font-mono">{d.iccid}</span>],
                [t('install.smdp'), <span className="font-mono break-all" data-testid="smdp-address">{d.smdpAddress}</span>],
                [t('install.matchingId'), <span className="font-mono break-all" data-testid="matching-id">{d.matchingId}</span>],
              ]} />
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span>{t('install.lpa')}:</span>
                <code className="break-all rounded bg-slate-100 px-1 text-xs text-slate-900" data-testid="lpa">{d.activationCode}</code>
                <CopyButton value={d.activationCode} label={t('install.copy')} />
              </div>
            </div>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Steps platform="iphone" />
            <Steps platform="android" />
          </div>
          <button type="button" className={secondaryButton} onClick={view.hide}>{t('install.hide')}</button>
        </section>
      )}
    </div>
  );
}

export default function ScanInstallScreen() {
  const { t } = useTranslation('portalHome');
  const line = useLocation().pathname.startsWith('/global/') ? 'global' : 'us';
  const data = useLoaderData() as PortalData | undefined;
  const home = data?.home ?? null;
  const sim = home?.sim && home.sim.kind === line ? home.sim : null;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('install.title')}</h1>
        <p className="mt-1 text-slate-700">{t('install.intro')}</p>
      </header>
      <div role="note" aria-labelledby="install-warning" className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
        <h2 id="install-warning" className="font-semibold">{t('install.warningTitle')}</h2>
        <p className="mt-1 text-sm">{t('install.warning')}</p>
      </div>
      {sim?.type === 'physical'
        ? <p role="status" className={`${card} text-slate-700`}>{t('install.physical')}</p>
        : <InstallFlow line={line} hasPassword={home?.hasPassword ?? true} />}
    </div>
  );
}
