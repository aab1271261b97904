/**
 * /phone-detection (spec section 2; section 3 "Phone check: brand, model, IMEI"; issue 18): the form, and the
 * gateway's answer (machines/phoneCheck). What was typed stays, with each field's error next to it.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectFlow, phoneCheckFlow } from '../../src/app/forScreens';
import { cardClass } from '../ui/card';
import { Notice, primaryButton, TextInput } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { useFocusFirstError } from '../ui/useFocusFirstError';
import { fieldErrorTexts } from './phoneCheck.connect';
import { PhoneCheckResult } from './PhoneCheckResult';

export default function PhoneCheckScreen() {
  const { t } = useTranslation('phoneCheck');
  const text = useText();
  const [snapshot, send] = useMachine(phoneCheckFlow, { inspect: inspectFlow });
  const c = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (c.problem) problemRef.current?.querySelector<HTMLElement>('[role]')?.focus(); }, [c.problem]);
  const change = (field: 'brand' | 'model' | 'imei') => (value: string) => send({ type: 'field.change', field, value });
  // After a refused submit, focus goes to the first field in error.
  const [submits, setSubmits] = useState(0);
  useFocusFirstError(submits, (['brand', 'model', 'imei'] as const).filter((f) => (c.fieldErrors[f] ?? []).length > 0));

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:py-14" data-testid="phone-check" data-state={JSON.stringify(snapshot.value)}>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-base text-slate-700">{t('intro')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <section aria-labelledby="phone-form" className={cardClass}>
            <h2 id="phone-form" className="text-lg font-semibold text-slate-900">{t('form.title')}</h2>
            <form className="mt-4 space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'check.submit' }); setSubmits((n) => n + 1); }}>
              {c.problem && <div ref={problemRef}><Notice tone="error">{text(problemText(c.problem))}</Notice></div>}
              <TextInput field="brand" label={t('form.brand')} hint={t('form.brandHint')} value={c.brand} onChange={change('brand')} errors={fieldErrorTexts(c, 'brand')} maxLength={40} />
              <TextInput field="model" label={t('form.model')} hint={t('form.modelHint')} value={c.model} onChange={change('model')} errors={fieldErrorTexts(c, 'model')} maxLength={80} />
              <TextInput field="imei" label={t('form.imei')} hint={t('form.imeiHint')} value={c.imei} onChange={change('imei')} errors={fieldErrorTexts(c, 'imei')}
                inputMode="numeric" autoComplete="off" maxLength={40} />
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{busy ? t('form.checking') : t('form.submit')}</button>
            </form>
          </section>
          {snapshot.matches('answered') && <PhoneCheckResult context={c} onAgain={() => send({ type: 'check.again' })} />}
        </div>
        <aside aria-labelledby="phone-where" className="self-start rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 id="phone-where" className="text-lg font-semibold text-slate-900">{t('where.title')}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(['dial', 'iphone', 'android', 'dual'] as const).map((k) => <li key={k}>{t(`where.${k}`)}</li>)}
          </ul>
        </aside>
      </div>
    </div>
  );
}
