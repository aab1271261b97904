/**
 * Number security and SIM changes (issue 16, FCC 23-95): /personal/security (the number lock, the number transfer PIN,
 * the port-out requests received) and /person/conversionCard (physical to eSIM and back, spec section 2: "card
 * replacement and eSIM conversion"). Everything that could move the number away asks again who is there first: a code
 * to the line (or to the account's email when the line is lost) and the password. Turning the lock on asks nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import { passwordField, smsCodeField } from '../src/contract/fields';
import type { SecurityInfo } from '../src/contract/security';
import { toProblem, type Problem } from './login.machine';

/** What needs re-authentication: turning the lock off, a transfer PIN, a SIM change. */
export type GuardedAction = 'unlock' | 'pin' | 'toEsim' | 'toPhysical';
export type ReauthChannel = 'sms' | 'email';
export type ReauthField = 'code' | 'password';
export interface SentCode { channel: ReauthChannel; to: string; resendAfterSeconds: number; expiresInSeconds: number }
export interface TransferPin { pin: string; expiresAt: string; accountNumber: string }
export interface Performed { info: SecurityInfo; pin?: TransferPin }

export interface NumberSecurityContext {
  info: SecurityInfo | null;
  action: GuardedAction | null;
  sent: SentCode | null;
  code: string;
  password: string;
  fieldErrors: Partial<Record<ReauthField, string[]>>;
  problem: Problem | null;
  /** The PIN just made: shown once, until the customer hides it or leaves. */
  pin: TransferPin | null;
  /** The change just made: the page confirms it. */
  done: GuardedAction | 'lock' | null;
}

export type NumberSecurityEvent =
  | { type: 'page.retry' }
  | { type: 'lock.on' }
  | { type: 'action.start'; action: GuardedAction }
  | { type: 'action.cancel' }
  | { type: 'code.send'; channel: ReauthChannel }
  | { type: 'code.again' }
  | { type: 'field.change'; field: ReauthField; value: string }
  | { type: 'reauth.submit' }
  | { type: 'pin.hide' };

const REAUTH_FIELDS: Record<ReauthField, typeof smsCodeField | typeof passwordField> = { code: smsCodeField, password: passwordField };
/** The form's problems by the gateway's own field rules. */
export const reauthProblems = (c: Pick<NumberSecurityContext, 'code' | 'password'>): Partial<Record<ReauthField, string[]>> => {
  const out: Partial<Record<ReauthField, string[]>> = {};
  for (const field of ['code', 'password'] as const) {
    const result = REAUTH_FIELDS[field].safeParse(c[field]);
    if (!result.success) out[field] = [...new Set(result.error.issues.map((i) => i.message))];
  }
  return out;
};

const errorOf = (event: unknown) => toProblem((event as { error?: unknown }).error);
/** Answers that belong next to a field of the re-authentication form (the rest are shown as the page's problem). */
const FIELD_CODES: Record<string, ReauthField> = { passwordWrong: 'password', codeWrong: 'code', codeExpired: 'code', codeLocked: 'code' };

