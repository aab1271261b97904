import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine, RESEND_SECONDS } from '../../machines/login.machine';
import { loginModel, VALID } from '../../machines/models/index';
import { describeChartPaths } from './toolkit/describeChart';

describe('login chart paths', () => describeChartPaths(loginModel));

/** The chart with instant fake calls, for the rules a path alone does not show. */
const withFakes = (over: Partial<Record<'requestToken' | 'registerOrReset' | 'checkRegistered', () => Promise<unknown>>> = {}) => {
  let captchas = 0;
  return loginMachine.provide({
    actors: {
      loadCaptcha: fromPromise(async () => ({ imageUrl: 'data:,', token: `captcha-${++captchas}` })),
      sendCode: fromPromise(async () => ({ resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: 300 })),
      checkCode: fromPromise(async () => ({ ticket: 'ticket-1' })),
      checkRegistered: fromPromise(over.checkRegistered ?? (async () => ({ registered: false }))) as never,
      registerOrReset: fromPromise(over.registerOrReset ?? (async () => ({ username: VALID.phone }))) as never,
      requestToken: fromPromise(over.requestToken ?? (async () => ({ access_token: 'token-1' }))) as never,
    },
  });
};
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => { vi.useRealTimers(); });

describe('loginPage', () => {
  it('keeps what the customer typed across path switches and errors', async () => {
    const actor = createActor(withFakes()).start();
    actor.send({ type: 'field.change', field: 'phone', value: VALID.phone });
    actor.send({ type: 'path.passwordLogin' });
    actor.send({ type: 'field.change', field: 'username', value: 'demo' });
    actor.send({ type: 'path.register' });
    actor.send({ type: 'path.smsLogin' });
    expect(actor.getSnapshot().context).toMatchObject({ phone: VALID.phone, username: 'demo' });
  });

  it('shows each broken rule next to its field', async () => {
    const actor = createActor(withFakes()).start();
    await settle();
    actor.send({ type: 'code.send', phone: '123', captcha: '' });
    const errors = actor.getSnapshot().context.fieldErrors;
    expect(errors.phone).toContain('validation:phone.invalid');
    expect(errors.captcha).toContain('validation:captcha.required');
    expect(actor.getSnapshot().context.phone).toBe('123');
  });
});

describe('passwordLogin', () => {
  it('90068 stays with the message, keeps the username and loads a fresh captcha', async () => {
    const actor = createActor(withFakes({ requestToken: async () => { throw Object.assign(new Error('Wrong username or password'), { code: '90068', status: 422 }); } })).start();
    await settle();
    actor.send({ type: 'path.passwordLogin' });
    actor.send({ type: 'password.submit', username: 'demo', password: 'wrong', captcha: VALID.captcha });
    await settle();
    const s = actor.getSnapshot();
    expect(s.matches({ loginPage: { path: { passwordLogin: 'editing' } } })).toBe(true);
    expect(s.context.problem).toMatchObject({ code: '90068', message: 'Wrong username or password' });
    expect(s.context.username).toBe('demo');
    expect(s.context.captchaToken).toBe('captcha-2');
  });

  it('logs in and answers the token', async () => {
    const actor = createActor(withFakes()).start();
    await settle();
    actor.send({ type: 'path.passwordLogin' });
    actor.send({ type: 'password.submit', username: 'demo', password: VALID.password, captcha: VALID.captcha });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ token: 'token-1' });
  });
});

describe('smsLogin.enteringCode', () => {
  it(`counts down ${RESEND_SECONDS} s before a code can be sent again`, async () => {
    vi.useFakeTimers();
    const actor = createActor(withFakes()).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'code.send', phone: VALID.phone, captcha: VALID.captcha });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: RESEND_SECONDS, resendWaitSeconds: RESEND_SECONDS });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: RESEND_SECONDS - 3, resendWaitSeconds: RESEND_SECONDS });
    expect(actor.getSnapshot().matches({ loginPage: { path: { smsLogin: { enteringCode: { resend: 'waiting' } } } } })).toBe(true);
    await vi.advanceTimersByTimeAsync((RESEND_SECONDS - 3) * 1000);
    expect(actor.getSnapshot().matches({ loginPage: { path: { smsLogin: { enteringCode: { resend: 'ready' } } } } })).toBe(true);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(0);
    actor.stop();
  });
});

describe('register', () => {
  const registerUntilPassword = async (registered: boolean) => {
    const actor = createActor(withFakes({ checkRegistered: async () => ({ registered }) })).start();
    await settle();
    actor.send({ type: 'path.register' });
    actor.send({ type: 'code.send', phone: VALID.phone, captcha: VALID.captcha });
    await settle();
    actor.send({ type: 'code.submit', code: VALID.code });
    await settle();
    await settle();
    return actor;
  };

  it('an already registered number is offered password login with the number prefilled', async () => {
    const actor = await registerUntilPassword(true);
    expect(actor.getSnapshot().matches({ loginPage: { path: { register: 'alreadyRegistered' } } })).toBe(true);
    expect(actor.getSnapshot().context.username).toBe(VALID.phone);
  });

  it('after registering, password login is prefilled and says so', async () => {
    const actor = await registerUntilPassword(false);
    expect(actor.getSnapshot().matches({ loginPage: { path: { register: 'settingPassword' } } })).toBe(true);
    actor.send({ type: 'newPassword.submit', newPassword: VALID.newPassword, confirmPassword: VALID.newPassword, captcha: VALID.captcha });
    await settle();
    const s = actor.getSnapshot();
    expect(s.matches({ loginPage: { path: { passwordLogin: 'editing' } } })).toBe(true);
    expect(s.context).toMatchObject({ username: VALID.phone, notice: 'registered', newPassword: '' });
  });

  it('refuses a keyboard-sequence password and keeps it for correction', async () => {
    const actor = await registerUntilPassword(false);
    actor.send({ type: 'newPassword.submit', newPassword: 'Asdf#1234', confirmPassword: 'Asdf#1234', captcha: VALID.captcha });
    const s = actor.getSnapshot();
    expect(s.matches({ loginPage: { path: { register: 'settingPassword' } } })).toBe(true);
    expect(s.context.fieldErrors.newPassword).toContain('validation:password.sequence');
    expect(s.context.newPassword).toBe('Asdf#1234');
  });
});
