/**
 * /person/scanInstall and /global/scanInstall (spec section 2): the current eSIM's QR code, SM-DP+ address and
 * matching ID. Whoever scans the QR gets the eSIM (issue 14), so the customer proves who they are again: a code to
 * the line's number, or to the account's email when the line's SIM is gone, and the account's password.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DataOf } from '../src/contract/endpoint';
import type { installReveal, installSendCode } from '../src/contract/portal';
import { toProblem, type Problem } from './login.machine';

export type InstallChannel = 'sms' | 'email';
export type InstallField = 'code' | 'password';
export type InstallErrors = Partial<Record<InstallField, string[]>>;
export type InstallDetails = DataOf<typeof installReveal>;
export type InstallCodeSent = DataOf<typeof installSendCode>;

export interface EsimInstallInput {
  line: 'us' | 'global';
  /** The account logs in with a password (otherwise the code alone proves it). */
  hasPassword: boolean;
}

export interface EsimInstallContext extends EsimInstallInput {
  channel: InstallChannel;
  sent: InstallCodeSent | null;
  code: string;
  password: string;
  fieldErrors: InstallErrors;
  problem: Problem | null;
  details: InstallDetails | null;
}

export type EsimInstallEvent =
  | { type: 'code.send'; channel: InstallChannel }
  | { type: 'field.change'; field: InstallField; value: string }
  | { type: 'install.reveal'; code: string; password: string }
  | { type: 'install.hide' };

export const installProblems = (e: { code: string; password: string }, hasPassword: boolean): InstallErrors => {
  const out: InstallErrors = {};
  if (!e.code.trim()) out.code = ['validation:code.required'];
  else if (!/^\d{6}$/.test(e.code.trim())) out.code = ['validation:code.invalid'];
  if (hasPassword && !e.password) out.password = ['validation:password.required'];
  return out;
};

const CODE_ERRORS = ['codeWrong', 'codeExpired', 'codeLocked'];

export const esimInstallMachine = setup({
  types: { context: {} as EsimInstallContext, events: {} as EsimInstallEvent, input: {} as EsimInstallInput },
  actors: {
    sendCode: fromPromise<InstallCodeSent, { line: 'us' | 'global'; channel: InstallChannel }>(() => Promise.reject(new Error('provided by the host'))),
    reveal: fromPromise<InstallDetails, { line: 'us' | 'global'; code: string; password: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    answerIsComplete: ({ context, event }) => event.type === 'install.reveal' && Object.keys(installProblems(event, context.hasPassword)).length === 0,
    aCodeWasSentBefore: ({ context }) => context.sent !== null,
    passwordWasWrong: ({ event }) => toProblem((event as { error?: unknown }).error).code === 'passwordWrong',
    codeWasRefused: ({ event }) => CODE_ERRORS.includes(toProblem((event as { error?: unknown }).error).code),
  },
  actions: {
    chooseChannel: assign(({ event }) => (event.type === 'code.send' ? { channel: event.channel, problem: null } : {})),
    keepSent: assign({ sent: ({ event }) => (event as unknown as { output: InstallCodeSent }).output, fieldErrors: {}, problem: null }),
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    keepAnswer: assign(({ event }) => (event.type === 'install.reveal' ? { code: event.code.trim(), password: event.password, fieldErrors: {}, problem: null } : {})),
    markInvalidFields: assign(({ context, event }) => (event.type === 'install.reveal'
      ? { code: event.code, password: event.password, fieldErrors: installProblems(event, context.hasPassword) } : {})),
    markPasswordWrong: assign({ fieldErrors: { password: ['errors:code.passwordWrong'] }, password: '' }),
    markCodeRefused: assign({ fieldErrors: ({ event }) => ({ code: [`errors:code.${toProblem((event as { error?: unknown }).error).code}`] }) }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    keepDetails: assign({ details: ({ event }) => (event as unknown as { output: InstallDetails }).output, password: '', code: '' }),
    forgetDetails: assign({ details: null, sent: null, code: '', password: '' }),
  },
}).createMachine({
  id: 'esimInstall',
  description: 'Issue 14: "the current eSIM\'s QR code, SM-DP+ address and matching ID with install steps for iPhone and Android, after re-authentication (whoever scans it gets the eSIM)".',
  context: ({ input }) => ({ ...input, channel: 'sms', sent: null, code: '', password: '', fieldErrors: {}, problem: null, details: null }),
  initial: 'askingWhere',
  states: {
    askingWhere: {
      description: 'Issue 14: "a code to the line\'s number, or to the account\'s email when the line\'s SIM is gone".',
      on: { 'code.send': { target: 'sendingCode', actions: 'chooseChannel', description: 'Send the code by SMS to the line, or by email.' } },
    },
    sendingCode: {
      description: 'Technical: the gateway sends the code (limited per account, number and IP).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'sendCode', src: 'sendCode',
        input: ({ context }) => ({ line: context.line, channel: context.channel }),
        onDone: { target: 'answering', actions: 'keepSent', description: 'The code is on its way; the page says where (masked).' },
        onError: [
          { guard: 'aCodeWasSentBefore', target: 'answering', actions: 'showProblem', description: 'A resend was refused (too soon, no email): the message is shown, the first code still works.' },
          { target: 'askingWhere', actions: 'showProblem', description: 'Spec section 8: "verification code fetch failed", no eSIM or no email: the message says what to do next.' },
        ],
      },
    },
    answering: {
      description: 'Issue 14: "a code ... and the password". Spec section 9: "verification code validity 5 minutes".',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'code.send': { target: 'sendingCode', actions: 'chooseChannel', description: 'Send a new code (by SMS or email).' },
        'install.reveal': [
          { guard: 'answerIsComplete', target: 'revealing', actions: 'keepAnswer', description: 'Six digits and the password are sent to the gateway.' },
          { actions: 'markInvalidFields', description: 'A missing or malformed code or password is shown next to its field.' },
        ],
      },
    },
    revealing: {
      description: 'Technical: the gateway checks the password, then the code.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'reveal', src: 'reveal',
        input: ({ context }) => ({ line: context.line, code: context.code, password: context.password }),
        onDone: { target: 'shown', actions: 'keepDetails', description: 'The QR code, SM-DP+ address and matching ID are shown with the install steps.' },
        onError: [
          { guard: 'passwordWasWrong', target: 'answering', actions: 'markPasswordWrong', description: 'A wrong password: said next to the password; the code is not spent.' },
          { guard: 'codeWasRefused', target: 'answering', actions: 'markCodeRefused', description: 'A wrong, expired or used code: said next to the code; a new one can be sent.' },
          { target: 'answering', actions: 'showProblem', description: 'Another failure (too many tries): the message says when to try again.' },
        ],
      },
    },
    shown: {
      description: 'Spec section 4: "eSIM QR valid 30 days"; whoever scans it gets the eSIM, so it is hidden again on request.',
      on: { 'install.hide': { target: 'askingWhere', actions: 'forgetDetails', description: 'Hide the QR code; showing it again asks for a new code.' } },
    },
  },
});

export type EsimInstallMachine = typeof esimInstallMachine;
