/**
 * The error catalogue of spec section 8, applied to a failed call.
 * - HTTP 401/403: clear the session and go to /login (with the current page to come back to); but a change refused
 *   as cross-site (403 crossSiteRequest, decision 0013) is no sign of a lost session: its message in a dialog.
 * - 120087 payment info expired: dialog, then home.
 * - Known business codes: warning dialog with the message and one button.
 * - Blank-message codes: nothing.
 * - Transport failures: the HTTP status message; any other code: the server's message, both in a 5 s toast.
 */
import { BLANK_CODES, DIALOG_CODES, PAYMENT_EXPIRED_CODE, errorMessageKey, httpMessageKey } from '../contract/errors';

export interface FailedCall {
  code: string;
  message: string;
  status: number;
}

export interface ErrorEffects {
  /** Translates `ns:key`; answers null when the key does not exist. */
  translate(key: string): string | null;
  showDialog(opts: { message: string; onConfirm?: () => void }): void;
  showToast(message: string): void;
  clearSession(): void;
  navigate(to: string): void;
  currentPath(): string;
  loginPath(redirect: string): string;
}

export type ErrorOutcome = 'login' | 'paymentExpired' | 'dialog' | 'blank' | 'toast';

const isIn = (list: readonly string[], code: string) => list.includes(code);

export function classifyError(e: FailedCall): ErrorOutcome {
  if (e.code === 'crossSiteRequest') return 'dialog';
  if (e.status === 401 || e.status === 403 || e.code === 'unauthorized') return 'login';
  if (e.code === PAYMENT_EXPIRED_CODE) return 'paymentExpired';
  if (isIn(BLANK_CODES, e.code)) return 'blank';
  if (isIn(DIALOG_CODES, e.code)) return 'dialog';
  return 'toast';
}

/** The words to show: the catalogue text in the active language, else the server's message. */
export function messageFor(e: FailedCall, translate: ErrorEffects['translate']): string {
  if (e.code === 'http') {
    return translate(`errors:${httpMessageKey(e.status)}`) ?? translate(`errors:${httpMessageKey(500)}`) ?? e.message;
  }
  const byCode = translate(`errors:${errorMessageKey(e.code)}`);
  if (isIn(DIALOG_CODES, e.code)) return byCode ?? e.message;
  // "others: 5 s toast with the server's message"; the server answers in the request's language.
  return e.message || byCode || translate(`errors:${httpMessageKey(e.status || 500)}`) || '';
}

export function handleError(e: FailedCall, fx: ErrorEffects): ErrorOutcome {
  const outcome = classifyError(e);
  switch (outcome) {
    case 'login': {
      const here = fx.currentPath();
      const message = translateStatus(e, fx);
      fx.clearSession();
      if (message) fx.showToast(message);
      if (!here.startsWith('/login')) fx.navigate(fx.loginPath(here));
      break;
    }
    case 'paymentExpired':
      fx.showDialog({ message: messageFor(e, fx.translate), onConfirm: () => fx.navigate('/') });
      break;
    case 'dialog':
      fx.showDialog({ message: messageFor(e, fx.translate) });
      break;
    case 'blank':
      break;
    case 'toast':
      fx.showToast(messageFor(e, fx.translate));
      break;
  }
  return outcome;
}

const translateStatus = (e: FailedCall, fx: ErrorEffects): string =>
  fx.translate(`errors:${httpMessageKey(e.status === 403 ? 403 : 401)}`) ?? e.message;
