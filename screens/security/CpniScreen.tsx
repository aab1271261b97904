/**
 * /cpni-out (spec section 2: "no header or footer"; issue 16): the CPNI opt-out, logged out. The line is proven by a
 * code sent to it; the answer to "send a code" is the same for any number.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { cpniOptOutFlow, inspectFlow, LanguageSwitch } from '../../src/app/forScreens';
import { formatPacificDateTime } from '../../i18n';
import { Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { problemText, useText } from '../ui/text';

export default function CpniScreen() {
  const { t, i18n } = useTranslation('security');
  const text = useText();
  const [snapshot, send] = useMachine(cpniOptOutFlow, { inspect: inspectFlow });
  const c = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const errors = (field: 'phone' | 'code') => (c.fieldErrors[field] ?? []).map((key) => ({ key }));
  return (
    <div className="min-h-screen bg-slate-100 px-4 py-10" data-testid="cpni" data-state={state}>
      <div className="mx-auto max-w-lg space-y-6">
        <div className="flex items-center justify-between">
          <p className="font-semibold text-slate-900">{t('cpni.brand')}</p>
          <LanguageSwitch />
        </div>
        <section aria-labelledby="cpni-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h1 id="cpni-title" className="text-2xl font-bold text-slate-900">{t('cpni.title')}</h1>
          <p className="text-sm text-slate-700">{t('cpni.intro')}</p>
          {c.problem && <Notice tone="error">{text(problemText(c.problem))}</Notice>}
          {(state === 'enteringPhone' || state === 'sendingCode') && (
            <form className="space-y-3" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'code.send' }); }}>
              <TextInput field="phone" label={t('cpni.phone')} type="tel" inputMode="tel" autoComplete="tel" value={c.phone}
                onChange={(v) => send({ type: 'field.change', field: 'phone', value: v })} errors={errors('phone')} />
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{t('cpni.send')}</button>
            </form>
          )}
          {(state === 'choosing' || state === 'saving') && (
            <form className="space-y-3" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'choice.submit' }); }}>
              <p className="text-sm text-slate-700" role="status">{t('cpni.sent')}</p>
              <TextInput field="code" label={t('cpni.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={c.code}
                onChange={(v) => send({ type: 'field.change', field: 'code', value: v })} errors={errors('code')} />
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-800">{t('cpni.choice')}</legend>
                {[true, false].map((optOut) => (
                  <label key={String(optOut)} className="flex items-start gap-2 text-sm text-slate-800">
                    <input type="radio" name="optOut" checked={c.optOut === optOut} onChange={() => send({ type: 'choice.change', optOut })} className="mt-1" />
                    <span>{t(optOut ? 'cpni.optOut' : 'cpni.optIn')}</span>
                  </label>
                ))}
              </fieldset>
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={busy} aria-busy={busy}>{t('cpni.save')}</button>
                <button type="button" className={secondaryButton} disabled={busy} onClick={() => send({ type: 'code.again' })}>{t('cpni.again')}</button>
              </div>
            </form>
          )}
          {state === 'saved' && (
            <div className="space-y-3">
              <Notice tone="success">{t(c.optOut ? 'cpni.savedOut' : 'cpni.savedIn', { at: c.savedAt ? formatPacificDateTime(c.savedAt, i18n.language) : '' })}</Notice>
              <button type="button" className={secondaryButton} onClick={() => send({ type: 'code.again' })}>{t('cpni.change')}</button>
            </div>
          )}
        </section>
        <p className="text-xs text-slate-600">{t('cpni.law')}</p>
      </div>
    </div>
  );
}
