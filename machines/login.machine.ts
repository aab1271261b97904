/**
 * /login (spec section 2): "login by SMS code or by username and password; also register and reset password."
 * Two parallel regions: the image captcha the page always keeps ready, and the path the customer is on.
 * Pure: every call is a named actor, provided by src/app/flows/login.ts (and by fakes in test/model).
 */
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { registerOrResetBody, tokenBody, type checMobilekVerificationCode, type checkIsRegistered, type oauthToken, type registerOrResetUser, type sendMobileVerificationCode } from '../src/contract/auth';
import type { DataOf } from '../src/contract/endpoint';
import { captchaField, phoneField, smsCodeField } from '../src/contract/fields';
import { captchaActions, captchaActors, captchaRegion, type CaptchaContext, type CaptchaEvent } from './parts/captcha';
import { resendCountdownActions, resendCountdownOf, resendWaiting, type ResendCountdownContext } from './parts/resendCountdown';

export type { CaptchaOutput } from './parts/captcha';

/** "sendMobileVerificationCode with a resend countdown" (issue 2): seconds before another code may be sent. */
export const RESEND_SECONDS = 60;
const RESEND_DELAY_MS = RESEND_SECONDS * 1000;

export type LoginField = 'phone' | 'captcha' | 'code' | 'username' | 'password' | 'newPassword' | 'confirmPassword';
export type CodePurpose = 'login' | 'register' | 'reset';
export type FieldErrors = Partial<Record<LoginField, string[]>>;
/** What went wrong in a call: the catalogue code and the gateway's message in the user's language. */
export interface Problem { code: string; message: string; status: number }
export type Notice = 'registered' | 'passwordReset' | null;

export interface LoginContext extends CaptchaContext, ResendCountdownContext {
  phone: string;
  code: string;
  username: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
  ticket: string | null;
  fieldErrors: FieldErrors;
  problem: Problem | null;
  notice: Notice;
  token: string | null;
}

export type SendCodeEvent = { type: 'code.send'; phone: string; captcha: string };
export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | CaptchaEvent
  | { type: 'path.smsLogin' }
  | { type: 'path.passwordLogin' }
  | { type: 'path.register' }
  | { type: 'path.reset' }
  | { type: 'phone.edit' }
  | SendCodeEvent
  | { type: 'code.submit'; code: string }
  | { type: 'password.submit'; username: string; password: string; captcha: string }
  | { type: 'newPassword.submit'; newPassword: string; confirmPassword: string; captcha: string };

/**
 * The resend countdown beside every code entry (SMS login, register, reset): the same rule three times,
 * so one definition; the actor id names the purpose, which the code is bound to.
 */
