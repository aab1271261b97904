/**
 * The host side of the login and changePassword charts: their named actors made of real gateway calls.
 * Calls pass `silent: true` because the chart shows the error itself (next to the field or on the form).
 */
import { fromPromise } from 'xstate';
import { call, captchaHeaders, fetchCaptcha } from '../../api/client';
import { createImg } from '../../contract/common';
import { checkIsRegistered, checMobilekVerificationCode, modifyPwd, OAUTH_CLIENT, oauthToken, registerOrResetUser, sendMobileVerificationCode } from '../../contract/auth';
import {
  loginMachine, type CaptchaOutput, type CheckCodeInput, type RegisterOrResetInput, type SendCodeInput, type TokenInput,
} from '../../../machines/login.machine';
import { changePasswordMachine, type ModifyPwdInput } from '../../../machines/changePassword.machine';
import { refreshPersonalData, sessionStarted } from '../session';

const basicClientAuth = () => `Basic ${btoa(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`)}`;

export const loadCaptcha = fromPromise<CaptchaOutput>(() => fetchCaptcha(createImg.path));

export const loginActors = {
  loadCaptcha,
  sendCode: fromPromise(({ input }: { input: SendCodeInput }) =>
    call(sendMobileVerificationCode, {
      body: { phone: input.phone, type: input.type },
      headers: captchaHeaders(input.captcha, input.captchaToken),
      silent: true,
    })),
  checkCode: fromPromise(({ input }: { input: CheckCodeInput }) =>
    call(checMobilekVerificationCode, { body: input, silent: true })),
  checkRegistered: fromPromise(({ input }: { input: { ticket: string } }) =>
    call(checkIsRegistered, { query: input, silent: true })),
  registerOrReset: fromPromise(({ input }: { input: RegisterOrResetInput }) =>
    call(registerOrResetUser, {
      body: { ticket: input.ticket, type: input.type, password: input.password, confirmPassword: input.confirmPassword },
      headers: captchaHeaders(input.captcha, input.captchaToken),
      silent: true,
    })),
  requestToken: fromPromise(({ input }: { input: TokenInput }) =>
    input.grant_type === 'password'
      ? call(oauthToken, {
        body: { grant_type: 'password', username: input.username, password: input.password },
        query: { grant_type: 'password', scope: 'all' },
        headers: { Authorization: basicClientAuth(), ...captchaHeaders(input.captcha, input.captchaToken) },
        silent: true,
      })
      : call(oauthToken, {
        body: { grant_type: 'sms_code', phone: input.phone, code: input.code },
        query: { grant_type: 'sms_code', scope: 'all' },
        headers: { Authorization: basicClientAuth() },
        silent: true,
      })),
};

/** The login chart with real calls. */
export const loginFlow = loginMachine.provide({ actors: loginActors });

/** The change-password chart with real calls. */
export const changePasswordFlow = changePasswordMachine.provide({
  actors: {
    loadCaptcha,
    modifyPwd: fromPromise(({ input }: { input: ModifyPwdInput }) =>
      call(modifyPwd, {
        body: { oldPassword: input.oldPassword, newPassword: input.newPassword, confirmPassword: input.confirmPassword },
        headers: captchaHeaders(input.captcha, input.captchaToken),
        silent: true,
      })),
  },
});

/** Where /login returns after login: `?redirect=` when it is a path of this site, else /personal. */
export const redirectTarget = (search: string): string => {
  const redirect = new URLSearchParams(search).get('redirect');
  // Same-site paths only: no scheme-relative '//', no backslash or control character a browser could read as a host.
  const safe = redirect && redirect.startsWith('/') && !redirect.startsWith('//') && ![...redirect].some((c) => c === '\\' || c.charCodeAt(0) < 0x20) && !redirect.startsWith('/login');
  return safe ? redirect : '/personal';
};

/**
 * After a login the gateway answered: it set the session cookie itself (HttpOnly, decision 0013), so nothing is kept
 * here; loads personalData before the account pages render.
 */
export async function completeLogin(): Promise<void> {
  sessionStarted();
  await refreshPersonalData();
}

export { flowObservers, inspectFlow } from './observe';
