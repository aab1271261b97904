/** /resetpwd by SMS code (spec section 5: "Reset by old password or SMS code"), over the passwordBySms chart. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inspectFlow, passwordBySmsFlow } from '../../src/app/forScreens';
import type { PasswordBySmsField } from '../../machines/passwordBySms.machine';
import { Field, FormMessage, PasswordChecklist, primaryButton, secondaryButton } from '../ui/compactForm';
import { passwordChecklist } from '../ui/passwordRules';
import { messageFirstText, useText, type Text } from '../ui/text';

const FIELD_OF_CODE: Record<string, PasswordBySmsField> = { codeWrong: 'code', codeExpired: 'code', codeLocked: 'code' };

export function PasswordBySmsSection() {
  const { t } = useTranslation('portalProfile');
  const text = useText();
  const [snapshot, send] = useMachine(passwordBySmsFlow, { inspect: inspectFlow });
  const c = snapshot.context;
  const problemField = c.problem ? FIELD_OF_CODE[c.problem.code] : undefined;
  const errors = (field: PasswordBySmsField): Text[] => [
    ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
    ...(c.problem && problemField === field ? [messageFirstText(c.problem)] : []),
  ];
  const set = (field: PasswordBySmsField) => (value: string) => send({ type: 'field.change', field, value });
  const sending = snapshot.matches('sending');
  const saving = snapshot.matches('saving');
  const codeSent = snapshot.matches('codeSent') || saving;

  const state = JSON.stringify(snapshot.value);
  if (snapshot.status === 'done') return <div data-testid="password-by-sms" data-state={state}><FormMessage tone="success">{t('bySms.done')}</FormMessage></div>;
  return (
    <form className="space-y-4" data-testid="password-by-sms" data-state={state} noValidate onSubmit={(e) => { e.preventDefault(); send({ type: codeSent ? 'password.submit' : 'code.send' }); }}>
      <p className="text-sm text-slate-700">{t('bySms.intro')}</p>
      {c.problem && !problemField && <FormMessage tone="error">{text(messageFirstText(c.problem))}</FormMessage>}
      {codeSent ? (
        <>
          {c.phoneMasked && <FormMessage tone="info">{t('bySms.sentTo', { phone: c.phoneMasked })}</FormMessage>}
          <Field name="code" label={t('bySms.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus
            value={c.code} onChange={set('code')} errors={errors('code')}
            after={<button type="button" className={secondaryButton} disabled={sending || saving} onClick={() => send({ type: 'code.send' })}>{t('bySms.resend')}</button>} />
          <Field name="newPassword" type="password" autoComplete="new-password" label={t('bySms.newPassword')} value={c.newPassword} onChange={set('newPassword')} errors={errors('newPassword')} />
          <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('bySms.confirmPassword')} value={c.confirmPassword} onChange={set('confirmPassword')} errors={errors('confirmPassword')} />
          <PasswordChecklist items={passwordChecklist(c.newPassword, c.confirmPassword)} />
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>{t(saving ? 'common.saving' : 'bySms.submit')}</button>
        </>
      ) : (
        <button type="submit" className={primaryButton} disabled={sending} aria-busy={sending}>{t(sending ? 'bySms.sending' : 'bySms.send')}</button>
      )}
    </form>
  );
}
