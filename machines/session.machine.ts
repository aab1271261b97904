/**
 * The session as a failed call leaves it (spec sections 4 and 8): the error catalogue applied to every call the site
 * makes. "Status 401 or 403 goes to /login"; "Response code 120087 (payment info expired): dialog; on confirm go home";
 * known business codes in a warning dialog with one button; blank-message codes show nothing; anything else a 5 s
 * toast. The screens never decide this: src/app/errorHandling.ts sends every failed call here and provides the
 * effects (dialog, toast, navigation, the session's cookie). It is loaded with the first call that fails, never on a
 * visitor's first load.
 */
import { setup } from 'xstate';
import { BLANK_CODES, DIALOG_CODES, PAYMENT_EXPIRED_CODE } from '../src/contract/errors';

/** A call the gateway (or the network) refused: its code, the server's message and the HTTP status. */
export interface FailedCall {
  code: string;
  message: string;
  status: number;
}

export type SessionEvent = { type: 'call.failed'; error: FailedCall } | { type: 'dialog.confirm' };

const failed = (event: SessionEvent): FailedCall | null => (event.type === 'call.failed' ? event.error : null);
const codeIn = (list: readonly string[], event: SessionEvent) => list.includes(failed(event)?.code ?? '');

/** The error catalogue's answer to a failed call, in the order spec section 8 and decision 0013 decide it. */
const catalogue = (expiredTarget: '#session.paymentExpired' | undefined) => [
  { guard: 'refusedAsCrossSite', actions: 'showDialog', description: 'Decision 0013: a change refused as cross-site (403 crossSiteRequest) is no sign of a lost session: its message is shown in a dialog and the customer stays logged in.' },
  { guard: 'sessionLost', target: '#session.sessionEnded', description: 'Spec section 4: "Status 401 or 403 goes to /login"; section 8: "401 unauthorized, log in again (to /login); 403 access denied (to /login)".' },
  expiredTarget
    ? { guard: 'paymentInfoExpired', target: expiredTarget, description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."' } as const
    : { guard: 'paymentInfoExpired', description: 'Spec section 4: "120087 (payment info expired): dialog; on confirm go home": its dialog is already open and waits for the confirmation; no second one.' } as const,
  { guard: 'blankMessage', description: 'Spec section 8: "Blank message: 90009, 90057, 120111, 120112, 120104, 120118, 120117": nothing is shown.' },
  { guard: 'knownCode', actions: 'showDialog', description: 'Spec section 8: "a code in the known list shows a warning dialog with message and one button".' },
  { actions: 'showToast', description: 'Spec section 7: "a failed response with an error description shows a toast for 5 seconds"; a transport failure shows its HTTP status message (section 8).' },
] as const;

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
  },
  guards: {
    refusedAsCrossSite: ({ event }) => failed(event)?.code === 'crossSiteRequest',
    sessionLost: ({ event }) => {
      const e = failed(event);
      return !!e && (e.status === 401 || e.status === 403 || e.code === 'unauthorized');
    },
    paymentInfoExpired: ({ event }) => failed(event)?.code === PAYMENT_EXPIRED_CODE,
    blankMessage: ({ event }) => codeIn(BLANK_CODES, event),
    knownCode: ({ event }) => codeIn(DIALOG_CODES, event),
  },
  actions: {
    // The effects are the site's (src/app/errorHandling.ts): these are their names.
    showDialog: () => undefined,
    showToast: () => undefined,
    showExpiredDialog: () => undefined,
    clearSession: () => undefined,
    goToLogin: () => undefined,
    goHome: () => undefined,
  },
}).createMachine({
  id: 'session',
  description: 'Spec section 8, the error catalogue, and section 4: what the customer sees when a call fails, and when the session ends.',
  initial: 'active',
  states: {
    active: {
      description: 'The customer (or a visitor) uses the site; every call that fails is answered by the error catalogue of spec section 8.',
      on: { 'call.failed': catalogue('#session.paymentExpired') },
    },
    paymentExpired: {
      description: 'Spec section 4: "120087 (payment info expired): dialog; on confirm go home." The dialog waits for the customer.',
      entry: 'showExpiredDialog',
      on: {
        'dialog.confirm': { target: 'active', actions: 'goHome', description: 'Spec section 4: "on confirm go home".' },
        // Another call failing meanwhile is answered as usual; the open dialog still waits for its confirmation.
        'call.failed': catalogue(undefined),
      },
    },
    sessionEnded: {
      description: 'Spec section 8: "401 unauthorized, log in again (to /login); 403 access denied (to /login)": the session is cleared, the reason shown, and the customer sent to /login with the page to come back to.',
      entry: ['clearSession', 'goToLogin'],
      always: { target: 'active', description: 'The customer is a visitor now, on the login page (or still on it).' },
    },
  },
});
