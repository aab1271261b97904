/**
 * From the login chart's snapshot to what the /login screen shows (the zag "connect" pattern): no React,
 * testable alone. The screen is a plain picture of this.
 */
import type { LoginContext, LoginEvent, LoginField } from '../../machines/login.machine';
import { passwordChecklist } from '../ui/passwordRules';
import { messageFirstText, type Text } from '../ui/text';

export type LoginPath = 'smsLogin' | 'passwordLogin' | 'register' | 'reset';
export type LoginStep =
  | 'phone' | 'sendingCode' | 'code' | 'checkingRegistered' | 'alreadyRegistered' | 'notRegistered'
  | 'newPassword' | 'saving' | 'password' | 'loggedIn';

interface SnapshotLike {
  value: unknown;
  context: LoginContext;
  status: string;
  matches(value: never): boolean;
}

/** Errors of these codes belong to one field; the rest are shown on the form. */
const FIELD_OF_CODE: Record<string, LoginField> = {
  captchaWrong: 'captcha',
  codeWrong: 'code', codeExpired: 'code', codeLocked: 'code',
  passwordRule: 'newPassword', passwordMismatch: 'confirmPassword',
  '90068': 'password',
};

const leafOf = (value: unknown): { path: LoginPath; rest: unknown } | null => {
  const page = (value as { loginPage?: { path?: Record<string, unknown> } }).loginPage;
  const path = page?.path;
  if (!path) return null;
  const [key] = Object.keys(path) as LoginPath[];
  return key ? { path: key, rest: path[key] } : null;
};

export function connect(snapshot: SnapshotLike, send: (event: LoginEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const done = snapshot.status === 'done';
  const leaf = leafOf(snapshot.value);
  const path: LoginPath = leaf?.path ?? 'passwordLogin';
  const rest = leaf?.rest;
  const inCode = typeof rest === 'object' && rest !== null && 'enteringCode' in rest;
  const step: LoginStep = done ? 'loggedIn'
    : path === 'passwordLogin' ? 'password'
      : inCode ? 'code'
        : rest === 'enteringPhone' ? 'phone'
          : rest === 'sendingCode' ? 'sendingCode'
            : rest === 'settingPassword' ? 'newPassword'
              : (rest as LoginStep);

  const captchaState = done ? 'ready' : is({ loginPage: { captcha: 'ready' } }) ? 'ready' : is({ loginPage: { captcha: 'failed' } }) ? 'failed' : 'loading';
  const resendState = !inCode ? null
    : is({ loginPage: { path: { [path]: { enteringCode: { resend: 'ready' } } } } }) ? 'ready'
      : is({ loginPage: { path: { [path]: { enteringCode: { resend: 'sending' } } } } }) ? 'sending' : 'waiting';
  const codeBusy = inCode && (is({ loginPage: { path: { [path]: { enteringCode: { entry: 'submitting' } } } } })
    || is({ loginPage: { path: { [path]: { enteringCode: { entry: 'checking' } } } } }));
  const busy = step === 'sendingCode' || step === 'checkingRegistered' || step === 'saving' || codeBusy
    || is({ loginPage: { path: { passwordLogin: 'submitting' } } }) || done;

  // A call's error goes next to its field when it is about one; otherwise on the form.
  const problemField = c.problem ? FIELD_OF_CODE[c.problem.code] : undefined;
  const fieldError = (field: LoginField): Text[] => [
    ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
    ...(c.problem && problemField === field ? [messageFirstText(c.problem)] : []),
  ];
  const needsCaptcha = step === 'phone' || step === 'password' || step === 'newPassword' || resendState === 'ready';

  return {
    path,
    step,
    busy,
    values: { phone: c.phone, captcha: c.captcha, code: c.code, username: c.username, password: c.password, newPassword: c.newPassword, confirmPassword: c.confirmPassword },
    fieldError,
    formError: c.problem && !problemField ? messageFirstText(c.problem) : null,
    notice: c.notice ? { key: `login:notice.${c.notice}` } : null,
    captcha: { state: captchaState as 'loading' | 'ready' | 'failed', image: c.captchaImage, needed: needsCaptcha },
    /** The resend button stays focusable while it waits (aria-disabled); the wait is said once (waitSeconds), the seconds left shown to the eye. */
    resend: resendState
      ? { state: resendState as 'waiting' | 'ready' | 'sending', secondsLeft: c.resendSecondsLeft, waitSeconds: resendState === 'waiting' ? c.resendWaitSeconds : null }
      : null,
    checklist: step === 'newPassword' ? passwordChecklist(c.newPassword, c.confirmPassword) : [],
    token: done ? (snapshot as { output?: { token?: string } }).output?.token ?? c.token : null,

    setField: (field: LoginField, value: string) => send({ type: 'field.change', field, value }),
    choosePath: (p: LoginPath) => send({ type: `path.${p}` }),
    refreshCaptcha: () => send({ type: 'captcha.refresh' }),
    /** Sends from the phone step, or resends once the countdown is over; nothing while a send runs or the wait lasts. */
    sendCode: () => { if (step === 'phone' || resendState === 'ready') send({ type: 'code.send', phone: c.phone, captcha: c.captcha }); },
    submitCode: () => send({ type: 'code.submit', code: c.code }),
    editPhone: () => send({ type: 'phone.edit' }),
    submitPassword: () => send({ type: 'password.submit', username: c.username, password: c.password, captcha: c.captcha }),
    submitNewPassword: () => send({ type: 'newPassword.submit', newPassword: c.newPassword, confirmPassword: c.confirmPassword, captcha: c.captcha }),
  };
}

export type LoginView = ReturnType<typeof connect>;
