import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { captchas, verificationCodes } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call, captchaHeaders, latestCode, newCaptcha, randomIp, randomPhone, sendCode } from './helpers';

const MINUTE = 60_000;

describe.each(testDatabases())('captcha and SMS codes on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const check = (phone: string, code: string, type = 'register') =>
    call<{ ticket: string }>(server, endpoints.checMobilekVerificationCode, { body: { phone, code, type } });

  describe('image captcha', () => {
    it('answers an SVG drawn with strokes (no text) and a token header; stores only hashes', async () => {
      const res = await fetch(new URL(endpoints.createImg.path, server.url));
      const svg = await res.text();
      const token = res.headers.get('x-image-code-token')!;
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(svg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
      expect(svg).not.toMatch(/<text/);
      const answer = await server.captchaAnswer(token);
      expect(answer).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/);
      const rows = await server.db.select().from(captchas);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(answer);
    });

    it('is single use: a right answer works once, a wrong answer spends it too', async () => {
      const phone = randomPhone();
      const captcha = await newCaptcha(server);
      expect((await call(server, endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders(captcha) })).body.code).toBe('200');
      server.clock.advance(2 * MINUTE);
      const reused = await call(server, endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders(captcha) });
      expect(reused.body.code).toBe('captchaWrong');

      const other = await newCaptcha(server);
      const wrong = await call(server, endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders({ ...other, answer: 'ZZZZ' === other.answer ? 'YYYY' : 'ZZZZ' }) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('captchaWrong');
      const thenRight = await call(server, endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders(other) });
      expect(thenRight.body.code).toBe('captchaWrong');
    });

    it('accepts the answer in any letter case, and expires after 2 minutes', async () => {
      const lower = await newCaptcha(server);
      const ok = await call(server, endpoints.sendMobileVerificationCode, { body: { phone: randomPhone(), type: 'login' }, headers: captchaHeaders({ ...lower, answer: lower.answer.toLowerCase() }) });
      expect(ok.body.code).toBe('200');
      const late = await newCaptcha(server);
      server.clock.advance(2 * MINUTE + 1000);
      const res = await call(server, endpoints.sendMobileVerificationCode, { body: { phone: randomPhone(), type: 'login' }, headers: captchaHeaders(late) });
      expect(res.body.code).toBe('captchaWrong');
    });

    it('is required before an SMS is sent', async () => {
      const res = await call(server, endpoints.sendMobileVerificationCode, { body: { phone: randomPhone(), type: 'login' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('captchaWrong');
    });
  });

  describe('sending codes', () => {
    it('sends a 6-digit code in the request language and stores only its hash', async () => {
      const phone = randomPhone();
      const res = await sendCode(server, phone, 'register', randomIp(), 'zh-Hant');
      expect(res.body).toMatchObject({ code: '200', data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
      const [sms] = await server.outbox(phone);
      expect(sms?.channel).toBe('sms');
      expect(sms?.body).toMatch(/^【聯橋移動】您的驗證碼為 \d{6}，5 分鐘內有效/);
      const code = await latestCode(server, phone);
      const rows = await server.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(server.printed.at(-1)).toMatch(new RegExp(`^\\[sandbox sms\\] to \\(626\\) \\d{3}-\\d{4}: 【聯橋移動】.*${code}`));
    });

    it('answers registered and unknown numbers identically', async () => {
      const known = await sendCode(server, '6265550100', 'register');
      const unknown = await sendCode(server, randomPhone(), 'register');
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      expect((await server.outbox('6265550100')).length).toBeGreaterThan(0);
    });

    it('limits each phone to 1 per 60 s, 5 per hour and 10 per day, saying when to try again', async () => {
      const phone = randomPhone();
      expect((await sendCode(server, phone, 'login')).body.code).toBe('200');
      const tooSoon = await sendCode(server, phone, 'login');
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body).toEqual({ code: 'rateLimited', message: 'Too many requests. Please try again in 60 seconds.' });
      expect(tooSoon.headers.get('retry-after')).toBe('60');
      for (let i = 0; i < 4; i++) {
        server.clock.advance(MINUTE);
        expect((await sendCode(server, phone, 'login')).body.code).toBe('200');
      }
      server.clock.advance(MINUTE);
      const hourly = await sendCode(server, phone, 'login', randomIp(), 'zh-Hans');
      expect(hourly.status).toBe(429);
      expect(hourly.body.message).toBe('请求过于频繁，请 55 分钟后再试。');
      server.clock.advance(60 * MINUTE);
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(server, phone, 'login')).body.code).toBe('200');
        server.clock.advance(MINUTE);
      }
      server.clock.advance(60 * MINUTE);
      const daily = await sendCode(server, phone, 'login');
      expect(daily.status).toBe(429);
      expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
      expect(daily.body.message).toMatch(/^Too many requests\. Please try again in 2[1-4] hours\.$/);
      server.clock.advance(24 * 60 * MINUTE);
    });

    it('limits each IP to 30 sends per hour', async () => {
      const ip = randomIp();
      for (let i = 0; i < 30; i++) expect((await sendCode(server, randomPhone(), 'login', ip)).body.code).toBe('200');
      const blocked = await sendCode(server, randomPhone(), 'login', ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('rateLimited');
      expect((await sendCode(server, randomPhone(), 'login', randomIp())).body.code).toBe('200');
    });
  });

  describe('checking codes', () => {
    it('a right code answers a ticket once; the code cannot be used again', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const code = await latestCode(server, phone);
      const first = await check(phone, code);
      expect(first.body.code).toBe('200');
      expect(first.body.data?.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const again = await check(phone, code);
      expect(again.body.code).toBe('codeExpired');
    });

    it('expires after 5 minutes', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const code = await latestCode(server, phone);
      server.clock.advance(5 * MINUTE + 1000);
      expect((await check(phone, code)).body.code).toBe('codeExpired');
    });

    it('is bound to its phone and purpose', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const code = await latestCode(server, phone);
      expect((await check(phone, code, 'reset')).body.code).toBe('codeExpired');
      expect((await check(randomPhone(), code, 'register')).body.code).toBe('codeExpired');
      expect((await check(phone, code, 'register')).body.code).toBe('200');
    });

    it('a new send supersedes the older code', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const old = await latestCode(server, phone);
      server.clock.advance(MINUTE);
      await sendCode(server, phone, 'register');
      const fresh = await latestCode(server, phone);
      if (old !== fresh) expect((await check(phone, old)).body.code).toBe('codeWrong');
      expect((await check(phone, fresh)).body.code).toBe('200');
    });

    it('is dead after 5 wrong tries, even for the right code', async () => {
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const code = await latestCode(server, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await check(phone, wrong)).body.code);
      expect(answers).toEqual(['codeWrong', 'codeWrong', 'codeWrong', 'codeWrong', 'codeLocked']);
      const right = await check(phone, code);
      expect(right.status).toBe(400);
      expect(right.body).toEqual({ code: 'codeLocked', message: 'Too many wrong attempts. Please request a new verification code.' });
    });
  });

  describe('tickets', () => {
    it('checkIsRegistered and checkInNet need a live ticket and do not spend it', async () => {
      await sendCode(server, '6265550100', 'reset');
      const ticket = (await check('6265550100', await latestCode(server, '6265550100'), 'reset')).body.data!.ticket;
      const registered = await call(server, endpoints.checkIsRegistered, { query: { ticket } });
      expect(registered.body).toMatchObject({ code: '200', data: { registered: true } });
      const inNet = await call(server, endpoints.checkInNet, { query: { ticket } });
      expect(inNet.body).toMatchObject({ code: '200', data: { inNet: true } });

      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const other = (await check(phone, await latestCode(server, phone))).body.data!.ticket;
      expect((await call(server, endpoints.checkIsRegistered, { query: { ticket: other } })).body.data).toEqual({ registered: false });
      expect((await call(server, endpoints.checkInNet, { query: { ticket: other } })).body.data).toEqual({ inNet: false });
    });

    it('answers ticketInvalid for an unknown or expired ticket, and 400 naming the field when missing', async () => {
      expect((await call(server, endpoints.checkIsRegistered, { query: { ticket: 'nope' } })).body.code).toBe('ticketInvalid');
      const phone = randomPhone();
      await sendCode(server, phone, 'register');
      const ticket = (await check(phone, await latestCode(server, phone))).body.data!.ticket;
      server.clock.advance(10 * MINUTE + 1000);
      expect((await call(server, endpoints.checkInNet, { query: { ticket } })).body.code).toBe('ticketInvalid');
      const missing = await call(server, endpoints.checkInNet);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^Phone verification: /);
    });
  });
});
