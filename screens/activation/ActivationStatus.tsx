/**
 * Where an activation stands (step 3 and the /personal card): the line, the number (new or being ported), the spec's
 * timings, and, when the losing carrier needs information, the correction in place (issue 4: "they fix the details
 * without starting over").
 */
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../src/domain/phone';
import { Notice, primaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { FORM_ERROR_ID, useFocusFirstError } from '../ui/useFocusFirstError';
import type { PortField } from '../../machines/activationForm';
import type { ThirdView } from './activation.connect';
import { PortFields } from './PortFields';
import { useWhenShownAgain } from './useWhenShownAgain';

const TONE = { progress: 'info', success: 'success', attention: 'warning', declined: 'error' } as const;
const FIELD_OF_REASON: Record<string, PortField | null> = { accountNumber: 'accountNumber', pin: 'pin', zipMismatch: 'accountZip', nameMismatch: null, notPortable: 'msisdn' };

export function ActivationStatus({ view, headingLevel = 2 }: { view: ThirdView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('activation');
  useWhenShownAgain(view.refresh);
  const a = view.activation;
  const s = view.summary;
  if (!a || !s) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-3">
      <Notice tone={TONE[s.tone]}>
        <Heading className="text-base font-semibold">{t(s.headline)}</Heading>
      </Notice>
      <dl className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        <div><dt>{t('status.iccid')}</dt><dd className="font-medium text-slate-900" translate="no">{a.iccid}</dd></div>
        <div><dt>{t('status.lineLabel')}</dt><dd className="font-medium text-slate-900">{t(s.lineKey)}</dd></div>
        {a.msisdn && (
          <div><dt>{t(a.numberKind !== 'port' ? 'status.newNumber' : a.portIn?.state === 'completed' ? 'status.yourNumber' : 'status.portNumber')}</dt><dd className="font-medium text-slate-900" translate="no">{formatPhone(a.msisdn)}</dd></div>
        )}
        {s.portKey && <div><dt>{t('status.portLabel')}</dt><dd className="font-medium text-slate-900">{t(s.portKey)}</dd></div>}
        {!s.global && <div><dt>{t('status.wifiLabel')}</dt><dd className="font-medium text-slate-900">{t(a.wifiCalling ? 'status.wifiOn' : 'status.wifiOff')}</dd></div>}
      </dl>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {s.tone !== 'success' && <li>{t('timing.effect')}</li>}
        {s.esim && <li>{t('timing.esim', { email: a.emailMasked })}</li>}
        {a.numberKind === 'port' && s.tone !== 'success' && <li>{t('timing.port')}</li>}
      </ul>
      {view.polling && <p role="status" className="text-sm text-slate-600">{t('status.polling')}</p>}
      {view.needsCorrection && <PortCorrection view={view} />}
    </div>
  );
}

export function PortCorrection({ view }: { view: ThirdView }) {
  const { t } = useTranslation('activation');
  const text = useText();
  useFocusFirstError(view.focusRequest, view.portErrorFields);
  const s = view.summary;
  const reason = view.activation?.portIn?.reason ?? null;
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); view.submitCorrection(); }} className="space-y-3 rounded-xl bg-amber-50/50 p-4 ring-1 ring-amber-200" aria-busy={view.correcting}>
      {s?.reasonKey && <p className="text-sm font-medium text-slate-900">{t(s.reasonKey)}</p>}
      {s?.carrierMessage && (
        <p className="text-sm text-slate-700">{t('correction.carrierSaid')} <q translate="no">{s.carrierMessage}</q></p>
      )}
      <p className="text-sm text-slate-700">{t('correction.intro')}</p>
      <fieldset disabled={view.correcting}>
        <PortFields values={view.port} errorsOf={view.portError} onChange={view.changePort} highlight={reason ? FIELD_OF_REASON[reason] : null}
          kept={view.activation?.portIn ? { accountNumberHint: view.activation.portIn.accountNumberHint } : null} />
      </fieldset>
      {view.formError && <Notice tone="error" id={FORM_ERROR_ID}>{text(view.formError)}</Notice>}
      <button type="submit" className={`${primaryButton} sm:w-auto`} aria-disabled={view.correcting}>{t(view.correcting ? 'correction.sending' : 'correction.submit')}</button>
    </form>
  );
}