const resendCountdown = (purpose: CodePurpose) => ({
  description: 'Issue 2: "sendMobileVerificationCode with a resend countdown".',
  initial: 'waiting' as const,
  states: {
    waiting: resendWaiting({
      wait: RESEND_DELAY_MS,
      then: 'ready',
      description: `Issue 2: "resend countdown": ${RESEND_SECONDS} seconds before another code can be sent.`,
      over: 'The countdown is over: a new code may be sent.',
    }),
    ready: {
      description: 'Issue 2: after the "resend countdown" the customer may ask for a new code (spec section 7: sendMobileVerificationCode, with a new image code).',
      on: {
        'code.send': [
          { guard: 'phoneAndCaptchaAreValid', target: 'sending', actions: ['keepSubmitted', 'clearProblems'], description: 'Issue 2: a resend needs a new image captcha too ("required before an SMS is sent").' } as const,
          { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' } as const,
        ],
      },
    },
    sending: {
      description: 'Issue 2: a resend is another sendMobileVerificationCode, under the same limits.',
      tags: ['technical'],
      invoke: {
        id: `resend${purpose[0]!.toUpperCase()}${purpose.slice(1)}Code`, src: 'sendCode' as const,
        input: ({ context }: { context: LoginContext }) => ({ phone: context.phone, type: purpose, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
        onDone: { target: 'waiting', actions: ['captchaIsSpent', 'startResendCountdown'], description: 'A new code is sent; the previous one no longer works and the countdown starts again.' } as const,
        onError: { target: 'ready', actions: ['captchaIsSpent', 'showProblem'], description: 'Issue 2: "Sends limited per number and per IP (429 with a clear message)".' } as const,
      },
    },
  },
});

/**
 * Register and reset both start by proving the number: phone and image code, the SMS code with its resend
 * countdown, then checMobilekVerificationCode for a ticket. One definition; the purpose binds the code.
 */
const provePhoneByCode = (purpose: 'register' | 'reset') => {
  const Purpose = `${purpose[0]!.toUpperCase()}${purpose.slice(1)}`;
  return {
    enteringPhone: {
      description: 'Spec section 5: the phone "must be valid/numeric"; issue 2: the image captcha is "required before an SMS is sent".',
      on: {
        'code.send': [
          { guard: 'phoneAndCaptchaAreValid', target: 'sendingCode', actions: ['keepSubmitted', 'clearProblems'], description: 'Issue 2: the image captcha is "required before an SMS is sent".' } as const,
          { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' } as const,
        ],
      },
    },
    sendingCode: {
      description: 'Issue 2: sendMobileVerificationCode; "Sends limited per number and per IP".',
      tags: ['technical'],
      invoke: {
        id: `send${Purpose}Code`, src: 'sendCode' as const,
        input: ({ context }: { context: LoginContext }) => ({ phone: context.phone, type: purpose, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
        onDone: { target: 'enteringCode', actions: ['captchaIsSpent', 'startResendCountdown'], description: 'Issue 2: "Answers for registered and unknown numbers must not reveal which is which."' } as const,
        onError: { target: 'enteringPhone', actions: ['captchaIsSpent', 'showProblem'], description: 'Issue 2: "Sends limited per number and per IP (429 with a clear message)"; a wrong image code gets a fresh one.' } as const,
      },
    },
    enteringCode: {
      description: 'Issue 2: the customer types the code "with a resend countdown" running beside it.',
      type: 'parallel' as const,
      on: { 'phone.edit': { target: 'enteringPhone', actions: 'clearProblems', description: 'The customer corrects the number; what they typed is kept.' } as const },
      states: {
        entry: {
          description: 'Spec section 7: checMobilekVerificationCode checks the code the customer types; section 9: "verification code validity 5 minutes".',
          initial: 'editing' as const,
          states: {
            editing: {
              description: 'Spec section 5 / issue 2: "6 digits ... valid 5 minutes".',
              on: {
                'code.submit': [
                  { guard: 'codeHasSixDigits', target: 'checking', actions: ['keepSubmitted', 'clearProblems'], description: 'Issue 2: "Codes: 6 digits".' } as const,
                  { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' } as const,
                ],
              },
            },
            checking: {
              description: 'Spec section 7: checMobilekVerificationCode proves the code and answers a ticket.',
              tags: ['technical'],
              invoke: {
                id: `check${Purpose}Code`, src: 'checkCode' as const,
                input: ({ context }: { context: LoginContext }) => ({ phone: context.phone, code: context.code, type: purpose }),
                onDone: { target: `#login.loginPage.path.${purpose}.checkingRegistered`, actions: 'keepTicket', description: 'checMobilekVerificationCode answers a single-use ticket bound to the phone and purpose.' } as const,
                onError: { target: 'editing', actions: 'showProblem', description: 'Issue 2: a code is "dead after 5 wrong tries".' } as const,
              },
            },
          },
        },
        resend: resendCountdown(purpose),
      },
    },
  };
};

export interface SendCodeInput { phone: string; type: CodePurpose; captcha: string; captchaToken: string }
export interface CheckCodeInput { phone: string; code: string; type: CodePurpose }
export interface RegisterOrResetInput {
  ticket: string; type: 'register' | 'reset'; password: string; confirmPassword: string; captcha: string; captchaToken: string;
}
export type TokenInput =
  | { grant_type: 'password'; username: string; password: string; captcha: string; captchaToken: string }
  | { grant_type: 'sms_code'; phone: string; code: string };

const hostProvides = <O, I>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/login.ts)')));

/** Zod issues of one schema, grouped by the field they belong to (messages are i18n keys). */
const fieldIssues = (schema: z.ZodType, value: unknown, fieldOf: (path: PropertyKey | undefined) => LoginField): FieldErrors => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path[0]);
    (out[field] ??= []).push(issue.message);
  }
  return out;
};
const asField = (fallback: LoginField) => (key: PropertyKey | undefined): LoginField => (typeof key === 'string' ? (key as LoginField) : fallback);

const sendCodeForm = z.object({ phone: phoneField, captcha: captchaField });
const codeForm = z.object({ code: smsCodeField });
const passwordLoginForm = z.object({ captcha: captchaField }).and(tokenBody);
const newPasswordForm = z.object({ captcha: captchaField }).and(registerOrResetBody);

export const loginProblems = {
  sendCode: (e: SendCodeEvent) => fieldIssues(sendCodeForm, e, asField('phone')),
  code: (code: string) => fieldIssues(codeForm, { code }, asField('code')),
  passwordLogin: (e: { username: string; password: string; captcha: string }) =>
    fieldIssues(passwordLoginForm, { grant_type: 'password', ...e }, asField('password')),
  newPassword: (e: { newPassword: string; confirmPassword: string; captcha: string }, ticket: string | null) =>
    fieldIssues(newPasswordForm, { ticket: ticket ?? '-', type: 'register', password: e.newPassword, confirmPassword: e.confirmPassword, captcha: e.captcha },
      (key) => (key === 'password' ? 'newPassword' : asField('newPassword')(key))),
};

const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** Reads an actor's error (the host throws ApiError) without importing the client. */
export const toProblem = (error: unknown): Problem => {
  const e = (error ?? {}) as Partial<Problem>;
  return { code: typeof e.code === 'string' ? e.code : 'http', message: typeof e.message === 'string' ? e.message : '', status: typeof e.status === 'number' ? e.status : 0 };
};

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as { token: string },
  },
  actors: {
    ...captchaActors,
    sendCode: hostProvides<DataOf<typeof sendMobileVerificationCode>, SendCodeInput>(),
    checkCode: hostProvides<DataOf<typeof checMobilekVerificationCode>, CheckCodeInput>(),
    checkRegistered: hostProvides<DataOf<typeof checkIsRegistered>, { ticket: string }>(),
    registerOrReset: hostProvides<DataOf<typeof registerOrResetUser>, RegisterOrResetInput>(),
    requestToken: hostProvides<DataOf<typeof oauthToken>, TokenInput>(),
  },
  guards: {
    phoneAndCaptchaAreValid: ({ context, event }) =>
      event.type === 'code.send' && context.captchaToken !== null && isEmpty(loginProblems.sendCode(event)),
    codeHasSixDigits: ({ event }) => event.type === 'code.submit' && isEmpty(loginProblems.code(event.code)),
    usernamePasswordAndCaptchaAreFilled: ({ context, event }) =>
      event.type === 'password.submit' && context.captchaToken !== null && isEmpty(loginProblems.passwordLogin(event)),
    newPasswordMeetsTheRules: ({ context, event }) =>
      event.type === 'newPassword.submit' && context.captchaToken !== null && isEmpty(loginProblems.newPassword(event, context.ticket)),
    numberIsRegistered: ({ event }) => (event as { output?: { registered?: boolean } }).output?.registered === true,
    ticketWasRejected: ({ event }) => toProblem((event as { error?: unknown }).error).code === 'ticketInvalid',
  },
  actions: {
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    markInvalidFields: assign(({ context, event }) => {
      switch (event.type) {
        case 'code.send': {
          const errors = loginProblems.sendCode(event);
          return { phone: event.phone, captcha: event.captcha, fieldErrors: isEmpty(errors) ? { captcha: ['login:captcha.notReady'] } : errors };
        }
        case 'code.submit': return { code: event.code, fieldErrors: loginProblems.code(event.code) };
        case 'password.submit': {
          const errors = loginProblems.passwordLogin(event);
          return { username: event.username, password: event.password, captcha: event.captcha, fieldErrors: isEmpty(errors) ? { captcha: ['login:captcha.notReady'] } : errors };
        }
        case 'newPassword.submit': {
          const errors = loginProblems.newPassword(event, context.ticket);
          return { newPassword: event.newPassword, confirmPassword: event.confirmPassword, captcha: event.captcha, fieldErrors: isEmpty(errors) ? { captcha: ['login:captcha.notReady'] } : errors };
        }
        default: return {};
      }
    }),
    keepSubmitted: assign(({ event }) => {
      switch (event.type) {
        case 'code.send': return { phone: event.phone, captcha: event.captcha };
        case 'code.submit': return { code: event.code };
        case 'password.submit': return { username: event.username, password: event.password, captcha: event.captcha };
        case 'newPassword.submit': return { newPassword: event.newPassword, confirmPassword: event.confirmPassword, captcha: event.captcha };
        default: return {};
      }
    }),
    clearProblems: assign({ fieldErrors: {}, problem: null }),
    clearNotice: assign({ notice: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    ...captchaActions<LoginContext, LoginEvent>(),
    startResendCountdown: assign(resendCountdownOf(RESEND_SECONDS)),
    ...resendCountdownActions<LoginContext, LoginEvent>(),
    forgetCode: assign({ code: '', ticket: null }),
    keepTicket: assign({ ticket: ({ event }) => (event as { output?: { ticket?: string } }).output?.ticket ?? null }),
    keepToken: assign({ token: ({ event }) => (event as { output?: { access_token?: string } }).output?.access_token ?? null }),
    prefillUsernameWithPhone: assign({ username: ({ context }) => context.phone }),
    prefillRegisteredUsername: assign(({ event }) => ({
      username: (event as { output?: { username?: string } }).output?.username ?? '',
      password: '', newPassword: '', confirmPassword: '', ticket: null,
    })),
    announceRegistered: assign({ notice: 'registered' as Notice }),
    announcePasswordReset: assign({ notice: 'passwordReset' as Notice }),
  },
}).createMachine({
  id: 'login',
  description: 'Spec section 2, /login: "login by SMS code or by username and password; also register and reset password."',
  context: () => ({
    phone: '', captcha: '', code: '', username: '', password: '', newPassword: '', confirmPassword: '',
    captchaImage: null, captchaToken: null, ticket: null, ...resendCountdownOf(0), fieldErrors: {}, problem: null, notice: null, token: null,
  }),
  initial: 'loginPage',
  output: ({ context }) => ({ token: context.token ?? '' }),
  states: {
    loginPage: {
      description: 'Spec section 2, /login: the page runs the image captcha beside the chosen way of logging in.',
      type: 'parallel',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost: every field is kept across errors and path switches (STYLE.md).' },
      },
      states: {
        captcha: captchaRegion({
          region: 'Issue 2: "Image captcha from GET /gateway/pcapp/createImg, required before an SMS is sent and before a password login ... single use, short-lived."',
          ready: 'The image code is shown and can be typed; issue 2: it is "single use, short-lived".',
          spent: 'Issue 2: the image captcha is "single use": once a call carried it, a new one is fetched.',
        }),
        path: {
          description: 'Spec section 2: "login by SMS code or by username and password; also register and reset password."',
          initial: 'smsLogin',
          on: {
            'path.smsLogin': { target: '.smsLogin', actions: ['clearProblems', 'clearNotice'], description: 'Spec section 2: "login by SMS code".' },
            'path.passwordLogin': { target: '.passwordLogin', actions: ['clearProblems'], description: 'Spec section 2: "or by username and password".' },
            'path.register': { target: '.register', actions: ['clearProblems', 'clearNotice', 'forgetCode'], description: 'Spec section 2: "also register".' },
            'path.reset': { target: '.reset', actions: ['clearProblems', 'clearNotice', 'forgetCode'], description: 'Spec section 2: "and reset password"; spec section 5: "Reset by old password or SMS code".' },
          },
          states: {
            smsLogin: {
              description: 'Spec section 2 /login: "login by SMS code"; the contract adds that an unknown number gets an account on the spot (login or register).',
              initial: 'enteringPhone',
              states: {
                enteringPhone: {
                  description: 'Spec section 5: the phone "must be valid/numeric"; issue 2: the image captcha is "required before an SMS is sent".',
                  on: {
                    'code.send': [
                      { guard: 'phoneAndCaptchaAreValid', target: 'sendingCode', actions: ['keepSubmitted', 'clearProblems'], description: 'Issue 2: the image captcha is "required before an SMS is sent"; spec section 5: "Phone must be valid".' },
                      { actions: 'markInvalidFields', description: 'Each field that breaks a rule shows its own message next to it.' },
                    ],
                  },
                },
                sendingCode: {
                  description: 'Issue 2: sendMobileVerificationCode; "Sends limited per number and per IP".',
                  tags: ['technical'],
                  invoke: {
                    id: 'sendLoginCode', src: 'sendCode',
                    input: ({ context }) => ({ phone: context.phone, type: 'login' as const, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                    onDone: { target: 'enteringCode', actions: ['captchaIsSpent', 'startResendCountdown'], description: 'Issue 2: "sendMobileVerificationCode with a resend countdown"; the answer is the same for registered and unknown numbers.' },
                    onError: { target: 'enteringPhone', actions: ['captchaIsSpent', 'showProblem'], description: 'A wrong captcha or too many sends: the message is shown and a fresh captcha loaded ("single use").' },
                  },
                },
                enteringCode: {
                  description: 'Issue 2: the customer types the code "with a resend countdown" running beside it.',
                  type: 'parallel',
                  on: { 'phone.edit': { target: 'enteringPhone', actions: 'clearProblems', description: 'The customer corrects the number; what they typed stays.' } },
                  states: {
                    entry: {
                      description: 'Spec section 7: checMobilekVerificationCode checks the code the customer types; section 9: "verification code validity 5 minutes".',
                      initial: 'editing',
                      states: {
                        editing: {
                          description: 'Spec section 5 / issue 2: "6 digits ... valid 5 minutes".',
                          on: {
                            'code.submit': [
                              { guard: 'codeHasSixDigits', target: 'submitting', actions: ['keepSubmitted', 'clearProblems'], description: 'Issue 2: "Codes: 6 digits".' },
                              { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                            ],
                          },
                        },
                        submitting: {
                          description: 'Spec section 7: POST /gateway/customer.core/oauth/token with the SMS-code grant.',
                          tags: ['technical'],
                          invoke: {
                            id: 'requestSmsToken', src: 'requestToken',
                            input: ({ context }) => ({ grant_type: 'sms_code' as const, phone: context.phone, code: context.code }),
                            onDone: { target: '#login.loggedIn', actions: 'keepToken', description: 'Issue 2: "POST /gateway/customer.core/oauth/token (... SMS-code grant ...) returns access_token".' },
                            onError: { target: 'editing', actions: 'showProblem', description: 'Issue 2: codes are "valid 5 minutes, single use ... dead after 5 wrong tries"; the message says what to do next.' },
                          },
                        },
                      },
                    },
                    resend: resendCountdown('login'),
                  },
                },
              },
            },
            passwordLogin: {
              description: 'Spec section 2: "login ... by username and password"; issue 2: the captcha is "required ... before a password login".',
              initial: 'editing',
              states: {
                editing: {
                  description: 'Username and password with the image code; spec section 5: "Username required".',
                  on: {
                    'password.submit': [
                      { guard: 'usernamePasswordAndCaptchaAreFilled', target: 'submitting', actions: ['keepSubmitted', 'clearProblems'], description: 'Spec section 5: "Username required"; issue 2: captcha "required ... before a password login".' },
                      { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                    ],
                  },
                },
                submitting: {
                  description: 'Spec section 7: POST /gateway/customer.core/oauth/token with the password grant, "basic client auth, image-code headers".',
                  tags: ['technical'],
                  invoke: {
                    id: 'requestPasswordToken', src: 'requestToken',
                    input: ({ context }) => ({ grant_type: 'password' as const, username: context.username, password: context.password, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                    onDone: { target: '#login.loggedIn', actions: 'keepToken', description: 'Issue 2: "oauth/token (password ... grant ...) returns access_token".' },
                    onError: { target: 'editing', actions: ['captchaIsSpent', 'showProblem', 'clearNotice'], description: 'Spec section 8: "90068 wrong username or password": the message stays with the form and a fresh captcha is loaded.' },
                  },
                },
              },
            },
            register: {
              description: 'Spec section 2: "also register": prove the number by SMS code, then set a password.',
              initial: 'enteringPhone',
              states: {
                ...provePhoneByCode('register'),
                checkingRegistered: {
                  description: 'Spec section 7: checkIsRegistered, asked only with the ticket that proves the number.',
                  tags: ['technical'],
                  invoke: {
                    id: 'checkRegisteredForRegister', src: 'checkRegistered',
                    input: ({ context }) => ({ ticket: context.ticket ?? '' }),
                    onDone: [
                      { guard: 'numberIsRegistered', target: 'alreadyRegistered', actions: 'prefillUsernameWithPhone', description: 'checkIsRegistered: told only after the code is proven, so numbers cannot be probed.' },
                      { target: 'settingPassword', description: 'A new number: the customer sets a password for the account.' },
                    ],
                    onError: { target: 'enteringPhone', actions: ['showProblem', 'forgetCode'], description: 'The ticket was refused (used or older than 10 minutes): the number must be proven again.' },
                  },
                },
                alreadyRegistered: {
                  description: 'Spec section 7: checkIsRegistered says the number already has an account; spec section 2 /login offers "login by username and password" (number prefilled) or "reset password".',
                },
                settingPassword: {
                  description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; no keyboard-sequence passwords." Each unmet rule is shown live.',
                  on: {
                    'newPassword.submit': [
                      { guard: 'newPasswordMeetsTheRules', target: 'saving', actions: ['keepSubmitted', 'clearProblems'], description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; no keyboard-sequence passwords".' },
                      { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                    ],
                  },
                },
                saving: {
                  description: 'Spec section 7: registerOrResetUser creates the account and spends the ticket.',
                  tags: ['technical'],
                  invoke: {
                    id: 'register', src: 'registerOrReset',
                    input: ({ context }) => ({ ticket: context.ticket ?? '', type: 'register' as const, password: context.newPassword, confirmPassword: context.confirmPassword, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                    onDone: {
                      target: '#login.loginPage.path.passwordLogin',
                      actions: ['captchaIsSpent', 'prefillRegisteredUsername', 'announceRegistered'],
                      description: 'Registered. The code is spent and a password login needs a captcha, so the customer logs in by password with the username prefilled.',
                    },
                    onError: [
                      { guard: 'ticketWasRejected', target: 'enteringPhone', actions: ['captchaIsSpent', 'showProblem', 'forgetCode'], description: 'The verification ticket is single use and lives 10 minutes: the number must be proven again.' },
                      { target: 'settingPassword', actions: ['captchaIsSpent', 'showProblem'], description: 'The gateway refused the password or the image code: the message says why; the passwords typed are kept.' },
                    ],
                  },
                },
              },
            },
            reset: {
              description: 'Spec section 5: "Reset by old password or SMS code": prove the number by SMS code, then set a new password.',
              initial: 'enteringPhone',
              states: {
                ...provePhoneByCode('reset'),
                checkingRegistered: {
                  description: 'Spec section 7: checkIsRegistered, asked only with the ticket that proves the number.',
                  tags: ['technical'],
                  invoke: {
                    id: 'checkRegisteredForReset', src: 'checkRegistered',
                    input: ({ context }) => ({ ticket: context.ticket ?? '' }),
                    onDone: [
                      { guard: 'numberIsRegistered', target: 'settingPassword', description: 'The number has an account: the customer sets a new password (spec section 5: "Reset by old password or SMS code").' },
                      { target: 'notRegistered', description: 'Spec section 8: "user not registered" (told only after the code is proven).' },
                    ],
                    onError: { target: 'enteringPhone', actions: ['showProblem', 'forgetCode'], description: 'The ticket was refused (used or older than 10 minutes): the number must be proven again.' },
                  },
                },
                notRegistered: {
                  description: 'Spec section 8: "user not registered": the customer is offered to register instead.',
                },
                settingPassword: {
                  description: 'Spec section 5: "Password 8-16 characters with upper, lower, digit and special character; must match confirmation; no keyboard-sequence passwords." Each unmet rule is shown live.',
                  on: {
                    'newPassword.submit': [
                      { guard: 'newPasswordMeetsTheRules', target: 'saving', actions: ['keepSubmitted', 'clearProblems'], description: 'Spec section 5 password rules.' },
                      { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                    ],
                  },
                },
                saving: {
                  description: 'Spec section 7: registerOrResetUser sets the new password and spends the ticket.',
                  tags: ['technical'],
                  invoke: {
                    id: 'resetPassword', src: 'registerOrReset',
                    input: ({ context }) => ({ ticket: context.ticket ?? '', type: 'reset' as const, password: context.newPassword, confirmPassword: context.confirmPassword, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                    onDone: {
                      target: '#login.loginPage.path.passwordLogin',
                      actions: ['captchaIsSpent', 'prefillRegisteredUsername', 'announcePasswordReset'],
                      description: 'The new password is set: the customer logs in by password with the username prefilled.',
                    },
                    onError: [
                      { guard: 'ticketWasRejected', target: 'enteringPhone', actions: ['captchaIsSpent', 'showProblem', 'forgetCode'], description: 'The verification ticket is single use and lives 10 minutes: the number must be proven again.' },
                      { target: 'settingPassword', actions: ['captchaIsSpent', 'showProblem'], description: 'The gateway refused the password or the image code: the message says why; the passwords typed are kept.' },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    loggedIn: {
      type: 'final',
      description: 'Issue 2: "Token kept in the cookie the spec names and sent as Bearer"; /login "returns there after login (default /personal)".',
    },
  },
});

export type LoginMachine = typeof loginMachine;
