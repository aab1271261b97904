/**
 * "Is it you?" (issue 16, FCC 23-95): before anything that could move the number, a code to the line or, when the
 * line is lost, to the account's email, and the account's password. Shown in place of the action's button.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import type { NumberSecurityView } from './security.connect';

export function ReauthPanel({ view }: { view: NumberSecurityView }) {
  const { t } = useTranslation('security');
  const text = useText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, [view.action]);
  if (!view.action) return null;
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby="reauth-title" className="space-y-4 rounded-2xl bg-blue-50 p-5 ring-1 ring-blue-200" data-testid="reauth">
      <div>
        <h3 id="reauth-title" className="font-semibold text-slate-900">{t('reauth.title')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t(`reauth.why.${view.action}`)}</p>
      </div>
      {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
      {view.choosingChannel && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={`${primaryButton} sm:w-auto`} disabled={view.busy} onClick={() => view.sendCode('sms')}>{t('reauth.sms')}</button>
          <button type="button" className={secondaryButton} disabled={view.busy} onClick={() => view.sendCode('email')}>{t('reauth.email')}</button>
          <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.cancel}>{t('reauth.cancel')}</button>
        </div>
      )}
      {view.answering && (
        <form className="space-y-3" noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
          {view.sent && <p className="text-sm text-slate-700" role="status">{t(`reauth.sent.${view.sent.channel}`, { to: view.sent.to, minutes: Math.round(view.sent.expiresInSeconds / 60) })}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput field="code" label={t('reauth.code')} value={view.values.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
              onChange={(v) => view.setField('code', v)} errors={view.errorsOf('code')} />
            <TextInput field="password" label={t('reauth.password')} type="password" value={view.values.password} autoComplete="current-password"
              onChange={(v) => view.setField('password', v)} errors={view.errorsOf('password')} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.busy} aria-busy={view.performing}>{t(`reauth.confirm.${view.action}`)}</button>
            <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.again}>{t('reauth.again')}</button>
            <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.cancel}>{t('reauth.cancel')}</button>
          </div>
        </form>
      )}
    </div>
  );
}
