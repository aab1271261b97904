/**
 * /activation/first, step 1 (spec section 2): the ICCID and the 6-digit activation code, and where the card was
 * bought (online, or from a store/dealer). Catalogue codes 120014-120023 show in a warning dialog with one button
 * (spec section 8), said once: there, with what to do next (a wrong code: the tries left), not under the form too.
 * Closing it puts focus on the field to check, without scrolling the steps away; what was typed is kept.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { showDialog, useHydrated } from '../../src/app/forScreens';
import { ChoiceGroup, FormSection, Notice, primaryButton, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import { FORM_ERROR_ID, focusFieldAfterDialog, useFocusFirstError } from '../ui/useFocusFirstError';
import { connectFirst } from './activation.connect';
import { ChinaPhoneEsimNotice } from './parts';
import { useActivation } from './useActivation';

export default function FirstScreen() {
  const { t, i18n } = useTranslation('activation');
  const text = useText();
  const { snapshot, send } = useActivation();
  const view = connectFirst(snapshot, send);
  // The form arrives as HTML (decision 0022): until the page is hydrated the browser would submit it by itself (the
  // code in the URL), so it cannot be sent yet; what is typed meanwhile is kept (src/app/main.tsx).
  const hydrated = useHydrated();
  useFocusFirstError(view.focusRequest, view.errorFields);

  // The eSIM email links here with ?iccid=: that card was bought online; its ICCID is typed in, the code is not.
  const [params] = useSearchParams();
  const linkedIccid = params.get('iccid');
  const prefilled = useRef(false);
  useEffect(() => {
    // Once the page is hydrated (it arrives as HTML, decision 0022): before, the form's chart is not listening yet.
    // Sent again until the chart has taken it (it may not be listening to the form on the first renders); once it
    // shows, never again, so a customer who clears it keeps it clear.
    if (!hydrated || prefilled.current || !linkedIccid || !/^\d{19}$/.test(linkedIccid)) return;
    if (view.values.iccid === linkedIccid) {
      prefilled.current = true;
      return;
    }
    if (view.values.iccid) return;
    view.setField('iccid', linkedIccid);
    view.setField('collected', 'online');
  }, [hydrated, linkedIccid, view]);

  // One dialog per refused check (a language change must not queue a second one).
  const shownFor = useRef(0);
  const problem = view.problem;
  useEffect(() => {
    if (!problem?.dialog || shownFor.current === view.focusRequest) return;
    shownFor.current = view.focusRequest;
    const field = problem.field;
    showDialog({
      // Chinese sentences follow one another without a space.
      title: t('first.dialogTitle'), message: [text(problem.message), problem.advice ? text(problem.advice) : ''].filter(Boolean).join(/^zh/.test(i18n.language) ? '' : ' '),
      confirmLabel: t('first.dialogOk'),
      onConfirm: field ? () => focusFieldAfterDialog(field) : undefined,
    });
  }, [problem, view.focusRequest, t, text, i18n.language]);

  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }} className="space-y-4" aria-busy={view.checking}>
      {view.notice && <Notice tone="info">{text(view.notice)}</Notice>}
      <FormSection title={t('first.heading')}>
        <p className="text-sm text-slate-700">{t('first.intro')}</p>
        <fieldset disabled={view.checking} className="space-y-4">
          <ChoiceGroup
            field="collected" legend={t('first.collected')} value={view.values.collected}
            options={[
              { value: 'online', label: t('first.online'), detail: t('first.onlineDetail') },
              { value: 'offline', label: t('first.offline'), detail: t('first.offlineDetail') },
            ]}
            onChange={(v) => view.setField('collected', v)} errors={view.fieldError('collected')} columns="grid-cols-1 sm:grid-cols-2"
          />
          <TextInput field="iccid" label={t('first.iccid')} value={view.values.iccid} inputMode="numeric" autoComplete="off" maxLength={24}
            hint={t('first.iccidHint')} onChange={(v) => view.setField('iccid', v)} errors={view.fieldError('iccid')} />
          <TextInput field="activationCode" label={t('first.code')} value={view.values.activationCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
            hint={t('first.codeHint')} onChange={(v) => view.setField('activationCode', v)} errors={view.fieldError('activationCode')} />
        </fieldset>
        {problem && !problem.dialog && (
          <Notice tone="error" id={FORM_ERROR_ID}>
            <span className="block">{text(problem.message)}</span>
            {problem.advice && <span className="mt-1 block">{text(problem.advice)}</span>}
          </Notice>
        )}
        <button type="submit" className={primaryButton} disabled={view.checking || !hydrated}>{t(view.checking ? 'first.checking' : 'first.submit')}</button>
      </FormSection>
      <ChinaPhoneEsimNotice />
      <p className="text-sm text-slate-700">{t('first.timing')}</p>
    </form>
  );
}
