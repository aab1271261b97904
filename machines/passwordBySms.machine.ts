/**
 * /resetpwd, the other way of spec section 5: "Reset by old password or SMS code". A code is texted to the account's
 * own phone; with it and a new password that follows the rules, the password changes. Issue 14: "A password change
 * ends every other session of the account and says so by email." States tagged 'technical' fold into their parent.
 */
import { assign, fromPromise, setup } from 'xstate';
import { resetPwdBySmsBody } from '../src/contract/profile';
import { toProblem, type Problem } from './login.machine';

export type PasswordBySmsField = 'code' | 'newPassword' | 'confirmPassword';
export type PasswordBySmsErrors = Partial<Record<PasswordBySmsField, string[]>>;

export interface PasswordBySmsContext {
  code: string;
  newPassword: string;
  confirmPassword: string;
  phoneMasked: string | null;
  fieldErrors: PasswordBySmsErrors;
  problem: Problem | null;
}

export type PasswordBySmsEvent =
  | { type: 'code.send' }
  | { type: 'field.change'; field: PasswordBySmsField; value: string }
  | { type: 'password.submit' };

export const passwordBySmsProblems = (v: { code: string; newPassword: string; confirmPassword: string }): PasswordBySmsErrors => {
  const result = resetPwdBySmsBody.safeParse(v);
  if (result.success) return {};
  const out: PasswordBySmsErrors = {};
  for (const issue of result.error.issues) (out[(issue.path[0] as PasswordBySmsField | undefined) ?? 'newPassword'] ??= []).push(issue.message);
  return out;
};

export const passwordBySmsMachine = setup({
  types: { context: {} as PasswordBySmsContext, events: {} as PasswordBySmsEvent },
  actors: {
    sendPasswordCode: fromPromise<{ phoneMasked: string; resendAfterSeconds: number; expiresInSeconds: number }>(() => Promise.reject(new Error('provided by the host'))),
    resetPassword: fromPromise<{ changed: true }, { code: string; newPassword: string; confirmPassword: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    followsTheRules: ({ context }) => Object.keys(passwordBySmsProblems(context)).length === 0,
  },
  actions: {
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    markInvalidFields: assign({ fieldErrors: ({ context }) => passwordBySmsProblems(context) }),
    keepPhone: assign({ phoneMasked: ({ event }) => (event as unknown as { output: { phoneMasked: string } }).output.phoneMasked }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    clearProblems: assign({ problem: null, fieldErrors: {} }),
    forgetPasswords: assign({ newPassword: '', confirmPassword: '', code: '' }),
  },
}).createMachine({
  id: 'passwordBySms',
  description: 'Spec section 5: "Reset by old password or SMS code" — this chart is the SMS-code way of /resetpwd.',
  context: { code: '', newPassword: '', confirmPassword: '', phoneMasked: null, fieldErrors: {}, problem: null },
  initial: 'idle',
  on: { 'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' } },
  states: {
    idle: {
      description: 'Spec section 5: "Reset by old password or SMS code": the code goes to the account\'s own phone, never to a number typed here.',
      on: { 'code.send': { target: 'sending', actions: 'clearProblems', description: 'Send the code.' } },
    },
    sending: {
      tags: ['technical'],
      description: 'sendPwdCode, within the SMS send limits (one a minute).',
      invoke: {
        id: 'sendPasswordCode', src: 'sendPasswordCode',
        onDone: { target: 'codeSent', actions: 'keepPhone', description: 'Spec section 9: "verification code validity 5 minutes": sent to the masked number shown.' },
        onError: { target: 'idle', actions: 'showProblem', description: 'Too soon, no phone on the account, or failed: the message says what to do.' },
      },
    },
    codeSent: {
      description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; no keyboard-sequence passwords".',
      on: {
        'code.send': { target: 'sending', actions: 'clearProblems', description: 'Send the code again (a new code replaces the old).' },
        'password.submit': [
          { guard: 'followsTheRules', target: 'saving', actions: 'clearProblems', description: 'Code and new password follow the rules: the password is changed.' },
          { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
        ],
      },
    },
    saving: {
      tags: ['technical'],
      description: 'resetPwdBySms: the code is spent, the password set, other sessions ended, a notice sent.',
      invoke: {
        id: 'resetPassword', src: 'resetPassword',
        input: ({ context }) => ({ code: context.code, newPassword: context.newPassword, confirmPassword: context.confirmPassword }),
        onDone: { target: 'changed', actions: 'forgetPasswords', description: 'Changed.' },
        onError: { target: 'codeSent', actions: 'showProblem', description: 'A wrong or expired code: the message says what to do; the passwords stay typed.' },
      },
    },
    changed: {
      type: 'final',
      description: 'Issue 14: "A password change ends every other session of the account and says so by email": this device stays logged in.',
    },
  },
});

export type PasswordBySmsMachine = typeof passwordBySmsMachine;
