/**
 * /agent (spec section 2; section 3, "Dealer application: store name, country (USA or China), state, city, names,
 * phone, email, how heard, why interested, optional extra"; section 6, "Dealers need a physical retail store"): the
 * dealer application, run by the dealerApplication chart. A store in the USA picks its state; one in China types its
 * province. One open application per email: a second one answers 90056 on the form, with everything kept.
 */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dealerApplicationFlow, inspectFlow } from '../../src/app/forScreens';
import { DEALER_COUNTRIES, ENQUIRY_LIMITS, HOW_HEARD } from '../../src/contract/enquiries';
import { US_STATE_CODES } from '../../src/domain/usStates';
import { CheckboxField, ChoiceGroup, FormSection, primaryButton, SelectInput, TextInput } from '../ui/fields';
import { Check } from '../ui/Section';
import { CompanyTabs } from './CompanyTabs';
import { fieldErrors, FormProblem, RobotField, SentPanel, TextArea, useFocusAfterSubmit } from './parts';

export default function AgentScreen() {
  const { t, i18n } = useTranslation('company');
  const { t: states } = useTranslation('usStates');
  const [snapshot, send] = useMachine(dealerApplicationFlow, { inspect: inspectFlow });
  const [submits, setSubmits] = useState(0);
  const c = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const v = (field: string) => String(c.values[field] ?? '');
  const change = (field: string) => (value: string) => send({ type: 'fields.change', values: { [field]: value } });
  const inUsa = c.values.country !== 'CN';
  useFocusAfterSubmit(c, state, submits);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" data-testid="agent" data-state={state}>
      <CompanyTabs current="/agent" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('agent.title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('agent.lead')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.6fr]">
        <div className="space-y-6">
          <section aria-labelledby="agent-why">
            <h2 id="agent-why" className="text-xl font-bold text-slate-900">{t('agent.whyTitle')}</h2>
            <ul className="mt-3 space-y-3">
              {(['why1', 'why2', 'why3'] as const).map((k) => <li key={k} className="flex gap-3 text-slate-700"><Check /><span>{t(`agent.${k}`)}</span></li>)}
            </ul>
          </section>
          <section aria-labelledby="agent-need" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
            <h2 id="agent-need" className="font-bold text-slate-900">{t('agent.needTitle')}</h2>
            <p className="mt-2 text-slate-800">{t('agent.need')}</p>
          </section>
        </div>

        {state === 'sent' ? (
          <SentPanel title={t('agent.sentTitle')} text={t('agent.sent', { reference: c.reference ?? '' })} again={t('agent.again')} onAgain={() => send({ type: 'form.again' })} />
        ) : (
          <form noValidate className="relative space-y-6" onSubmit={(e) => { e.preventDefault(); setSubmits((n) => n + 1); send({ type: 'form.submit' }); }}>
            <h2 className="sr-only">{t('agent.formTitle')}</h2>
            <FormSection title={t('agent.storeSection')}>
              <TextInput field="storeName" label={t('agent.storeName')} value={v('storeName')} onChange={change('storeName')} errors={fieldErrors(c, 'storeName')} autoComplete="organization" maxLength={ENQUIRY_LIMITS.store} />
              <ChoiceGroup field="country" legend={t('agent.country')} value={inUsa ? 'US' : 'CN'} errors={fieldErrors(c, 'country')}
                options={DEALER_COUNTRIES.map((k) => ({ value: k, label: t(`agent.countries.${k}`) }))}
                onChange={(country) => send({ type: 'fields.change', values: { country, state: '' } })} />
              {inUsa ? (
                <SelectInput field="state" label={t('agent.state')} placeholder={t('agent.statePlaceholder')} value={v('state')} onChange={change('state')} errors={fieldErrors(c, 'state')}
                  options={US_STATE_CODES.map((code) => ({ value: code, label: states(code) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language))} />
              ) : (
                <TextInput field="state" label={t('agent.province')} hint={t('agent.provinceHint')} value={v('state')} onChange={change('state')} errors={fieldErrors(c, 'state')} maxLength={ENQUIRY_LIMITS.place} />
              )}
              <TextInput field="city" label={t('agent.city')} value={v('city')} onChange={change('city')} errors={fieldErrors(c, 'city')} autoComplete="address-level2" maxLength={ENQUIRY_LIMITS.place} />
            </FormSection>
            <FormSection title={t('agent.youSection')}>
              <div className="grid gap-4 sm:grid-cols-2">
                {/* English writes the given name first; Chinese the family name. */}
                {(i18n.language === 'en' ? ['firstName', 'lastName'] as const : ['lastName', 'firstName'] as const).map((f) => (
                  <TextInput key={f} field={f} label={t(`agent.${f}`)} value={v(f)} onChange={change(f)} errors={fieldErrors(c, f)}
                    autoComplete={f === 'firstName' ? 'given-name' : 'family-name'} maxLength={ENQUIRY_LIMITS.name} />
                ))}
              </div>
              <TextInput field="phone" type="tel" label={t('agent.phoneField')} hint={t('agent.phoneHint')} value={v('phone')} onChange={change('phone')} errors={fieldErrors(c, 'phone')} autoComplete="tel" inputMode="tel" />
              <TextInput field="email" type="email" label={t('agent.emailField')} value={v('email')} onChange={change('email')} errors={fieldErrors(c, 'email')} autoComplete="email" inputMode="email" />
              <SelectInput field="howHeard" label={t('agent.howHeard')} placeholder={t('agent.howHeardPlaceholder')} value={v('howHeard')} onChange={change('howHeard')} errors={fieldErrors(c, 'howHeard')}
                options={HOW_HEARD.map((k) => ({ value: k, label: t(`agent.howHeardOptions.${k}`) }))} />
              <TextArea field="whyInterested" label={t('agent.whyInterested')} hint={t('agent.whyHint')} value={v('whyInterested')} onChange={change('whyInterested')} errors={fieldErrors(c, 'whyInterested')} maxLength={ENQUIRY_LIMITS.reason.max} rows={4} />
              <TextArea field="extra" label={t('agent.extra')} optional value={v('extra')} onChange={change('extra')} errors={fieldErrors(c, 'extra')} maxLength={ENQUIRY_LIMITS.extra} rows={3} />
              <CheckboxField field="physicalStore" checked={c.values.physicalStore === true} errors={fieldErrors(c, 'physicalStore')}
                onChange={(checked) => send({ type: 'fields.change', values: { physicalStore: checked } })}>
                {t('agent.physicalStore')}
              </CheckboxField>
              <RobotField value={v('website')} onChange={change('website')} />
              <FormProblem context={c} failedKey={state === 'failed' ? 'agent.failed' : null} />
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{busy ? t('agent.sending') : t('agent.submit')}</button>
            </FormSection>
          </form>
        )}
      </div>
    </div>
  );
}
