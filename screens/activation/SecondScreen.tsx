/**
 * Step 2 (spec section 2): /activation/second (a US card bought online), /activation/secondOffline (from a store or
 * dealer), /activation/global/second (the global data SIM: data only, no number, no Wi-Fi calling). "choose new number
 * or port-in, personal info, Wi-Fi calling with E911 address, sync-register account".
 */
import { useTranslation } from 'react-i18next';
import { FormSection, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { FORM_ERROR_ID, useFocusFirstError } from '../ui/useFocusFirstError';
import { connectSecond } from './activation.connect';
import { AccountSection, PersonalSection, WifiCallingSection } from './FormSections';
import { NumberSection } from './NumberSection';
import { ChinaPhoneEsimNotice } from './parts';
import { useActivation } from './useActivation';

export default function SecondScreen() {
  const { t } = useTranslation('activation');
  const text = useText();
  const { snapshot, send } = useActivation();
  const view = connectSecond(snapshot, send);
  useFocusFirstError(view.focusRequest, view.errorFields);
  const card = view.card;

  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }} className="space-y-4" aria-busy={view.submitting}>
      {view.notice && <Notice tone="info">{text(view.notice)}</Notice>}
      {card && (
        <section aria-labelledby="activation-card" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="activation-card" className="text-lg font-semibold text-slate-900">{t(view.global ? 'second.globalHeading' : view.offline ? 'second.offlineHeading' : 'second.heading')}</h2>
          <dl className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
            <div><dt>{t('second.iccid')}</dt><dd className="font-medium text-slate-900" translate="no">{card.iccid}</dd></div>
            <div><dt>{t('second.simType')}</dt><dd className="font-medium text-slate-900">{t(`second.simTypes.${card.simType}`)}</dd></div>
            {card.plan && <div><dt>{t('second.plan')}</dt><dd className="font-medium text-slate-900" translate="no">{card.plan.name}</dd></div>}
          </dl>
          {view.offline && <p className="mt-3 text-sm text-slate-700">{t('second.offlineNote')}</p>}
          {view.global && <p className="mt-3 text-sm text-slate-700">{t('second.globalNote')}</p>}
          <button type="button" className={`mt-4 ${secondaryButton}`} onClick={view.forgetCard} disabled={view.submitting}>{t('second.otherCard')}</button>
        </section>
      )}
      {view.esim && <ChinaPhoneEsimNotice />}
      <fieldset disabled={view.submitting} className="space-y-4">
        {!view.global && <NumberSection view={view} />}
        <PersonalSection view={view} />
        {!view.loggedIn && <AccountSection view={view} />}
        {!view.global && <WifiCallingSection view={view} />}
      </fieldset>
      <FormSection title={t('second.submitHeading')}>
        <p className="text-sm text-slate-700">{t(view.global ? 'second.timingGlobal' : view.esim ? 'second.timingEsim' : 'second.timing')}</p>
        {view.draft.numberKind === 'port' && !view.global && <p className="text-sm text-slate-700">{t('second.timingPort')}</p>}
        {view.formError && <Notice tone="error" id={FORM_ERROR_ID}>{text(view.formError)}</Notice>}
        <button type="submit" className={primaryButton} aria-disabled={view.submitting}>{t(view.submitting ? 'second.submitting' : 'second.submit')}</button>
      </FormSection>
    </form>
  );
}
