/**
 * The error catalogue of spec section 8, applied to a failed call by the session chart (machines/session.machine.ts),
 * which decides; this file provides its effects and the words.
 * - HTTP 401/403: clear the session and go to /login (with the current page to come back to); but a change refused
 *   as cross-site (403 crossSiteRequest, decision 0013) is no sign of a lost session: its message in a dialog.
 * - 120087 payment info expired: dialog, then home.
 * - Known business codes: warning dialog with the message and one button.
 * - Blank-message codes: nothing.
 * - Transport failures: the HTTP status message; any other code: the server's message, both in a 5 s toast.
 * src/app/api.ts loads this module (and the chart) with the first call that fails: a visitor's first load has neither.
 */
import { createActor, type Actor } from 'xstate';
import { DIALOG_CODES, errorMessageKey, httpMessageKey } from '../contract/errors';
import { sessionMachine, type FailedCall, type SessionEvent } from '../../machines/session.machine';

export type { FailedCall };

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

/** Where the session chart's catalogue sends a failed call, named (its guards, in their order). */
export function classifyError(e: FailedCall): ErrorOutcome {
  const event: SessionEvent = { type: 'call.failed', error: e };
  const [taken] = sessionMachine.getTransitionData(sessionMachine.resolveState({ value: 'active', context: {} }), event);
  const named = taken?.guard as string | { type?: string } | undefined;
  const guard = typeof named === 'string' ? named : named?.type;
  switch (guard) {
    case 'refusedAsCrossSite': case 'knownCode': return 'dialog';
    case 'sessionLost': return 'login';
    case 'paymentInfoExpired': return 'paymentExpired';
    case 'blankMessage': return 'blank';
    default: return 'toast';
  }
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

/** The session chart of a site (one per set of effects), with the effects the chart names. */
const sessions = new WeakMap<ErrorEffects, Actor<typeof sessionMachine>>();

function sessionFor(fx: ErrorEffects): Actor<typeof sessionMachine> {
  const existing = sessions.get(fx);
  if (existing) return existing;
  const errorOf = (event: SessionEvent) => (event as { error: FailedCall }).error;
  const actor = createActor(sessionMachine.provide({
    actions: {
      showDialog: ({ event }) => fx.showDialog({ message: messageFor(errorOf(event), fx.translate) }),
      showToast: ({ event }) => fx.showToast(messageFor(errorOf(event), fx.translate)),
      showExpiredDialog: ({ event }) => fx.showDialog({ message: messageFor(errorOf(event), fx.translate), onConfirm: () => actor.send({ type: 'dialog.confirm' }) }),
      clearSession: ({ event }) => {
        const message = translateStatus(errorOf(event), fx);
        fx.clearSession();
        if (message) fx.showToast(message);
      },
      goToLogin: () => {
        const here = fx.currentPath();
        if (!here.startsWith('/login')) fx.navigate(fx.loginPath(here));
      },
      goHome: () => fx.navigate('/'),
    },
  }));
  actor.start();
  sessions.set(fx, actor);
  return actor;
}

/** Sends a failed call to the session chart, which applies the catalogue; answers what the chart did, named. */
export function handleError(e: FailedCall, fx: ErrorEffects): ErrorOutcome {
  const outcome = classifyError(e);
  sessionFor(fx).send({ type: 'call.failed', error: e });
  return outcome;
}

const translateStatus = (e: FailedCall, fx: ErrorEffects): string =>
  fx.translate(`errors:${httpMessageKey(e.status === 403 ? 403 : 401)}`) ?? e.message;
