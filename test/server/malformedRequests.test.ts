/**
 * Issue 12: what is refused before a route's schema can speak (a body past the limit, JSON that does not parse, a
 * content type no route reads, a URL that does not decode, bytes that are not HTTP), the headers the gateway reads,
 * and the sandbox's own parameters: each answer is a 4xx in the gateway's `{ code, message }` shape, never a 500,
 * a stack, or Fastify's or Node's own text.
 */
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { BASIC, call, captchaHeaders, newCaptcha, randomIp } from './helpers';
import { checkoutForm, newKey, placeOrder, planIdOf } from './ordersHelpers';

const http = (lang: string) => (JSON.parse(readFileSync(new URL(`../../i18n/${lang}/errors.json`, import.meta.url), 'utf8')) as { http: Record<string, string> }).http;

interface Raw { status: number; head: string; body: string }

/** Sends bytes as they are (fetch and node:http refuse to write a control character into a header) and reads the answer. */
function raw(base: string, request: string): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => { /* the gateway closes the connection after answering */ });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      else resolve({ status, head, body });
    });
    socket.write(request, 'latin1');
  });
}

describe.each(testDatabases({ postgres: false, because: 'refused before any route reads the database' }))('malformed requests get the gateway shape on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const post = async (path: string, body: string, headers: Record<string, string>) => {
    const res = await fetch(new URL(path, server.url), { method: 'POST', body, headers: { 'x-forwarded-for': randomIp(), ...headers } });
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  };

  it('refuses a body past 64 KB with 413 in the request\'s language', async () => {
    const res = await post(endpoints.offerLocking.path, JSON.stringify({ email: `${'a'.repeat(70_000)}@example.com` }), { 'content-type': 'application/json', Language: 'zh-Hant' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ code: 'validation', message: http('zh-Hant')['413'] });
  });

  it('answers JSON that does not parse, JSON with a __proto__ key, NaN, and a nesting 20,000 deep with 400', async () => {
    for (const body of ['{"email":', '{"__proto__":{"admin":true}}', '{"planId":NaN}', `${'['.repeat(20_000)}${']'.repeat(20_000)}`]) {
      const res = await post(endpoints.quote.path, body, { 'content-type': 'application/json', Language: 'zh-Hans' });
      expect(res.status, body.slice(0, 20)).toBe(400);
      expect(JSON.parse(res.text).code, body.slice(0, 20)).toBe('validation');
      expect(res.text).not.toMatch(/FST_|at .*\.js|SyntaxError/);
    }
  });

  it('answers a content type no route reads with 415, and plain text with a 400 naming the request', async () => {
    const xml = await post(endpoints.offerLocking.path, '<email>a@example.com</email>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(JSON.parse(xml.text)).toEqual({ code: 'validation', message: http('en')['400'] });
    const text = await post(endpoints.offerLocking.path, 'a@example.com', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(JSON.parse(text.text)).toEqual({ code: 'validation', message: 'Request: This value is not valid.' });
  });

  it('answers a URL that does not decode with 400, and a path parameter past its length with 414, in the gateway shape', async () => {
    const badUrl = await fetch(new URL('/gateway/pcapp/api/v1/pay/pay%Status', server.url), { headers: { Language: 'zh-Hans' } });
    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toEqual({ code: 'validation', message: http('zh-Hans')['400'] });
    const longParam = await fetch(new URL(`/sandbox/api/parcels/${'A'.repeat(200)}`, server.url));
    expect(longParam.status).toBe(414);
    expect(await longParam.json()).toEqual({ code: 'validation', message: http('en')['413'] });
  });

  it('answers bytes Node refuses as HTTP (a control character in a header, a head past 16 KB, a broken request line) in the gateway shape', async () => {
    const host = `Host: ${new URL(server.url).host}\r\n`;
    const answers = [
      await raw(server.url, `POST ${endpoints.sendMobileVerificationCode.path} HTTP/1.1\r\n${host}IMAGE-CODE: ab\u0000cd\r\nContent-Length: 2\r\n\r\n{}`),
      await raw(server.url, `GET ${endpoints.payConfig.path} HTTP/1.1\r\n${host}X-Order-Token: a\u0001b\r\n\r\n`),
      await raw(server.url, `GET ${endpoints.payConfig.path} HTTP/1.1\r\n${host}Language: ${'x'.repeat(20_000)}\r\n\r\n`),
      await raw(server.url, `GET /gateway\u0000 HTTP/1.1\r\n${host}\r\n`),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 431, 400]);
    for (const answer of answers) {
      expect(answer.head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body)).toEqual({ code: 'validation', message: answer.status === 431 ? http('en')['413'] : http('en')['400'] });
    }
  });

  it('refuses a NUL or control character in the sandbox\'s path parameter and inbox filter with a 400 naming it', async () => {
    for (const path of ['/sandbox/api/parcels/LB%00X', '/sandbox/api/messages?to=a%00b', '/sandbox/inbox?to=%C2%9B']) {
      const res = await fetch(new URL(path, server.url), { headers: { Language: 'en' } });
      expect(res.status, path).toBe(400);
      const body = await res.json() as { code: string; message: string };
      expect(body.code, path).toBe('validation');
      expect(body.message, path).toMatch(path.includes('parcels') ? /^Order number: / : /^Recipient: /);
    }
  });

  it('the payment sandbox\'s WeChat phone page takes a prepay id with a NUL or a lone surrogate as no order, not a 500', async () => {
    const page = await fetch(`${server.paymentsUrl}/wechat/phone?pr=a%00b`);
    expect(page.status).toBe(404);
    expect(await page.text()).toMatch(/^<!doctype html>/);
    for (const [type, body] of [['application/x-www-form-urlencoded', 'pr=a%00b&outcome=pay'], ['application/json', '{"pr":"a\\ud800b","outcome":"pay"}']] as const) {
      const res = await fetch(`${server.paymentsUrl}/wechat/phone`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });
      expect(res.status, type).toBe(303);
      expect(res.headers.get('location'), type).toBe('/wechat/phone?pr=&lang=en');
    }
  });

  describe('the headers the gateway reads, sent too long or in bytes past ASCII, get a 4xx', () => {
    const long = 'x'.repeat(10_000);
    const latin1 = '\u00ff\u0085\u00e9';

    it('Idempotency-Key', async () => {
      const form = checkoutForm(await planIdOf(server, '5gb-plan'));
      for (const key of [long, latin1]) {
        const res = await call(server, endpoints.createOrder, { body: form, headers: { 'Idempotency-Key': key } });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('idempotencyKey');
      }
    });

    it('X-Order-Token', async () => {
      const { order } = await placeOrder(server, checkoutForm(await planIdOf(server, '5gb-plan')), { key: newKey() });
      for (const token of [long, latin1]) {
        const res = await call(server, endpoints.orderDetail, { body: { orderNo: order.orderNo }, headers: { 'X-Order-Token': token } });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('noRecord');
      }
    });

    it('IMAGE-CODE and X-IMAGE-CODE-TOKEN', async () => {
      const captcha = await newCaptcha(server);
      for (const headers of [{ 'IMAGE-CODE': long, 'X-IMAGE-CODE-TOKEN': captcha.token }, { ...captchaHeaders(captcha), 'X-IMAGE-CODE-TOKEN': latin1 }]) {
        const res = await call(server, endpoints.sendMobileVerificationCode, { body: { phone: '6265550142', type: 'login' }, headers });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('captchaWrong');
      }
    });

    it('Authorization (Bearer and Basic) and Language', async () => {
      for (const value of [`Bearer ${long}`, `Bearer ${latin1}`]) {
        const res = await call(server, endpoints.userInfo, { headers: { Authorization: value } });
        expect(res.status).toBe(401);
      }
      const basic = await call(server, endpoints.oauthToken, { body: { grant_type: 'sms_code', phone: '6265550142', code: '123456' }, form: true, headers: { Authorization: `Basic ${latin1}` } });
      expect(basic.status).toBe(401);
      const language = await call(server, endpoints.bundleList, { body: {}, headers: { Language: `${latin1}${long}`, Authorization: BASIC } });
      expect(language.status).toBe(200);
      expect(language.body.message).toBe('Success');
    });
  });
});
