/**
 * /personal/wificall (issue 14): Wi-Fi calling's E911 address, shown and changed through the network, with the
 * emergency-address warning. The `wifiCalling` chart is the truth; this page is its picture.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatPacificDateTime } from '../../i18n';
import { inspectFlow, wifiCallingFlow } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { AddressLinesFields } from '../ui/AddressLinesFields';
import { Notice, primaryButton, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { connectWifiCalling } from './lineServices.connect';
import { card } from './parts';
import { Colon } from '../ui/Colon';

export default function WifiCallScreen() {
  const { t, i18n } = useTranslation('portalHome');
  const text = useText();
  const [snapshot, send] = useMachine(wifiCallingFlow, { inspect: inspectFlow });
  const view = connectWifiCalling(snapshot, send);
  const address = view.info?.e911 ?? null;
  return (
    <div className="space-y-6" data-testid="wifi-calling" data-state={view.state}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('wifi.title')}</h1>
        <p className="mt-1 text-slate-700">{t('wifi.intro')}</p>
      </header>
      <div role="note" aria-labelledby="e911-warning-title" className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
        <h2 id="e911-warning-title" className="font-semibold">{t('wifi.warningTitle')}</h2>
        <p className="mt-1 text-sm">{t('wifi.warning')}</p>
      </div>
      {view.loading && <div className={card} aria-busy="true"><span className="sr-only">{t('wifi.saving')}</span><div className="h-20 animate-pulse rounded-lg bg-slate-100" /></div>}
      {view.failed && (
        <div className={`${card} space-y-3`}>
          {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
          <button type="button" className={secondaryButton} onClick={view.retry}>{t('wifi.retry')}</button>
        </div>
      )}
      {view.info && !view.editing && (
        <section aria-labelledby="e911-address-title" className={card}>
          <h2 id="e911-address-title" className="text-base font-semibold text-slate-900">{t('wifi.address')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('wifi.line')}<Colon /><span className="font-medium text-slate-900">{formatPhone(view.info.msisdn)}</span></p>
          {view.saved && <div className="mt-3"><Notice tone="success">{t('wifi.saved')}</Notice></div>}
          {address ? (
            <address className="mt-3 not-italic text-slate-900" data-testid="e911-address" translate="no">
              <span className="block">{address.address1}</span>
              {address.address2 && <span className="block">{address.address2}</span>}
              <span className="block">{address.city}, {address.state} {address.zip}</span>
            </address>
          ) : <p className="mt-3 text-sm text-slate-700">{t('wifi.none')}</p>}
          {view.info.updatedAt && <p className="mt-2 text-xs text-slate-600">{t('wifi.updated')}<Colon />{formatPacificDateTime(view.info.updatedAt, i18n.language)}</p>}
          <button type="button" className={`mt-4 ${secondaryButton}`} onClick={view.edit}>{t(address ? 'wifi.change' : 'wifi.add')}</button>
        </section>
      )}
      {view.editing && (
        <form className={`${card} space-y-4`} noValidate aria-labelledby="e911-form-title" onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
          <h2 id="e911-form-title" className="text-base font-semibold text-slate-900">{t('wifi.formTitle')}</h2>
          <p className="text-sm text-slate-700">{t('wifi.country')}</p>
          {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
          <AddressLinesFields section="shipping" country="US" values={view.draft} fieldOf={(line) => `e911.${line}`}
            onChange={view.setField} errorsOf={view.errorsOf} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.busy} aria-busy={view.busy}>{t(view.busy ? 'wifi.saving' : 'wifi.save')}</button>
            <button type="button" className={secondaryButton} onClick={view.cancel} disabled={view.busy}>{t('wifi.cancel')}</button>
          </div>
        </form>
      )}
    </div>
  );
}
