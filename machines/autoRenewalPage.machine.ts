/**
 * /personal/autosubscription/subscription (spec section 2; section 4, Auto-renewal; section 5: "Terms must be accepted
 * before ordering or enabling auto-renewal"): the customer sees the line's auto-renewal and changes it, logged in or
 * through the signed link of a renewal email (decision 0027). Each change is one event of the server's autoRenewal
 * chart; the gateway refuses what that chart refuses (maintenance 0-3 AM Pacific, a used link), and this page says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AutoRenewalChangeInput, AutoRenewalInfo } from '../src/contract/planLife';
import { toProblem, type Problem } from './login.machine';

export interface AutoRenewalPageContext {
  /** The email link's token, when the page was opened from one; null: the session. */
  token: string | null;
  info: AutoRenewalInfo | null;
  problem: Problem | null;
  /** The last change went through: the page says so. */
  saved: boolean;
}

export type AutoRenewalPageEvent =
  | { type: 'page.retry' }
  | { type: 'renewal.change'; change: AutoRenewalChangeInput };

export const autoRenewalPageMachine = setup({
  types: { context: {} as AutoRenewalPageContext, events: {} as AutoRenewalPageEvent, input: {} as { token: string | null } },
  actors: {
    loadAutoRenewal: fromPromise<AutoRenewalInfo, { token: string | null }>(() => Promise.reject(new Error('provided by the host'))),
    changeAutoRenewal: fromPromise<AutoRenewalInfo, { token: string | null; change: AutoRenewalChangeInput }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    termsAcceptedToOpen: ({ event }) => event.type === 'renewal.change' && (event.change.action !== 'open' || event.change.termsAccepted),
    linkSpent: ({ event }) => toProblem((event as { error?: unknown }).error).code === 'renewalLinkInvalid',
  },
  actions: {
    keepInfo: assign({ info: ({ event }) => (event as unknown as { output: AutoRenewalInfo }).output, problem: null }),
    markSaved: assign({ saved: true }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error), saved: false }),
    askForTerms: assign({ problem: { code: 'autoRenewalTerms', message: '', status: 400 }, saved: false }),
  },
}).createMachine({
  id: 'autoRenewalPage',
  description: 'Spec section 2: "/personal/autosubscription/subscription ... need no login"; section 4: "Auto-renewal: not open, open (card or balance), closed on request after confirmation. Terms must be accepted to open."',
  context: ({ input }) => ({ token: input.token, info: null, problem: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['technical'],
      description: 'Reads the line\'s auto-renewal (by the session, or by the email link).',
      invoke: {
        id: 'loadAutoRenewal', src: 'loadAutoRenewal',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'showing', actions: 'keepInfo', description: 'The auto-renewal as the server\'s chart holds it.' },
        onError: [
          { guard: 'linkSpent', target: 'linkInvalid', actions: 'showProblem', description: 'Decision 0027: the link is forged, expired or already used: log in instead.' },
          { target: 'failed', actions: 'showProblem', description: 'The gateway could not be reached or refused: the reason is shown.' },
        ],
      },
    },
    failed: {
      tags: ['technical'],
      description: 'The page could not be read: try again.',
      on: { 'page.retry': { target: 'loading', description: 'The customer tries again.' } },
    },
    linkInvalid: {
      description: 'Decision 0027: the email link is the credential for one change only, for 7 days: the customer logs in to change more.',
    },
    showing: {
      description: 'Spec section 4: "Auto-renewal: not open, open (card or balance), closed on request after confirmation"; the next renewal date and amount.',
      on: {
        'renewal.change': [
          { guard: 'termsAcceptedToOpen', target: 'changing', description: 'Spec section 4: one change of the auto-renewal (open, method, close, confirm, keep open).' },
          { actions: 'askForTerms', description: 'Spec section 5: "Terms must be accepted before ordering or enabling auto-renewal."' },
        ],
      },
    },
    changing: {
      tags: ['technical'],
      description: 'The gateway applies the change to the line\'s autoRenewal chart.',
      invoke: {
        id: 'changeAutoRenewal', src: 'changeAutoRenewal',
        input: ({ context, event }) => ({ token: context.token, change: (event as Extract<AutoRenewalPageEvent, { type: 'renewal.change' }>).change }),
        onDone: { target: 'showing', actions: ['keepInfo', 'markSaved'], description: 'The change was applied; the page shows the new state and says so.' },
        onError: [
          { guard: 'linkSpent', target: 'linkInvalid', actions: 'showProblem', description: 'Decision 0027: the link was used for its one change.' },
          { target: 'showing', actions: 'showProblem', description: 'Spec section 4: "Maintenance 0-3 AM Pacific: cannot be changed", or another refusal: said on the page, nothing changed.' },
        ],
      },
    },
  },
});