export const numberSecurityMachine = setup({
  types: { context: {} as NumberSecurityContext, events: {} as NumberSecurityEvent },
  actors: {
    loadSecurity: fromPromise<SecurityInfo>(() => Promise.reject(new Error('provided by the host'))),
    lockNumber: fromPromise<SecurityInfo>(() => Promise.reject(new Error('provided by the host'))),
    sendCode: fromPromise<SentCode, { channel: ReauthChannel }>(() => Promise.reject(new Error('provided by the host'))),
    perform: fromPromise<Performed, { action: GuardedAction; code: string; password: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    reauthComplete: ({ context }) => Object.keys(reauthProblems(context)).length === 0,
    refusedAField: ({ event }) => errorOf(event).code in FIELD_CODES,
  },
  actions: {
    keepInfo: assign(({ event }) => ({ info: (event as unknown as { output: SecurityInfo }).output, problem: null })),
    keepLocked: assign(({ event }) => ({ info: (event as unknown as { output: SecurityInfo }).output, problem: null, done: 'lock' as const })),
    startAction: assign(({ event }) => (event.type === 'action.start'
      ? { action: event.action, sent: null, code: '', password: '', fieldErrors: {}, problem: null, done: null, pin: null } : {})),
    forgetAction: assign({ action: null, sent: null, code: '', password: '', fieldErrors: {} }),
    keepSent: assign(({ event }) => ({ sent: (event as unknown as { output: SentCode }).output, problem: null })),
    rememberTyping: assign(({ context, event }) => (event.type === 'field.change'
      ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {})),
    markInvalidFields: assign(({ context }) => ({ fieldErrors: reauthProblems(context) })),
    markRefusedField: assign(({ event }) => {
      const problem = errorOf(event);
      return { fieldErrors: { [FIELD_CODES[problem.code]!]: [`errors:code.${problem.code}`] }, problem: null };
    }),
    keepPerformed: assign(({ context, event }) => {
      const out = (event as unknown as { output: Performed }).output;
      return { info: out.info, pin: out.pin ?? null, done: context.action, action: null, sent: null, code: '', password: '', fieldErrors: {}, problem: null };
    }),
    showProblem: assign({ problem: ({ event }) => errorOf(event) }),
    clearPin: assign({ pin: null, done: null }),
  },
}).createMachine({
  id: 'numberSecurity',
  description: 'Issue 16 (FCC 23-95): "every SIM change (replacement, conversion, eSIM reinstall) asks for re-authentication (an SMS code to the line, or a code to the account\'s email when the line is lost, and the password)"; "a number lock in the portal"; "a number transfer PIN". Spec section 4: "Converting physical to eSIM voids the physical card; the number is unchanged and conversion can go back."',
  context: { info: null, action: null, sent: null, code: '', password: '', fieldErrors: {}, problem: null, pin: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Technical: reads the line\'s lock, PIN, SIM and requests.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'loadSecurity', src: 'loadSecurity',
        onDone: { target: 'showing', actions: 'keepInfo', description: 'The page shows the line\'s protections.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'Spec section 8: the error is shown (an account without a US line: "no US line").' },
      },
    },
    loadFailed: {
      description: 'The page could not be read: it says why and what to do next.',
      tags: ['technical'],
      on: { 'page.retry': { target: 'loading', description: 'Try again.' } },
    },
    showing: {
      description: 'Issue 16: "a number lock in the portal: while on, SIM changes and port-outs are refused"; the transfer PIN; the SIM and the change it can make.',
      on: {
        'lock.on': { target: 'locking', description: 'Issue 16: "a number lock": turning it on only protects, so it asks nothing more.' },
        'action.start': { target: 'askingWhere', actions: 'startAction', description: 'Issue 16: what could move the number asks for re-authentication first.' },
        'pin.hide': { actions: 'clearPin', description: 'The PIN shown once is hidden.' },
      },
    },
    locking: {
      description: 'Technical: the lock is turned on.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'lockNumber', src: 'lockNumber',
        onDone: { target: 'showing', actions: 'keepLocked', description: 'Issue 16: the lock is on; the customer is told by SMS and email.' },
        onError: { target: 'showing', actions: 'showProblem', description: 'The error is shown.' },
      },
    },
    askingWhere: {
      description: 'Issue 16: "an SMS code to the line, or a code to the account\'s email when the line is lost".',
      on: {
        'code.send': { target: 'sendingCode', description: 'The code is sent where the customer chose.' },
        'action.cancel': { target: 'showing', actions: 'forgetAction', description: 'Nothing changes.' },
      },
    },
    sendingCode: {
      description: 'Technical: the code is sent (limited per account, number and IP).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'sendCode', src: 'sendCode',
        input: ({ event }) => ({ channel: (event as { channel?: ReauthChannel }).channel ?? 'sms' }),
        onDone: { target: 'answering', actions: 'keepSent', description: 'The code went out: the page says where, masked.' },
        onError: { target: 'askingWhere', actions: 'showProblem', description: 'Spec section 8: "verification code fetch failed", a limit reached, no email on the account: shown, the choice offered again.' },
      },
    },
    answering: {
      description: 'Issue 16: "... and the password": the code and the account\'s password.',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'code.again': { target: 'askingWhere', description: 'Send another code (or send it the other way).' },
        'action.cancel': { target: 'showing', actions: 'forgetAction', description: 'Nothing changes.' },
        'reauth.submit': [
          { guard: 'reauthComplete', target: 'performing', description: 'A 6-digit code and a password: the change is asked for.' },
          { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
        ],
      },
    },
    performing: {
      description: 'Technical: the gateway checks the password and the code, then makes the change (once per key).',
      tags: ['busy', 'technical'],
      on: { 'field.change': { actions: 'rememberTyping', description: 'Typing goes on while the gateway answers: nothing typed is lost.' } },
      invoke: {
        id: 'perform', src: 'perform',
        input: ({ context }) => ({ action: context.action!, code: context.code, password: context.password }),
        onDone: { target: 'showing', actions: 'keepPerformed', description: 'Done: the page confirms it (the PIN is shown once); the customer is told by SMS and email.' },
        onError: [
          { guard: 'refusedAField', target: 'answering', actions: 'markRefusedField', description: 'A wrong password, or a wrong, expired or dead code: the message is next to its field.' },
          { target: 'showing', actions: ['showProblem', 'forgetAction'], description: 'Refused for the line (numberLocked: "while on, SIM changes and port-outs are refused"; simUnchanged) or failed: the message is shown.' },
        ],
      },
    },
  },
});

export type NumberSecurityMachine = typeof numberSecurityMachine;
