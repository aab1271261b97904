/** From the changePassword chart's snapshot to what /resetpwd shows (zag "connect" pattern). */
import type { ChangePasswordContext, ChangePasswordEvent, ChangePasswordField } from '../../machines/changePassword.machine';
import { passwordChecklist } from '../ui/passwordRules';
import { messageFirstText, type Text } from '../ui/text';

interface SnapshotLike { context: ChangePasswordContext; status: string; matches(value: never): boolean }

const FIELD_OF_CODE: Record<string, ChangePasswordField> = {
  captchaWrong: 'captcha', passwordOldWrong: 'oldPassword', passwordRule: 'newPassword', passwordSameAsOld: 'newPassword', passwordMismatch: 'confirmPassword',
};

export function connectChangePassword(snapshot: SnapshotLike, send: (e: ChangePasswordEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const problemField = c.problem ? FIELD_OF_CODE[c.problem.code] : undefined;
  return {
    changed: snapshot.status === 'done',
    busy: is({ changing: { form: 'saving' } }),
    values: { oldPassword: c.oldPassword, newPassword: c.newPassword, confirmPassword: c.confirmPassword, captcha: c.captcha },
    fieldError: (field: ChangePasswordField): Text[] => [
      ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
      ...(c.problem && problemField === field ? [messageFirstText(c.problem)] : []),
    ],
    formError: c.problem && !problemField ? messageFirstText(c.problem) : null,
    captcha: { state: (is({ changing: { captcha: 'ready' } }) ? 'ready' : is({ changing: { captcha: 'failed' } }) ? 'failed' : 'loading') as 'ready' | 'failed' | 'loading', image: c.captchaImage },
    checklist: [
      ...passwordChecklist(c.newPassword, c.confirmPassword),
      { rule: 'sameAsOld', met: c.newPassword.length > 0 && c.newPassword !== c.oldPassword },
    ],
    setField: (field: ChangePasswordField, value: string) => send({ type: 'field.change', field, value }),
    refreshCaptcha: () => send({ type: 'captcha.refresh' }),
    submit: () => send({ type: 'password.submit', oldPassword: c.oldPassword, newPassword: c.newPassword, confirmPassword: c.confirmPassword, captcha: c.captcha }),
  };
}
