/**
 * /resetpwd "change password" (spec section 2 personal centre) by the old password.
 * Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match
 * confirmation; no keyboard-sequence passwords; new must differ from old. Reset by old password or SMS code."
 * modifyPwd needs the image captcha (spec section 7: "same two headers").
 */
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { modifyPwdBody, type modifyPwd } from '../src/contract/auth';
import type { DataOf } from '../src/contract/endpoint';
import { captchaField } from '../src/contract/fields';
import { toProblem, type Problem } from './login.machine';
import { captchaActions, captchaActors, captchaRegion, type CaptchaContext, type CaptchaEvent } from './parts/captcha';

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword' | 'captcha';
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string[]>>;

export interface ChangePasswordContext extends CaptchaContext {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  fieldErrors: ChangePasswordErrors;
  problem: Problem | null;
}

export type ChangePasswordSubmit = { type: 'password.submit'; oldPassword: string; newPassword: string; confirmPassword: string; captcha: string };
export type ChangePasswordEvent =
  | { type: 'field.change'; field: ChangePasswordField; value: string }
  | CaptchaEvent
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
    ...captchaActors,
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
    ...captchaActions<ChangePasswordContext, ChangePasswordEvent>(),
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
        captcha: captchaRegion({
          region: 'Spec section 7: modifyPwd carries "same two headers" (IMAGE-CODE, X-IMAGE-CODE-TOKEN); the captcha is single use.',
          ready: 'Spec section 7: GET /gateway/pcapp/createImg "returns image (captcha)"; modifyPwd takes it in the "same two headers".',
          spent: 'Issue 2: the image captcha is "single use".',
          failed: 'Spec section 8: "verification code fetch failed".',
        }),
        form: {
          description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; ... new must differ from old. Reset by old password".',
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
              tags: ['technical'],
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
      description: 'Spec section 5: "Reset by old password": the password is changed (spec section 7: modifyPwd); the customer stays logged in.',
    },
  },
});

export type ChangePasswordMachine = typeof changePasswordMachine;
