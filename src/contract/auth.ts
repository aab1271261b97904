import { z } from 'zod';
import { defineEndpoint, GATEWAY, PCAPP } from './endpoint';
import { CAPTCHA_HEADERS } from './common';
import { codePurpose, newPasswordField, passwordField, phoneField, smsCodeField, textField, usernameField } from './fields';

const LOGIN = `${PCAPP}/loginorregist`;

/**
 * Sends a 6-digit SMS code. Needs the image captcha (IMAGE-CODE and X-IMAGE-CODE-TOKEN headers).
 * The answer is the same for registered and unknown numbers.
 */
export const sendMobileVerificationCode = defineEndpoint({
  id: 'sendMobileVerificationCode',
  method: 'POST',
  path: `${LOGIN}/sendMobileVerificationCode`,
  summary: 'Send an SMS verification code (captcha required; same answer for any number).',
  body: z.object({ phone: phoneField, type: codePurpose }),
  headers: CAPTCHA_HEADERS,
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

/**
 * Proves a code without spending it on an account change: answers a single-use ticket (10 minutes)
 * bound to the phone and purpose, used by checkIsRegistered, checkInNet and registerOrResetUser.
 * Wrong tries count toward the code's limit of 5.
 */
export const checMobilekVerificationCode = defineEndpoint({
  id: 'checMobilekVerificationCode',
  method: 'POST',
  path: `${LOGIN}/checMobilekVerificationCode`,
  summary: 'Check an SMS code; answers a verification ticket.',
  body: z.object({ phone: phoneField, code: smsCodeField, type: codePurpose }),
  response: z.object({ ticket: z.string() }),
});

/** A verification ticket (43 characters as issued; anything longer is not one). */
const ticketField = textField({ max: 200, required: 'validation:ticket.required', tooLong: 'validation:ticket.required' })
  .min(1, 'validation:ticket.required');
const confirmPasswordField = textField({ max: 128, required: 'validation:confirmPassword.required', tooLong: 'validation:password.invalid' })
  .min(1, 'validation:confirmPassword.required');

const ticketQuery = z.object({ ticket: ticketField });

/** Whether the number is a line of this carrier. Needs a ticket, so it cannot be used to probe numbers. */
export const checkInNet = defineEndpoint({
  id: 'checkInNet',
  method: 'GET',
  path: `${LOGIN}/checkInNet`,
  summary: 'Is the verified number a line of ours? (ticket required)',
  query: ticketQuery,
  response: z.object({ inNet: z.boolean() }),
});

/** Whether the number has an account. Needs a ticket, so it cannot be used to probe numbers. */
export const checkIsRegistered = defineEndpoint({
  id: 'checkIsRegistered',
  method: 'GET',
  path: `${LOGIN}/checkIsRegistered`,
  summary: 'Does the verified number have an account? (ticket required)',
  query: ticketQuery,
  response: z.object({ registered: z.boolean() }),
});

export const registerOrResetBody = z
  .object({
    ticket: ticketField,
    type: z.enum(['register', 'reset']),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation:password.mismatch' });

/** Creates the account (register) or sets a new password (reset) for the number the ticket proves. */
export const registerOrResetUser = defineEndpoint({
  id: 'registerOrResetUser',
  method: 'POST',
  path: `${LOGIN}/registerOrResetUser`,
  summary: 'Register or reset the password of the verified number; spends the ticket.',
  body: registerOrResetBody,
  headers: CAPTCHA_HEADERS,
  response: z.object({ username: z.string() }),
});

export const modifyPwdBody = z
  .object({
    oldPassword: passwordField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation:password.mismatch' })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: 'validation:password.sameAsOld' });

/** Changes the password of the logged-in customer by the old password. */
export const modifyPwd = defineEndpoint({
  id: 'modifyPwd',
  method: 'POST',
  path: `${PCAPP}/personalcenter/modifyPwd`,
  summary: 'Change password by old password (login required).',
  body: modifyPwdBody,
  headers: CAPTCHA_HEADERS,
  auth: 'required',
  response: z.object({ changed: z.literal(true) }),
});

export { CHANNEL, CHANNEL_HEADER, SESSION_COOKIE, SESSION_HINT_COOKIE } from './sessionCookies';

/** OAuth client of the web shop (a public client: its secret is not a secret, it names the channel). */
export const OAUTH_CLIENT = { id: 'eshop', secret: 'eshop' } as const;

/**
 * Password grant: username (phone number or username) and password, captcha headers required.
 * SMS-code grant: phone and code; an unknown number gets an account on the spot ("login or register").
 * grant_type and scope come as query parameters as the spec says; credentials come in the form body,
 * never in the URL (decision 0003).
 */
export const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('password'), username: usernameField, password: passwordField }),
  z.object({ grant_type: z.literal('sms_code'), phone: phoneField, code: smsCodeField }),
]);

export const tokenData = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

export const oauthToken = defineEndpoint({
  id: 'oauthToken',
  method: 'POST',
  path: `${GATEWAY}/customer.core/oauth/token`,
  summary: 'Log in: password or SMS-code grant; basic client auth; answers access_token.',
  body: tokenBody,
  query: z.object({ grant_type: z.enum(['password', 'sms_code']).optional(), scope: textField({ max: 100 }).optional() }).optional(),
  headers: [...CAPTCHA_HEADERS, 'authorization'],
  encoding: 'form',
  response: tokenData,
});

export const exit = defineEndpoint({
  id: 'exit',
  method: 'DELETE',
  path: `${GATEWAY}/customer.core/exit`,
  summary: 'Log out: revokes the token on the server and clears the session cookie.',
  auth: 'required',
  response: z.object({ revoked: z.literal(true) }),
});
