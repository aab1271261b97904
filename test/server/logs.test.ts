import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { startTestServer, type TestServer } from '../support/server';
import { bearer, call, latestCode, newCaptcha, passwordLogin, randomPhone, register, sendCode } from './helpers';

describe('structured logs', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => { server = await startTestServer({ logStream: { write: (line: string) => { lines.push(line); } } }); });
  afterAll(async () => { await server?.close(); });

  it('carry no codes, tokens, tickets, captcha answers, passwords, query strings or bodies', async () => {
    const secrets: string[] = [];
    const phone = randomPhone();
    const password = 'Lotus#2917';
    secrets.push(password, 'Demo@2468');

    const captcha = await newCaptcha(server);
    secrets.push(captcha.token, captcha.answer);
    await fetch(new URL(`/sandbox/api/captcha/${captcha.token}`, server.url));
    await sendCode(server, phone, 'register');
    const code = await latestCode(server, phone);
    secrets.push(code);
    const checked = await call<{ ticket: string }>(server, endpoints.checMobilekVerificationCode, { body: { phone, code, type: 'register' } });
    const ticket = checked.body.data!.ticket;
    secrets.push(ticket);
    await call(server, endpoints.checkIsRegistered, { query: { ticket } });
    await call(server, endpoints.registerOrResetUser, { body: { ticket, type: 'register', password, confirmPassword: password } });
    await register(server, randomPhone(), password);
    const login = await passwordLogin(server, 'demo', 'Demo@2468');
    const token = login.body.data!.access_token;
    secrets.push(token);
    await call(server, endpoints.userInfo, { headers: { ...bearer(token), Cookie: `Admin-Token=${token}` } });
    await passwordLogin(server, 'demo', 'Wrong@9753');
    await call(server, endpoints.offerLocking, { body: { email: 'private.person@example.com', collectType: '1', channel: 'pc' } });
    secrets.push('private.person@example.com');

    const log = lines.join('');
    // One line per request, when it ends, with what it was and how it ended.
    const completed = lines.filter((line) => line.includes('"msg":"request completed"'));
    expect(completed.length).toBeGreaterThanOrEqual(12);
    for (const line of completed) expect(line).toMatch(/"req":\{"method":"[A-Z]+","path":"\/[^"]*","ip":"[^"]+"\},"res":\{"statusCode":\d{3}\},"responseTime":/);
    expect(log).not.toContain('incoming request');
    expect(log).toContain('"path":"/gateway/pcapp/api/v1/loginorregist/checkIsRegistered"');
    expect(log).toContain('"path":"/sandbox/api/captcha/:token"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/ticket=|authorization|cookie|image-code/i);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('log an unexpected failure without its SQL parameters, and answer 500 serverError in the request language', async () => {
    await server.db.execute(sql`drop table email_captures`);
    const before = lines.length;
    const res = await call(server, endpoints.offerLocking, {
      body: { email: 'hidden.person@example.com', collectType: '1', channel: 'pc' }, headers: { Language: 'zh-Hant' },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'serverError', message: '伺服器錯誤，請稍後再試。' });
    const log = lines.slice(before).join('');
    expect(log).toContain('"level":50');
    expect(log).toContain('email_captures');
    expect(log).not.toContain('hidden.person@example.com');
  });
});
