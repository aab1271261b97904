/**
 * /aboutUs/contactUs (spec sections 1 and 2; issue 18): the ways to reach customer service (611 from our phones, the
 * support line and email, 24/7 in English, Mandarin and Cantonese) and the contact form, run by the contactForm chart:
 * checked by the schema the gateway uses, nothing typed lost on a refusal or a failure, a reference when sent.
 */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, contactFormFlow, inspectFlow, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '../../src/app/forScreens';
import { CONTACT_TOPICS, ENQUIRY_LIMITS } from '../../src/contract/enquiries';
import { legalHref } from '../legal';
import { FormSection, linkClass, primaryButton, SelectInput, TextInput } from '../ui/fields';
import { CompanyTabs } from './CompanyTabs';
import { fieldErrors, FormProblem, RobotField, SentPanel, TextArea, useFocusAfterSubmit } from './parts';

export default function ContactUsScreen() {
  const { t, i18n } = useTranslation('company');
  const [snapshot, send] = useMachine(contactFormFlow, { inspect: inspectFlow });
  const [submits, setSubmits] = useState(0);
  const c = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const v = (field: string) => String(c.values[field] ?? '');
  const change = (field: string) => (value: string) => send({ type: 'fields.change', values: { [field]: value } });
  useFocusAfterSubmit(c, state, submits);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" data-testid="contact-us" data-state={state}>
      <CompanyTabs current="/aboutUs/contactUs" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('contact.title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('contact.lead')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-ways" className="space-y-4">
          <h2 id="contact-ways" className="text-xl font-bold text-slate-900">{t('contact.ways')}</h2>
          <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{t('contact.call611')}</p>
            <p className="text-3xl font-bold text-blue-800" translate="no">611</p>
            <p className="mt-1 text-sm text-slate-700">{t('contact.call611Detail')}</p>
          </div>
          <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{t('contact.phone')}</p>
            <a href={`tel:${SUPPORT_PHONE_TEL}`} className={`text-lg ${linkClass}`} translate="no">{SUPPORT_PHONE}</a>
            <p className="mt-1 text-sm text-slate-700">{t('contact.phoneDetail')}</p>
          </div>
          <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{t('contact.email')}</p>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`break-all ${linkClass}`} translate="no">{SUPPORT_EMAIL}</a>
            <p className="mt-1 text-sm text-slate-700">{t('contact.emailDetail')}</p>
          </div>
          <p className="text-sm font-semibold text-slate-700">{t('contact.languages')}</p>
        </section>

        {state === 'sent' ? (
          <SentPanel title={t('contact.sentTitle')} text={t('contact.sent', { reference: c.reference ?? '' })} again={t('contact.again')}
            onAgain={() => send({ type: 'form.again' })} />
        ) : (
          <form noValidate className="relative" onSubmit={(e) => { e.preventDefault(); setSubmits((n) => n + 1); send({ type: 'form.submit' }); }}>
            <FormSection title={t('contact.formTitle')}>
              <p className="text-sm text-slate-700">{t('contact.formIntro')}</p>
              <TextInput field="name" label={t('contact.name')} value={v('name')} onChange={change('name')} errors={fieldErrors(c, 'name')} autoComplete="name" maxLength={ENQUIRY_LIMITS.name} />
              <TextInput field="email" type="email" label={t('contact.emailField')} value={v('email')} onChange={change('email')} errors={fieldErrors(c, 'email')} autoComplete="email" inputMode="email" />
              <TextInput field="phone" type="tel" label={t('contact.phoneField')} hint={t('contact.phoneHint')} optional value={v('phone')} onChange={change('phone')} errors={fieldErrors(c, 'phone')} autoComplete="tel" inputMode="tel" />
              <SelectInput field="topic" label={t('contact.topic')} placeholder={t('contact.topicPlaceholder')} value={v('topic')} onChange={change('topic')} errors={fieldErrors(c, 'topic')}
                options={CONTACT_TOPICS.map((k) => ({ value: k, label: t(`contact.topics.${k}`) }))} />
              <TextArea field="message" label={t('contact.message')} hint={t('contact.messageHint')} value={v('message')} onChange={change('message')} errors={fieldErrors(c, 'message')} maxLength={ENQUIRY_LIMITS.message.max} rows={6} />
              <RobotField value={v('website')} onChange={change('website')} />
              <FormProblem context={c} failedKey={state === 'failed' ? 'contact.failed' : null} />
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{busy ? t('contact.sending') : t('contact.submit')}</button>
              <p className="text-xs text-slate-600">
                <AppLink to={legalHref('privacy', i18n.language)} className={linkClass}>{t('contact.privacy')}</AppLink>
              </p>
            </FormSection>
          </form>
        )}
      </div>
    </div>
  );
}
