/**
 * Origins and the session (issue 12, section 3; decision 0013): every origin the gateway and the payment sandbox write
 * comes from configuration, never from Host, X-Forwarded-Host or `parent=`; the browser's session is an HttpOnly cookie
 * the gateway sets and clears; a change that cookie authenticates must come from the storefront; HSTS over https only;
 * the payment sandbox answers unknown routes in the gateway's shape.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/contract/auth';
import type { PaymentResult } from '../../src/contract/payments';
import { CARD_FORM_PATH, SDK_PATH } from '../../src/server/adapters/payments/browser/protocol';
import { TOKENIZE_PATH } from '../../src/server/adapters/payments/sandbox/tokenizeRoute';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../src/server/http/security';
import { TOKEN_TTL_SECONDS } from '../../src/server/http/sessions';
import { WECHAT_NOTIFY_PATH } from '../../src/server/payments/wechat';
import { t } from '../../src/server/i18n';
import { runDueJobs } from '../../src/server/jobs/runner';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { sandboxApplication, wechatPhonePay } from '../support/payments';
import { bearer, call, passwordLogin, randomIp } from './helpers';
import { esimForm, newKey, planIdOf } from './ordersHelpers';

const EVIL = 'evil.example';
/** Every way a request can name a host or an origin it would like to see written back. */
const HOSTILE = {
  host: EVIL,
  'x-forwarded-host': EVIL,
  'x-forwarded-proto': 'https',
  forwarded: `host=${EVIL};proto=https`,
  'x-original-host': EVIL,
  referer: `https://${EVIL}/checkout`,
};
const HOSTILE_QUERY = `parent=${encodeURIComponent(`https://${EVIL}`)}&origin=${encodeURIComponent(`https://${EVIL}`)}&redirect=${encodeURIComponent(`https://${EVIL}/`)}`;

interface Raw { status: number; headers: IncomingHttpHeaders; text: string }

/** A request over node:http, which (unlike fetch) sends the Host header it is given. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`,
      headers: { 'x-forwarded-for': randomIp(), ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** userInfo is a POST (the spec's style): from the storefront it carries the CHANNEL header as every call does. */
const userInfo = (server: TestServer, headers: Record<string, string>, channel = true) =>
  raw(server.url, endpoints.userInfo.method, endpoints.userInfo.path, channel ? { channel: 'eshop', ...headers } : headers, '{}');

const everything = (r: Raw) => `${JSON.stringify(r.headers)}\n${r.text}`;
const setCookies = (r: { headers: IncomingHttpHeaders }) => r.headers['set-cookie'] ?? [];
const cookieLine = (r: { headers: IncomingHttpHeaders }, name: string) => setCookies(r).find((line) => line.startsWith(`${name}=`));
const attributesOf = (line: string | undefined) => (line ?? '').split(';').slice(1).map((a) => a.trim().toLowerCase());

async function loginRaw(server: TestServer): Promise<{ answer: Raw; token: string }> {
  const login = await passwordLogin(server, 'demo', 'Demo@2468');
  const token = login.body.data?.access_token ?? '';
  if (!token) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  return { answer: { status: login.status, headers: { 'set-cookie': login.headers.getSetCookie() }, text: '' }, token };
}

