/**
 * "Is it you?" (issue 16, FCC 23-95): before anything that could move the number, a code to the line or, when the
 * line is lost, to the account's email, and the account's password. Shown in place of the action's button, on the
 * number security pages (ReauthPanel) and the new SIM card page (ReauthForm with its own reason and confirmation).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReauthChannel, SentCode } from '../../machines/numberSecurity.machine';
import { Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { useText, type Text } from '../ui/text';
import type { NumberSecurityView } from './security.connect';

export interface ReauthFormProps {
  /** Why it is asked, and what the confirm button does. */
  reason: string;
  confirmLabel: string;
  /** The cancel button's words (default: Cancel). */
  cancelLabel?: string;
  problem: Text | null;
  choosingChannel: boolean;
  answering: boolean;
  busy: boolean;
  submitting: boolean;
  sent: SentCode | null;
  values: { code: string; password: string };
  errorsOf: (field: 'code' | 'password') => Text[];
  sendCode: (channel: ReauthChannel) => void;
  again: () => void;
  cancel: () => void;
  submit: () => void;
  setField: (field: 'code' | 'password', value: string) => void;
}

export function ReauthForm(props: ReauthFormProps) {
  const { t } = useTranslation('security');
  const text = useText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, [props.reason]);
  const cancelLabel = props.cancelLabel ?? t('reauth.cancel');
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby="reauth-title" className="space-y-4 rounded-2xl bg-blue-50 p-5 ring-1 ring-blue-200" data-testid="reauth">
      <div>
        <h3 id="reauth-title" className="font-semibold text-slate-900">{t('reauth.title')}</h3>
        <p className="mt-1 text-sm text-slate-700">{props.reason}</p>
      </div>
      {props.problem && <Notice tone="error">{text(props.problem)}</Notice>}
      {props.choosingChannel && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={`${primaryButton} sm:w-auto`} disabled={props.busy} onClick={() => props.sendCode('sms')}>{t('reauth.sms')}</button>
          <button type="button" className={secondaryButton} disabled={props.busy} onClick={() => props.sendCode('email')}>{t('reauth.email')}</button>
          <button type="button" className={secondaryButton} disabled={props.busy} onClick={props.cancel}>{cancelLabel}</button>
        </div>
      )}
      {props.answering && (
        <form className="space-y-3" noValidate onSubmit={(e) => { e.preventDefault(); props.submit(); }}>
          {props.sent && <p className="text-sm text-slate-700" role="status">{t(`reauth.sent.${props.sent.channel}`, { to: props.sent.to, minutes: Math.round(props.sent.expiresInSeconds / 60) })}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput field="code" label={t('reauth.code')} value={props.values.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
              onChange={(v) => props.setField('code', v)} errors={props.errorsOf('code')} />
            <TextInput field="password" label={t('reauth.password')} type="password" value={props.values.password} autoComplete="current-password"
              onChange={(v) => props.setField('password', v)} errors={props.errorsOf('password')} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={props.busy} aria-busy={props.submitting}>{props.confirmLabel}</button>
            <button type="button" className={secondaryButton} disabled={props.busy} onClick={props.again}>{t('reauth.again')}</button>
            <button type="button" className={secondaryButton} disabled={props.busy} onClick={props.cancel}>{cancelLabel}</button>
          </div>
        </form>
      )}
    </div>
  );
}

export function ReauthPanel({ view }: { view: NumberSecurityView }) {
  const { t } = useTranslation('security');
  if (!view.action) return null;
  return (
    <ReauthForm reason={t(`reauth.why.${view.action}`)} confirmLabel={t(`reauth.confirm.${view.action}`)} problem={view.problem}
      choosingChannel={view.choosingChannel} answering={view.answering} busy={view.busy} submitting={view.performing} sent={view.sent}
      values={view.values} errorsOf={view.errorsOf} sendCode={view.sendCode} again={view.again} cancel={view.cancel} submit={view.submit} setField={view.setField} />
  );
}
