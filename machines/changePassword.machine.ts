/**
 * /resetpwd "change password" (spec section 2 personal centre) by the old password.
 * Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match
 * confirmation; no keyboard-sequence passwords; new must differ from old. Reset by old password or SMS code."
 * modifyPwd needs the image captcha (spec section 7: "same two headers").
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { z } from 'zod';
import { modifyPwdBody, type modifyPwd } from '../src/contract/auth';
import type { DataOf } from '../src/contract/endpoint';
import { captchaField } from '../src/contract/fields';
import { toProblem, type CaptchaOutput, type Problem } from './login.machine';

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword' | 'captcha';
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string[]>>;

export interface ChangePasswordContext {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  captcha: string;
  captchaImage: string | null;
  captchaToken: string | null;
  fieldErrors: ChangePasswordErrors;
  problem: Problem | null;
}

export type ChangePasswordSubmit = { type: 'password.submit'; oldPassword: string; newPassword: string; confirmPassword: string; captcha: string };
export type ChangePasswordEvent =
  | { type: 'field.change'; field: ChangePasswordField; value: string }
  | { type: 'captcha.refresh' }
  | { type: 'captcha.spent' }
  | ChangePasswordSubmit;

export interface ModifyPwdInput { oldPassword: string; newPassword: string; confirmPassword: string; captcha: string; captchaToken: string }

const changeForm = z.object({ captcha: captchaField }).and(modifyPwdBody);

export const changePasswordProblems = (e: Omit<ChangePasswordSubmit, 'type'>): ChangePasswordErrors => {
  const result = changeForm.safeParse(e);
  if (result.success) return {};
  const out: ChangePasswordErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field: ChangePasswordField = typeof key === 'string' ? (key as ChangePasswordField) : 'newPassword';
    (out[field] ??= []).push(issue.message);
  }
  return out;
};

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    loadCaptcha: fromPromise<CaptchaOutput>(() => Promise.reject(new Error('provided by the host'))),
    modifyPwd: fromPromise<DataOf<typeof modifyPwd>, ModifyPwdInput>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    newPasswordFollowsTheRules: ({ context, event }) =>
      event.type === 'password.submit' && context.captchaToken !== null && Object.keys(changePasswordProblems(event)).length === 0,
  },
  actions: {
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    keepSubmitted: assign(({ event }) => (event.type === 'password.submit'
      ? { oldPassword: event.oldPassword, newPassword: event.newPassword, confirmPassword: event.confirmPassword, captcha: event.captcha }
      : {})),
    markInvalidFields: assign(({ event }) => {
      if (event.type !== 'password.submit') return {};
      const errors = changePasswordProblems(event);
      return {
        oldPassword: event.oldPassword, newPassword: event.newPassword, confirmPassword: event.confirmPassword, captcha: event.captcha,
        fieldErrors: Object.keys(errors).length ? errors : { captcha: ['login:captcha.notReady'] },
      };
    }),
    clearProblems: assign({ fieldErrors: {}, problem: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    keepCaptcha: assign(({ event }) => {
      const output = (event as { output?: CaptchaOutput }).output;
      return { captchaImage: output?.imageUrl ?? null, captchaToken: output?.token ?? null };
    }),
    forgetCaptcha: assign({ captchaToken: null, captcha: '' }),
    captchaIsSpent: raise({ type: 'captcha.spent' }),
    forgetPasswords: assign({ oldPassword: '', newPassword: '', confirmPassword: '' }),
  },
}).createMachine({
  id: 'changePassword',
  description: 'Spec section 5: "Reset by old password or SMS code" — this chart is the old-password way; the SMS way is the reset path of the login chart.',
  context: {
    oldPassword: '', newPassword: '', confirmPassword: '', captcha: '', captchaImage: null, captchaToken: null, fieldErrors: {}, problem: null,
  },
  initial: 'changing',
  states: {
    changing: {
      description: 'Spec section 5: "Reset by old password": the image captcha beside the form.',
      type: 'parallel',
      on: { 'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' } },
      states: {
        captcha: {
          description: 'Spec section 7: modifyPwd carries "same two headers" (IMAGE-CODE, X-IMAGE-CODE-TOKEN); the captcha is single use.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Spec section 7: GET /gateway/pcapp/createImg, a new single-use image code.',
              entry: 'forgetCaptcha',
              invoke: { id: 'loadCaptcha', src: 'loadCaptcha', onDone: { target: 'ready', actions: 'keepCaptcha', description: 'Spec section 7: GET /gateway/pcapp/createImg returns the image (captcha) and its token.' }, onError: { target: 'failed', description: 'Spec section 8: "verification code fetch failed".' } },
            },
            ready: {
              description: 'The image code is shown and can be typed.',
              on: {
                'captcha.refresh': { target: 'loading', description: 'The customer asks for another picture.' },
                'captcha.spent': { target: 'loading', description: 'Issue 2: the image captcha is "single use".' },
              },
            },
            failed: {
              description: 'Spec section 8: "verification code fetch failed".',
              on: { 'captcha.refresh': { target: 'loading', description: 'The customer asks for another picture after a failed load.' } },
            },
          },
        },
        form: {
          description: 'Old password, new password and confirmation.',
          initial: 'editing',
          states: {
            editing: {
              description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; no keyboard-sequence passwords; new must differ from old." Each unmet rule is shown live.',
              on: {
                'password.submit': [
                  { guard: 'newPasswordFollowsTheRules', target: 'saving', actions: ['keepSubmitted', 'clearProblems'], description: 'Spec section 5: "must match confirmation ... new must differ from old".' },
                  { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
                ],
              },
            },
            saving: {
              description: 'Spec section 7: POST /gateway/pcapp/api/v1/personalcenter/modifyPwd with the image-code headers.',
              invoke: {
                id: 'modifyPwd', src: 'modifyPwd',
                input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword, confirmPassword: context.confirmPassword, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                onDone: { target: '#changePassword.changed', actions: 'forgetPasswords', description: 'Issue 2: "personalcenter/modifyPwd" changed the password.' },
                onError: { target: 'editing', actions: ['captchaIsSpent', 'showProblem'], description: 'A wrong old password or captcha: the message is shown, what was typed stays, a fresh captcha is loaded.' },
              },
            },
          },
        },
      },
    },
    changed: {
      type: 'final',
      description: 'The password is changed; the customer stays logged in.',
    },
  },
});

export type ChangePasswordMachine = typeof changePasswordMachine;