describe.each(testDatabases())('origins and the session on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let storefront: string;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    storefront = new URL(server.url).origin;
  });
  afterAll(async () => { await server?.close(); });

  describe('no origin is taken from the request', () => {
    it('walks every gateway endpoint and page with a hostile Host, X-Forwarded-Host and parent=: none is written back', async () => {
      const { token } = await loginRaw(server);
      const walked: string[] = [];
      const targets = [
        ...Object.values(endpoints).map((e) => ({ method: e.method, path: e.path })),
        ...['/', '/plans/propagate', '/personal/pay/confirmPay', '/login', '/sandbox/inbox', '/healthz', '/no-such-page', '/gateway/no-such-endpoint']
          .map((path) => ({ method: 'GET', path })),
      ];
      for (const { method, path } of targets) {
        for (const auth of [{}, bearer(token)]) {
          const answer = await raw(server.url, method, `${path}?${HOSTILE_QUERY}`, { ...HOSTILE, ...auth }, method === 'GET' || method === 'HEAD' ? undefined : '{}');
          walked.push(`${method} ${path} ${answer.status}`);
          expect(everything(answer), `${method} ${path}`).not.toContain(EVIL);
          // A JSON answer carries the API's fixed policy (it names no origin at all), anything else the documents'.
          const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
          expect(answer.headers['content-security-policy'], `${method} ${path}`).toBe(json ? API_CONTENT_SECURITY_POLICY : contentSecurityPolicy(server.paymentsUrl));
        }
      }
      expect(walked.length).toBe(targets.length * 2);
    });

    it('walks the payment sandbox (SDK, card form, tokenization, phone page, unknown routes): it names its configured origin and frames only the storefront', async () => {
      const { applicationId, locationId } = await sandboxApplication(server.paymentsUrl);
      const frame = (parent: string) => `${CARD_FORM_PATH}?applicationId=${applicationId}&locationId=${locationId}&lang=en&channel=abcdefgh12&parent=${encodeURIComponent(parent)}`;

      const sdk = await raw(server.paymentsUrl, 'GET', `${SDK_PATH}?${HOSTILE_QUERY}`, HOSTILE);
      expect(sdk.status).toBe(200);
      expect(sdk.text).toContain(JSON.stringify(server.paymentsUrl));
      for (const path of [frame(`https://${EVIL}`), frame(`http://${EVIL}:${new URL(server.url).port}`), frame('null'), `${CARD_FORM_PATH}?${HOSTILE_QUERY}`, `/?${HOSTILE_QUERY}`, '/v1/nothing-here']) {
        const answer = await raw(server.paymentsUrl, 'GET', path, HOSTILE);
        expect(everything(answer), path).not.toContain(EVIL);
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
      }
      const framed = await raw(server.paymentsUrl, 'GET', frame(storefront), HOSTILE);
      expect(framed.status).toBe(200);
      expect(framed.headers['content-security-policy']).toContain(`frame-ancestors ${storefront}`);
      expect(everything(framed)).not.toContain(EVIL);

      // Tokenization from a page that claims the sandbox's origin on another host is refused.
      const forged = await raw(server.paymentsUrl, 'POST', TOKENIZE_PATH, { ...HOSTILE, origin: `http://${EVIL}:${new URL(server.paymentsUrl).port}` }, '{}');
      expect(forged.status).toBe(403);
      const own = await raw(server.paymentsUrl, 'POST', TOKENIZE_PATH, { ...HOSTILE, origin: server.paymentsUrl }, JSON.stringify({ applicationId, number: '4111111111111111', exp: '12/30', cvv: '111', postalCode: '94103' }));
      expect(own.status).toBe(200);
    });

    it('pay/config, a WeChat QR phone link and the order emails name the configured origins only', async () => {
      const config = await raw(server.url, 'GET', `${endpoints.payConfig.path}?${HOSTILE_QUERY}`, HOSTILE);
      expect(JSON.parse(config.text).data).toMatchObject({ sdkUrl: `${server.paymentsUrl}${SDK_PATH}`, origin: server.paymentsUrl });

      const form = esimForm(await planIdOf(server, '2gb-plan'), { months: 1 });
      const placed = await raw(server.url, 'POST', endpoints.createOrder.path, { ...HOSTILE, 'idempotency-key': newKey() }, JSON.stringify(form));
      expect(placed.status, placed.text).toBe(200);
      const { order, orderToken } = JSON.parse(placed.text).data as { order: { orderNo: string }; orderToken: string };
      const paid = await raw(server.url, 'POST', endpoints.payOrder.path, { ...HOSTILE, 'idempotency-key': newKey(), 'x-order-token': orderToken },
        JSON.stringify({ orderNo: order.orderNo, method: 'wechat_pay' }));
      const wechat = (JSON.parse(paid.text).data as PaymentResult).wechat!;
      expect(wechat.sandboxPhoneUrl?.startsWith(`${server.paymentsUrl}/`)).toBe(true);
      expect(everything(paid)).not.toContain(EVIL);

      // The phone pays; the provider's notification (no CHANNEL header, no cookie: its own signature) settles it.
      await wechatPhonePay(server.paymentsUrl, wechat.codeUrl, 'pay');
      await expect.poll(async () => (await call<PaymentResult>(server, endpoints.payStatus, { query: { orderNo: order.orderNo }, headers: { 'X-Order-Token': orderToken } })).body.data?.status)
        .toBe('paid');
      // Fulfilment, then the emails it enqueues.
      for (let round = 0; round < 3; round += 1) await runDueJobs(server.app.deps);
      const mails = (await server.outbox(form.shipping.email.toLowerCase())).map((m) => `${m.body}\n${typeof m.meta.html === 'string' ? m.meta.html : ''}`);
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(mail).not.toContain(EVIL);
        const links = [...mail.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => new URL(m[0]).origin);
        expect(links.length).toBeGreaterThan(0);
        for (const origin of links) expect([storefront, server.paymentsUrl]).toContain(origin);
      }
    });
  });

  describe('the session cookie', () => {
    it('a login sets Admin-Token HttpOnly, SameSite=Lax, Path=/, for the session, not Secure over http; the marker beside it holds no token', async () => {
      const { answer, token } = await loginRaw(server);
      const line = cookieLine(answer, SESSION_COOKIE);
      expect(line?.startsWith(`${SESSION_COOKIE}=${token};`)).toBe(true);
      expect(attributesOf(line).sort()).toEqual(['httponly', `max-age=${TOKEN_TTL_SECONDS}`, 'path=/', 'samesite=lax']);
      const marker = cookieLine(answer, SESSION_HINT_COOKIE);
      expect(attributesOf(marker)).not.toContain('httponly');
      expect(attributesOf(marker)).toContain(`max-age=${TOKEN_TTL_SECONDS}`);
      expect(marker).not.toContain(token);
    });

    it('the cookie alone authenticates; logout clears it; an ended session found by a request clears it too', async () => {
      const { token } = await loginRaw(server);
      const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
      expect((await userInfo(server, cookie)).status).toBe(200);

      const exit = await raw(server.url, 'DELETE', endpoints.exit.path, { ...cookie, channel: 'eshop', origin: storefront, 'sec-fetch-site': 'same-origin' });
      expect(exit.status, exit.text).toBe(200);
      for (const name of [SESSION_COOKIE, SESSION_HINT_COOKIE]) expect(attributesOf(cookieLine(exit, name))).toContain('max-age=0');

      const after = await userInfo(server, cookie);
      expect(after.status).toBe(401);
      expect(JSON.parse(after.text).code).toBe('unauthorized');
      for (const name of [SESSION_COOKIE, SESSION_HINT_COOKIE]) expect(attributesOf(cookieLine(after, name))).toContain('max-age=0');
      // A Bearer client is told 401 without any cookie business.
      expect(setCookies(await userInfo(server, bearer(token), false))).toEqual([]);
    });
  });

  describe('changes authenticated by the cookie', () => {
    const refused = async (headers: Record<string, string>, lang = 'en') => {
      const answer = await raw(server.url, 'DELETE', endpoints.exit.path, { ...headers, language: lang });
      return { status: answer.status, body: JSON.parse(answer.text) as { code: string; message: string } };
    };

    it('are refused without the CHANNEL header, or from another origin or site, in the customer\'s language; the session stays', async () => {
      const { token } = await loginRaw(server);
      const cookie = { cookie: `${SESSION_HINT_COOKIE}=x; ${SESSION_COOKIE}=${token}` };
      const attempts: Record<string, string>[] = [
        cookie,
        { ...cookie, channel: 'other' },
        { ...cookie, channel: 'eshop', origin: `https://${EVIL}` },
        { ...cookie, channel: 'eshop', origin: 'null' },
        { ...cookie, channel: 'eshop', 'sec-fetch-site': 'cross-site' },
        { ...cookie, channel: 'eshop', 'sec-fetch-site': 'same-site' },
        { ...cookie, channel: 'eshop', origin: storefront, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of attempts) {
        expect(await refused(headers), JSON.stringify(headers)).toEqual({ status: 403, body: { code: 'crossSiteRequest', message: t('en', 'errors:code.crossSiteRequest') } });
      }
      for (const lang of ['zh-Hans', 'zh-Hant'] as const) {
        const { body } = await refused(cookie, lang);
        expect(body.message).toBe(t(lang, 'errors:code.crossSiteRequest'));
        expect(body.message).not.toMatch(/[A-Za-z]{3}/);
      }
      expect((await userInfo(server, cookie)).status).toBe(200);
      // Any POST is held to the rule, reads included (userInfo is one).
      expect((await userInfo(server, cookie, false)).status).toBe(403);
      // From the storefront: the header, with or without what browsers add.
      expect((await refused({ ...cookie, channel: 'eshop' })).status).toBe(200);
    });

    it('are accepted from the storefront; Bearer clients need no header; the provider notification needs none', async () => {
      const first = await loginRaw(server);
      expect((await raw(server.url, 'DELETE', endpoints.exit.path, { cookie: `${SESSION_COOKIE}=${first.token}`, channel: 'eshop', origin: storefront, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
      const second = await loginRaw(server);
      expect((await raw(server.url, 'DELETE', endpoints.exit.path, { ...bearer(second.token), 'sec-fetch-site': 'cross-site' })).status).toBe(200);
      // The WeChat notification route answers on its own terms (its signature), not with crossSiteRequest.
      const notify = await raw(server.url, 'POST', WECHAT_NOTIFY_PATH, { cookie: `${SESSION_COOKIE}=${second.token}`, origin: `https://${EVIL}` }, '{}');
      expect(notify.status).toBe(401);
      expect(notify.text).not.toContain('crossSiteRequest');
    });
  });

  it('the payment sandbox answers an unknown route in the gateway\'s shape, in the request\'s language', async () => {
    for (const [lang, path] of [['en', '/'], ['zh-Hans', '/nothing'], ['zh-Hant', '/v2/nothing?x=1']] as const) {
      const answer = await raw(server.paymentsUrl, 'GET', path, { language: lang });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toEqual({ code: 'notFound', message: t(lang, 'errors:http.404') });
    }
  });
});

describe('over https (PUBLIC_ORIGIN https)', () => {
  let https: TestServer;
  let plain: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [https, plain, off] = await Promise.all([
      startTestServer({ config: { publicOrigin: 'https://shop.example.com' } }),
      startTestServer(),
      startTestServer({ config: { publicOrigin: 'https://shop.example.com', hstsMaxAge: 0 } }),
    ]);
  });
  afterAll(async () => { await Promise.all([https?.close(), plain?.close(), off?.close()]); });

  it('the session cookies are Secure', async () => {
    const { answer } = await loginRaw(https);
    expect(attributesOf(cookieLine(answer, SESSION_COOKIE))).toContain('secure');
    expect(attributesOf(cookieLine(answer, SESSION_HINT_COOKIE))).toContain('secure');
  });

  it('every answer carries Strict-Transport-Security; none over http, none with HSTS_MAX_AGE=0', async () => {
    for (const path of ['/', '/healthz', endpoints.partners.path, '/gateway/nothing']) {
      expect((await raw(https.url, 'GET', path)).headers['strict-transport-security'], path).toBe('max-age=31536000');
      expect((await raw(plain.url, 'GET', path)).headers['strict-transport-security'], path).toBeUndefined();
      expect((await raw(off.url, 'GET', path)).headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('a cookie-authenticated change must come from the https storefront', async () => {
    const { token } = await loginRaw(https);
    const cookie = { cookie: `${SESSION_COOKIE}=${token}`, channel: 'eshop' };
    expect((await raw(https.url, 'DELETE', endpoints.exit.path, { ...cookie, origin: 'http://shop.example.com' })).status).toBe(403);
    expect((await raw(https.url, 'DELETE', endpoints.exit.path, { ...cookie, origin: 'https://shop.example.com' })).status).toBe(200);
  });
});
