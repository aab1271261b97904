/**
 * /cpni-out (spec section 2: "no header or footer"; issue 16): the customer's CPNI opt-out, reached from emails and
 * logged out. The customer proves the line by a code sent to it, then opts out of (or back into) the use of their
 * customer proprietary network information for marketing (47 CFR 64.2007).
 */
import { assign, fromPromise, setup } from 'xstate';
import { phoneField, smsCodeField } from '../src/contract/fields';
import { toProblem, type Problem } from './login.machine';

export type CpniField = 'phone' | 'code';
export interface CpniContext {
  phone: string;
  code: string;
  optOut: boolean;
  fieldErrors: Partial<Record<CpniField, string[]>>;
  problem: Problem | null;
  savedAt: string | null;
}
export type CpniEvent =
  | { type: 'field.change'; field: CpniField; value: string }
  | { type: 'choice.change'; optOut: boolean }
  | { type: 'code.send' }
  | { type: 'code.again' }
  | { type: 'choice.submit' };

const problemsOf = (field: CpniField, value: string): string[] => {
  const result = (field === 'phone' ? phoneField : smsCodeField).safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};
const errorOf = (event: unknown) => toProblem((event as { error?: unknown }).error);
const CODE_ERRORS = new Set(['codeWrong', 'codeExpired', 'codeLocked']);

export const cpniOptOutMachine = setup({
  types: { context: {} as CpniContext, events: {} as CpniEvent },
  actors: {
    sendCode: fromPromise<{ resendAfterSeconds: number; expiresInSeconds: number }, { phone: string }>(() => Promise.reject(new Error('provided by the host'))),
    saveChoice: fromPromise<{ optedOut: boolean; at: string }, { phone: string; code: string; optOut: boolean }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    phoneValid: ({ context }) => problemsOf('phone', context.phone).length === 0,
    codeValid: ({ context }) => problemsOf('code', context.code).length === 0,
    codeRefused: ({ event }) => CODE_ERRORS.has(errorOf(event).code),
  },
  actions: {
    rememberTyping: assign(({ context, event }) => (event.type === 'field.change'
      ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {})),
    rememberChoice: assign(({ event }) => (event.type === 'choice.change' ? { optOut: event.optOut } : {})),
    markPhone: assign(({ context }) => ({ fieldErrors: { phone: problemsOf('phone', context.phone) } })),
    markCode: assign(({ context }) => ({ fieldErrors: { code: problemsOf('code', context.code) } })),
    markCodeRefused: assign(({ event }) => ({ fieldErrors: { code: [`errors:code.${errorOf(event).code}`] }, problem: null })),
    showProblem: assign({ problem: ({ event }) => errorOf(event) }),
    clearProblem: assign({ problem: null, fieldErrors: {} }),
    keepSaved: assign(({ event }) => {
      const out = (event as unknown as { output: { optedOut: boolean; at: string } }).output;
      return { optOut: out.optedOut, savedAt: out.at, problem: null };
    }),
  },
}).createMachine({
  id: 'cpniOptOut',
  description: 'Spec section 2: "/cpni-out: no header or footer." Issue 16: "the customer\'s CPNI opt-out ... reachable logged out: the customer proves the line by a code sent to it."',
  context: { phone: '', code: '', optOut: true, fieldErrors: {}, problem: null, savedAt: null },
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      description: 'Issue 16: "the customer proves the line by a code sent to it": the number first.',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing typed is lost.' },
        'code.send': [
          { guard: 'phoneValid', target: 'sendingCode', actions: 'clearProblem', description: 'A valid number: a code is sent to it (the same answer for any number).' },
          { actions: 'markPhone', description: 'Spec section 5: "Phone must be valid/numeric".' },
        ],
      },
    },
    sendingCode: {
      description: 'Technical: the code is sent (limited per number and IP).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'sendCode', src: 'sendCode', input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'choosing', description: 'The code is on its way: the code and the choice are asked.' },
        onError: { target: 'enteringPhone', actions: 'showProblem', description: 'A limit reached or the network failed: shown, the number kept.' },
      },
    },
    choosing: {
      description: 'Issue 16: the code proves the line; the customer opts out (or back in).',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing typed is lost.' },
        'choice.change': { actions: 'rememberChoice', description: 'Opt out, or opt back in.' },
        'code.again': { target: 'enteringPhone', description: 'Another code, or another number.' },
        'choice.submit': [
          { guard: 'codeValid', target: 'saving', actions: 'clearProblem', description: 'A 6-digit code: the choice is sent.' },
          { actions: 'markCode', description: 'The code must be 6 digits.' },
        ],
      },
    },
    saving: {
      description: 'Technical: the code is checked and the choice kept on the line.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'saveChoice', src: 'saveChoice', input: ({ context }) => ({ phone: context.phone, code: context.code, optOut: context.optOut }),
        onDone: { target: 'saved', actions: 'keepSaved', description: 'The choice is kept: the page confirms it.' },
        onError: [
          { guard: 'codeRefused', target: 'choosing', actions: 'markCodeRefused', description: 'A wrong, expired or dead code: the message is next to it.' },
          { target: 'choosing', actions: 'showProblem', description: 'Another failure: shown, everything kept.' },
        ],
      },
    },
    saved: {
      description: 'Issue 16: the customer\'s CPNI choice is kept on the line; it can be changed the same way at any time.',
      on: { 'code.again': { target: 'enteringPhone', description: 'Change it again (a new code).' } },
    },
  },
});
