/**
 * Logout (spec section 4): "Logout: confirm, then call the exit endpoint. On code '200' clear token and user
 * data, show the message, go home; otherwise show an error message."
 * Pure: the confirmation dialog, the exit call and the session are named actors and actions the host provides
 * (src/app/flows/logout.tsx).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { exit } from '../src/contract/auth';
import type { DataOf } from '../src/contract/endpoint';

export type LogoutEvent = { type: 'logout.request' } | { type: 'logout.confirm' } | { type: 'logout.cancel' };

export interface LogoutContext {
  /** The failed exit call, for the error message. */
  error: unknown;
}

export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
    events: {} as LogoutEvent,
  },
  actors: {
    /** Asks the customer; sends back logout.confirm or logout.cancel. */
    askConfirmation: fromCallback<LogoutEvent>(() => undefined),
    /** DELETE /gateway/customer.core/exit; resolves when the gateway answers code '200'. */
    exit: fromPromise<DataOf<typeof exit>>(() => Promise.reject(new Error('provided by the host (src/app/flows/logout.tsx)'))),
  },
  guards: {
    /** The gateway no longer knows the token (expired or revoked elsewhere): 401 or 403. */
    sessionAlreadyEnded: ({ event }) => {
      const status = (event as { error?: { status?: unknown } }).error?.status;
      return status === 401 || status === 403;
    },
  },
  actions: {
    clearSession: () => undefined,
    showMessage: () => undefined,
    goHome: () => undefined,
    showError: () => undefined,
    keepError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    forgetError: assign({ error: null }),
  },
}).createMachine({
  id: 'logout',
  description: 'Spec section 4: "Logout: confirm, then call the exit endpoint. On code \'200\' clear token and user data, show the message, go home; otherwise show an error message."',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Spec section 2, Header: "greeting with phone number (msisdn) and logout".',
      on: { 'logout.request': { target: 'confirming', actions: 'forgetError', description: 'The customer clicks logout in the header.' } },
    },
    confirming: {
      description: 'Spec section 4: "Logout: confirm, then call the exit endpoint."',
      invoke: { id: 'askConfirmation', src: 'askConfirmation' },
      on: {
        'logout.confirm': { target: 'exiting', description: 'Spec section 4: "confirm, then call the exit endpoint".' },
        'logout.cancel': { target: 'idle', description: 'The customer stays logged in.' },
      },
    },
    exiting: {
      description: 'Issue 2: "DELETE /gateway/customer.core/exit (revokes the token on the server)".',
      tags: ['technical'],
      invoke: {
        id: 'exit', src: 'exit',
        onDone: { target: 'clearing', description: 'Spec section 4: "On code \'200\' clear token and user data, show the message, go home".' },
        onError: [
          { guard: 'sessionAlreadyEnded', target: 'clearing', description: 'Spec section 4: "Status 401 or 403 goes to /login": the token has already ended on the server (expired or revoked), so there is nothing left to revoke and the customer is logged out here too.' },
          { target: 'failed', actions: 'keepError', description: 'Spec section 4: "otherwise show an error message".' },
        ],
      },
    },
    clearing: {
      description: 'Spec section 4: "clear token and user data, show the message".',
      entry: ['clearSession', 'showMessage'],
      always: { target: 'done', description: 'Spec section 4: then "go home".' },
    },
    done: {
      type: 'final',
      description: 'Spec section 4: "go home".',
      entry: 'goHome',
    },
    failed: {
      description: 'Spec section 4: "otherwise show an error message"; the customer stays logged in and may try again.',
      entry: 'showError',
      always: { target: 'idle', description: 'After the error message the customer is still logged in and may log out again.' },
    },
  },
});

export type LogoutMachine = typeof logoutMachine;
