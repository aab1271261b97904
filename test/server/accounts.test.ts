import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { customers, sessions } from '../../src/server/db/schema';
import { SCRYPT } from '../../src/server/accounts/passwords';
import { hit, ipSubject, RULES } from '../../src/server/limits';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import {
  BASIC, bearer, call, captchaHeaders, latestCode, newCaptcha, passwordLogin, randomIp, randomPhone, register, sendCode, ticketFor,
} from './helpers';

const PASSWORD = 'Lotus#2917';
const NEW_PASSWORD = 'Harbor!8305';

describe.each(testDatabases({ postgres: false, because: 'registration, login and profile one request at a time; their limits and races are proved on both in limits, loginAnswers and codes' }))('accounts on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const userInfo = (token: string) => call(server, endpoints.userInfo, { headers: bearer(token) });

  describe('register', () => {
    it('creates the account with the phone digits as username and a scrypt hash', async () => {
      const phone = randomPhone();
      const res = await register(server, phone, PASSWORD);
      expect(res.body).toMatchObject({ code: '200', data: { username: phone } });
      const [row] = await server.db.select().from(customers).where(eq(customers.phone, phone));
      // The cost the hash was made with is written in it: OWASP's 2^17 in the product, what TEST_SCRYPT_LOG2N says here.
      expect(row?.passwordHash).toMatch(new RegExp(`^scrypt\\$${SCRYPT.N}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{86}$`));
      expect(row?.passwordHash).not.toContain(PASSWORD);
    });

    it('spends the ticket: it cannot be used twice', async () => {
      const phone = randomPhone();
      const ticket = await ticketFor(server, phone, 'register');
      const body = { ticket, type: 'register', password: PASSWORD, confirmPassword: PASSWORD };
      expect((await call(server, endpoints.registerOrResetUser, { body })).body.code).toBe('200');
      expect((await call(server, endpoints.registerOrResetUser, { body })).body.code).toBe('ticketInvalid');
    });

    it('tells alreadyRegistered only after the code is proven', async () => {
      const res = await register(server, '6265550100', PASSWORD);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('alreadyRegistered');
    });

    it('re-checks the password rules on the server', async () => {
      const ticket = await ticketFor(server, randomPhone(), 'register');
      const weak = await call(server, endpoints.registerOrResetUser, {
        body: { ticket, type: 'register', password: 'Abcd@1234', confirmPassword: 'Abcd@1234' }, headers: { Language: 'zh-Hans' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('密码：不能使用 1234、abcd、qwer 这类键盘连续字符。');
      const mismatch = await call(server, endpoints.registerOrResetUser, {
        body: { ticket, type: 'register', password: PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(mismatch.body.message).toBe("Confirm password: The two passwords don't match.");
      // The ticket survives a request that failed validation.
      expect((await call(server, endpoints.registerOrResetUser, { body: { ticket, type: 'register', password: PASSWORD, confirmPassword: PASSWORD } })).body.code).toBe('200');
    });

    it('a register ticket cannot reset a password', async () => {
      const ticket = await ticketFor(server, '6265550100', 'register');
      const res = await call(server, endpoints.registerOrResetUser, { body: { ticket, type: 'reset', password: PASSWORD, confirmPassword: PASSWORD } });
      expect(res.body.code).toBe('ticketInvalid');
    });
  });

  describe('password login (oauth/token)', () => {
    it('logs in by username or phone and answers a bearer token', async () => {
      const res = await passwordLogin(server, 'demo', 'Demo@2468');
      expect(res.body).toMatchObject({ code: '200', data: { token_type: 'bearer', expires_in: 43200, scope: 'eshop' } });
      expect(res.body.data?.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored] = await server.db.select().from(sessions).orderBy(sessions.id);
      expect(JSON.stringify(stored)).not.toContain(res.body.data!.access_token);
      const byPhone = await passwordLogin(server, '(626) 555-0100', 'Demo@2468');
      expect(byPhone.body.code).toBe('200');
    });

    it('answers 90068 alike for a wrong password and an unknown user', async () => {
      const wrong = await passwordLogin(server, 'demo', 'Wrong@9753');
      const unknown = await passwordLogin(server, 'nobody-here', 'Wrong@9753');
      expect(wrong.body).toEqual({ code: '90068', message: 'Incorrect username or password.' });
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.status).toBe(wrong.status);
    });

    it('needs the basic client credentials and the captcha', async () => {
      const captcha = await newCaptcha(server);
      const noClient = await call(server, endpoints.oauthToken, {
        query: { grant_type: 'password' }, body: { username: 'demo', password: 'Demo@2468' }, form: true, headers: captchaHeaders(captcha),
      });
      expect(noClient.status).toBe(401);
      expect(noClient.body.code).toBe('unauthorized');
      const noCaptcha = await call(server, endpoints.oauthToken, {
        query: { grant_type: 'password' }, body: { username: 'demo', password: 'Demo@2468' }, form: true, headers: { Authorization: BASIC },
      });
      expect(noCaptcha.body.code).toBe('captchaWrong');
    });

    it('never reads credentials from the query string (decision 0003)', async () => {
      const captcha = await newCaptcha(server);
      const res = await call(server, endpoints.oauthToken, {
        query: { grant_type: 'password', username: 'demo', password: 'Demo@2468' }, headers: { Authorization: BASIC, ...captchaHeaders(captcha) },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation', message: 'Username: Please enter your username or phone number.' });
    });

    it('accepts grant_type in a JSON body too', async () => {
      const captcha = await newCaptcha(server);
      const res = await call(server, endpoints.oauthToken, {
        body: { grant_type: 'password', username: 'demo', password: 'Demo@2468' }, headers: { Authorization: BASIC, ...captchaHeaders(captcha) },
      });
      expect(res.body.code).toBe('200');
    });

    it('throttles 5 failures per account in 15 minutes, even with the right password', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      for (let i = 0; i < 5; i++) expect((await passwordLogin(server, phone, 'Wrong@9753')).body.code).toBe('90068');
      const throttled = await passwordLogin(server, phone, PASSWORD);
      expect(throttled.status).toBe(429);
      expect(throttled.body.code).toBe('loginThrottled');
      server.clock.advance(15 * 60_000 + 1000);
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('200');
    });

    it('a password reset lifts the lockout of the account', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const [row] = await server.db.select().from(customers).where(eq(customers.phone, phone));
      // 5 failures on the account, counted without 5 slow scrypt checks.
      for (let i = 0; i < 5; i++) await server.app.deps.limits.take([hit(RULES.loginAccount, `customer:${row!.id}`)]);
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('loginThrottled');
      const ticket = await ticketFor(server, phone, 'reset');
      const reset = await call(server, endpoints.registerOrResetUser, { body: { ticket, type: 'reset', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect(reset.body.code).toBe('200');
      expect((await passwordLogin(server, phone, NEW_PASSWORD)).body.code).toBe('200');
    });

    it('throttles 30 failures from one IP', async () => {
      const ip = randomIp();
      // 29 earlier failures from this address (counted without 29 slow scrypt checks).
      for (let i = 0; i < 29; i++) await server.app.deps.limits.take([hit(RULES.loginIp, ipSubject(ip))]);
      expect((await passwordLogin(server, 'guess-29', 'Wrong@9753', ip)).body.code).toBe('90068');
      const blocked = await passwordLogin(server, 'demo', 'Demo@2468', ip);
      expect(blocked.body.code).toBe('loginThrottled');
      expect((await passwordLogin(server, 'demo', 'Demo@2468')).body.code).toBe('200');
      server.clock.advance(15 * 60_000 + 1000);
    });
  });

  describe('SMS-code login', () => {
    const smsLogin = (phone: string, code: string) => call<{ access_token: string }>(server, endpoints.oauthToken, {
      query: { grant_type: 'sms_code', scope: 'eshop' }, body: { phone, code }, form: true, headers: { Authorization: BASIC },
    });

    it('logs in an unknown number by creating its account (no password, isSmsUser 1)', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'login');
      const res = await smsLogin(phone, await latestCode(server, phone));
      expect(res.body.code).toBe('200');
      const info = await userInfo(res.body.data!.access_token);
      expect(info.body.data).toMatchObject({
        username: phone, msisdn: phone, isSmsUser: 1, showAutonewSetBtn: 0, hasPassword: false, sim: null,
        plan: { status: 'none' }, balances: { generalCents: 0, ildCents: 0 },
      });
    });

    it('spends the code, and a register code cannot log in', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'login');
      const code = await latestCode(server, phone);
      expect((await smsLogin(phone, code)).body.code).toBe('200');
      expect((await smsLogin(phone, code)).body.code).toBe('codeExpired');
      server.clock.advance(60_000);
      await sendCode(server, phone, 'register');
      expect((await smsLogin(phone, await latestCode(server, phone))).body.code).toBe('codeExpired');
    });
  });

  describe('userInfo, exit, reset and modifyPwd', () => {
    it('userInfo of the demo customer: line, plan and balances from the database', async () => {
      const token = (await passwordLogin(server, 'demo', 'Demo@2468')).body.data!.access_token;
      const info = await userInfo(token);
      expect(info.body.data).toMatchObject({
        username: 'demo', msisdn: '6265550100', isSmsUser: 0, showAutonewSetBtn: 1, hasPassword: true,
        supportPayMethods: ['account', 'bank_card', 'wechat_pay', 'default_card'],
        sim: { iccidLast4: '9012', type: 'physical', status: 'activated' },
        plan: { status: 'main', name: '5GB', autoRenew: false, dataTotalMb: 5120 },
        balances: { generalCents: 2500, ildCents: 500 },
      });
    });

    it('needs a valid token: 401 without one', async () => {
      const res = await call(server, endpoints.userInfo);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'unauthorized', message: 'Your session has expired. Please log in again.' });
      expect((await call(server, endpoints.userInfo, { headers: bearer('made-up') })).status).toBe(401);
    });

    it('exit revokes the token on the server', async () => {
      const token = (await passwordLogin(server, 'demo', 'Demo@2468')).body.data!.access_token;
      const out = await call(server, endpoints.exit, { headers: bearer(token) });
      expect(out.body).toMatchObject({ code: '200', data: { revoked: true } });
      expect((await userInfo(token)).status).toBe(401);
      expect((await call(server, endpoints.exit, { headers: bearer(token) })).status).toBe(401);
    });

    it('tokens expire after 12 hours', async () => {
      const token = (await passwordLogin(server, 'demo', 'Demo@2468')).body.data!.access_token;
      server.clock.advance(43_200_000 + 1000);
      expect((await userInfo(token)).status).toBe(401);
    });

    it('reset sets a new password and revokes the sessions; an unknown number is notRegistered', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const token = (await passwordLogin(server, phone, PASSWORD)).body.data!.access_token;
      const ticket = await ticketFor(server, phone, 'reset');
      const reset = await call(server, endpoints.registerOrResetUser, { body: { ticket, type: 'reset', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect(reset.body).toMatchObject({ code: '200', data: { username: phone } });
      expect((await userInfo(token)).status).toBe(401);
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('90068');
      expect((await passwordLogin(server, phone, NEW_PASSWORD)).body.code).toBe('200');

      const stranger = await ticketFor(server, randomPhone(), 'reset');
      const none = await call(server, endpoints.registerOrResetUser, { body: { ticket: stranger, type: 'reset', password: PASSWORD, confirmPassword: PASSWORD } });
      expect(none.body.code).toBe('notRegistered');
    });

    it('modifyPwd checks the old password, the rules, and revokes the other sessions', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const current = (await passwordLogin(server, phone, PASSWORD)).body.data!.access_token;
      const other = (await passwordLogin(server, phone, PASSWORD)).body.data!.access_token;
      const change = (oldPassword: string, newPassword: string, lang = 'en') => call(server, endpoints.modifyPwd, {
        body: { oldPassword, newPassword, confirmPassword: newPassword }, headers: { ...bearer(current), Language: lang },
      });
      expect((await change('Wrong@9753', NEW_PASSWORD)).body.code).toBe('passwordOldWrong');
      const same = await change(PASSWORD, PASSWORD, 'zh-Hant');
      expect(same.body.message).toBe('新密碼：新密碼不可與舊密碼相同。');
      expect((await change(PASSWORD, 'Sh0rt!')).body.message).toMatch(/^New password: /);
      expect((await change(PASSWORD, NEW_PASSWORD)).body).toMatchObject({ code: '200', data: { changed: true } });
      expect((await userInfo(current)).status).toBe(200);
      expect((await userInfo(other)).status).toBe(401);
      expect((await passwordLogin(server, phone, NEW_PASSWORD)).body.code).toBe('200');
    });

    it('modifyPwd checks the captcha when the client sends it', async () => {
      const token = (await passwordLogin(server, 'demo', 'Demo@2468')).body.data!.access_token;
      const res = await call(server, endpoints.modifyPwd, {
        body: { oldPassword: 'Demo@2468', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        headers: { ...bearer(token), 'IMAGE-CODE': 'ABCD', 'X-IMAGE-CODE-TOKEN': 'nope' },
      });
      expect(res.body.code).toBe('captchaWrong');
    });
  });
});
