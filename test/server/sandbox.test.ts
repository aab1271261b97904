import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call, latestCode, randomPhone, sendCode } from './helpers';

describe.each(testDatabases({ postgres: false, because: 'the messages sandbox pages and inbox, one request at a time' }))('messages sandbox on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    off = await startTestServer({ config: { sandbox: false } });
  });
  afterAll(async () => {
    await server?.close();
    await off?.close();
  });
  const get = (s: TestServer, path: string, init?: RequestInit) => fetch(new URL(path, s.url), init);

  it('answers only requests from this machine', async () => {
    for (const url of ['/sandbox/inbox', '/sandbox/api/messages', '/sandbox/api/captcha/x']) {
      const remote = await server.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode, url).toBe(404);
      const local = await server.app.inject({ method: 'GET', url: '/sandbox/api/messages', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
    }
    const clock = await server.app.inject({ method: 'POST', url: '/sandbox/api/clock/advance', payload: { ms: 1000 }, remoteAddress: '192.0.2.10' });
    expect(clock.statusCode).toBe(404);
  });

  it('lists messages newest first, filtered by recipient in any phone format', async () => {
    const phone = randomPhone();
    await sendCode(server, phone, 'login');
    server.clock.advance(61_000);
    await sendCode(server, phone, 'login');
    const res = await get(server, `/sandbox/api/messages?to=${encodeURIComponent(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`)}`);
    const body = (await res.json()) as { code: string; data: { messages: { to: string; body: string; channel: string; createdAt: string }[] } };
    expect(body.code).toBe('200');
    expect(body.data.messages).toHaveLength(2);
    expect(body.data.messages.every((m) => m.to === phone && m.channel === 'sms')).toBe(true);
    expect(body.data.messages[0]!.body).toContain(await latestCode(server, phone));
    expect(body.data.messages[0]!.createdAt > body.data.messages[1]!.createdAt).toBe(true);
  });

  it('shows an escaped HTML inbox page with a title, lang and a refresh link', async () => {
    await server.app.deps.messages.sendEmail('mei@example.com', 'Hi <script>', 'Body <b>bold</b> & more');
    const res = await get(server, '/sandbox/inbox?to=mei@example.com');
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Sandbox inbox · LinkBridge Mobile<\/title>/);
    expect(html).toContain('Hi &lt;script&gt;');
    expect(html).toContain('Body &lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/sandbox/inbox?to=mei%40example.com">Refresh');
  });

  it('tells the answer of a live captcha, and nothing for a used one', async () => {
    const img = await get(server, endpoints.createImg.path);
    const token = img.headers.get('x-image-code-token')!;
    const res = await get(server, `/sandbox/api/captcha/${token}`);
    const { data } = (await res.json()) as { data: { answer: string } };
    expect(data.answer).toMatch(/^[A-Z2-9]{4}$/);
    await call(server, endpoints.sendMobileVerificationCode, {
      body: { phone: randomPhone(), type: 'login' }, headers: { 'IMAGE-CODE': data.answer, 'X-IMAGE-CODE-TOKEN': token },
    });
    expect((await get(server, `/sandbox/api/captcha/${token}`)).status).toBe(404);
  });

  it('moves the server clock', async () => {
    const before = server.clock.now().getTime();
    const res = await get(server, '/sandbox/api/clock/advance', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 3_600_000 }),
    });
    expect(res.status).toBe(200);
    expect(server.clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);
    const bad = await get(server, '/sandbox/api/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":-5}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Milliseconds: /);
  });

  it('is off (404) when disabled, and the console line then hides the text', async () => {
    for (const path of ['/sandbox/inbox', '/sandbox/api/messages', '/sandbox/api/captcha/x']) expect((await get(off, path)).status).toBe(404);
    expect((await get(off, '/sandbox/api/clock/advance', { method: 'POST' })).status).toBe(404);
    const img = await get(off, endpoints.createImg.path);
    expect(img.status).toBe(200);
    await expect(off.captchaAnswer(img.headers.get('x-image-code-token')!)).rejects.toThrow();
    await off.app.deps.messages.sendSms('6265550123', 'Your verification code is 123456.');
    expect(off.printed.at(-1)).toBe('[sandbox sms] to ******0123');
  });
});
