/**
 * Issue 12, section 4: two gateway processes (src/server/main.ts) on one PostgreSQL database behind a round-robin
 * reverse proxy on loopback, started by the harness of `npm run two-gateways` (scripts/twoGateways.ts). What must hold
 * across both: one order per Idempotency-Key and one charge per payment key, a card tokenized by one gateway's payment
 * sandbox paid through the other gateway, each job run once, a captcha made on one gateway answered on the other, and
 * every limit global (the SMS limit of a number, an account's lockout, the coarse per-IP API limit). The proxy itself is
 * checked first, without a database; the rest needs TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { openDatabase, type Database } from '../../src/server/db/database';
import { jobs, orders, outboxMessages, plans, sandboxCardPayments, sims } from '../../src/server/db/schema';
import { TOKENIZE_PATH } from '../../src/server/adapters/payments/sandbox/tokenizeRoute';
import { startProxy, startTwoGateways, type TwoGateways } from '../../scripts/twoGateways';
import { testDatabases } from '../support/server';
import { BASIC, randomPhone } from './helpers';
import { esimForm, shippingUs, type PlacedOrder } from './ordersHelpers';

interface Answer<T = unknown> { status: number; headers: IncomingHttpHeaders; body: { code: string; message: string; data?: T } }

/**
 * One HTTP request as a client makes it, from `localAddress` (any address of 127.0.0.0/8 is this machine: each stands
 * for another client behind the proxy). The spec's CHANNEL header goes with every call, as the web client sends it.
 */
function send<T = unknown>(url: string, init: { method?: string; body?: unknown; form?: boolean; headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer<T>> {
  const target = new URL(url);
  const body = init.body === undefined ? undefined
    : init.form ? new URLSearchParams(init.body as Record<string, string>).toString() : JSON.stringify(init.body);
  const type = init.form ? 'application/x-www-form-urlencoded' : 'application/json';
  const headers: Record<string, string> = { CHANNEL: 'eshop', Language: 'en', ...(body ? { 'content-type': type } : {}), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: init.method ?? (body ? 'POST' : 'GET'),
      headers, localAddress: init.localAddress, agent: false,
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Answer<T>['body'] });
        } catch {
          reject(new Error(`${req.method} ${url} answered ${res.statusCode} with ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the proxy in front of the gateways', () => {
  let upstreams: Server[] = [];
  afterAll(async () => { await Promise.all(upstreams.map((u) => new Promise((r) => u.close(r)))); });

  /** An upstream that answers what it received, in the gateway's envelope. */
  const echo = (name: string) => createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: '200', message: 'ok', data: { name, method: req.method, url: req.url, body, xff: req.headers['x-forwarded-for'], proto: req.headers['x-forwarded-proto'] } }));
    });
  });

  it('takes turns between its gateways, passes the request on whole, and appends the client to X-Forwarded-For', async () => {
    upstreams = [echo('a'), echo('b')];
    await Promise.all(upstreams.map((u) => new Promise<void>((r) => u.listen(0, '127.0.0.1', () => r()))));
    const proxy = await startProxy(upstreams.map((u) => `http://127.0.0.1:${(u.address() as { port: number }).port}`));
    try {
      type Echo = { name: string; method: string; url: string; body: string; xff: string; proto: string };
      const answers = [
        await send<Echo>(`${proxy.url}/gateway/x?y=1`, { body: { n: 1 } }),
        await send<Echo>(`${proxy.url}/gateway/x`, { headers: { 'X-Forwarded-For': '203.0.113.9' } }),
        await send<Echo>(`${proxy.url}/gateway/x`, { localAddress: '127.0.0.2' }),
        await send<Echo>(`${proxy.url}/gateway/x`, { localAddress: '127.0.0.3', headers: { 'X-Forwarded-For': '198.51.100.7' } }),
      ];
      expect(answers.map((a) => a.body.data!.name)).toEqual(['a', 'b', 'a', 'b']);
      expect(answers.map((a) => a.headers['x-served-by'])).toEqual(['gateway-1', 'gateway-2', 'gateway-1', 'gateway-2']);
      expect(answers[0]!.body.data).toMatchObject({ method: 'POST', url: '/gateway/x?y=1', body: '{"n":1}', xff: '127.0.0.1', proto: 'http' });
      // What the client wrote stays first; the proxy's own observation is the last entry, the one a 1-hop gateway reads.
      expect(answers.slice(1).map((a) => a.body.data!.xff)).toEqual(['203.0.113.9, 127.0.0.1', '127.0.0.2', '198.51.100.7, 127.0.0.3']);
      expect(proxy.served).toEqual([2, 2]);
    } finally {
      await proxy.close();
    }
  });

  it("answers 502 in the gateway's error shape when a gateway does not answer", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const proxy = await startProxy([`http://127.0.0.1:${port}`]);
    try {
      const answer = await send(`${proxy.url}/healthz`);
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ code: 'serverError', message: 'gateway-1 did not answer the proxy' });
    } finally {
      await proxy.close();
    }
  });
});

/** The coarse per-IP guard of both gateways, per minute: small enough for the burst below, above what the other tests send. */
const API_LIMIT = 120;

const postgres = testDatabases().filter(([name]) => name === 'postgresql');

describe.each(postgres)('two gateway processes on one %s database, behind the proxy', (_name, adminUrl) => {
  let two: TwoGateways;
  let database: Database;
  let planId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    try {
      two = await startTwoGateways({ adminUrl: adminUrl!, env: { RATE_LIMIT_PER_MINUTE: String(API_LIMIT) }, onLine: (name, line) => lines.push(`[${name}] ${line}`) });
    } catch (error) {
      throw new Error(`${String(error)}\n${lines.join('\n')}`, { cause: error });
    }
    database = await openDatabase({ databaseUrl: two.databaseUrl });
    const [plan] = await database.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, '5gb-plan'));
    planId = plan!.id;
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await two?.stop();
  });

  const db = () => database.db;
  const g1 = () => two.gateways[0];
  const g2 = () => two.gateways[1];
  const unique = () => randomBytes(4).toString('hex');
  const formFor = (email: string) => esimForm(planId, { months: 1, shipping: { ...shippingUs, email } });
  const createOrder = (base: string, form: unknown, key: string) =>
    send<PlacedOrder>(`${base}${endpoints.createOrder.path}`, { body: form, headers: { 'Idempotency-Key': key } });
  const payByCard = (base: string, placed: PlacedOrder, sourceId: string, key: string) =>
    send<PaymentResult>(`${base}${endpoints.payOrder.path}`, {
      body: { orderNo: placed.order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
      headers: { 'Idempotency-Key': key, 'X-Order-Token': placed.orderToken },
    });
  /** The card form's tokenization at a sandbox, with the application id the page got from a gateway's /pay/config. */
  const tokenize = async (paymentsUrl: string, configFrom: string): Promise<string> => {
    const config = await send<{ applicationId: string }>(`${configFrom}${endpoints.payConfig.path}`);
    const res = await fetch(`${paymentsUrl}${TOKENIZE_PATH}`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId: config.body.data!.applicationId, number: '4111 1111 1111 1111', exp: '12/30', cvv: '111', postalCode: '90012', lang: 'en' }),
    });
    const answer = (await res.json()) as { token?: string };
    if (!answer.token) throw new Error(`tokenize at ${paymentsUrl} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer.token;
  };
  const placeOrder = async (base: string, email: string): Promise<PlacedOrder> => {
    const created = await createOrder(base, formFor(email), `two-${unique()}`);
    if (!created.body.data) throw new Error(`createOrder: ${JSON.stringify(created.body)}`);
    return created.body.data;
  };
  /** Reads the database until `done` holds; the test's own timeout bounds the wait. */
  const until = async (done: () => Promise<boolean>) => {
    while (!(await done())) await new Promise((r) => setTimeout(r, 100));
  };

  it('makes one order per Idempotency-Key: 20 submits at once through the proxy, answered by both gateways', async () => {
    const key = `two-${unique()}`;
    const form = formFor(`same.key.${unique()}@example.com`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder(two.url, form, key)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill('200'));
    expect(new Set(answers.map((a) => a.headers['x-served-by']))).toEqual(new Set(['gateway-1', 'gateway-2']));
    expect(new Set(answers.map((a) => a.body.data!.order.orderNo)).size).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });

  it('charges once per payment Idempotency-Key: 10 payments of one order at once through the proxy', async () => {
    const placed = await placeOrder(two.url, `one.charge.${unique()}@example.com`);
    const sourceId = await tokenize(g1().paymentsUrl, two.url);
    const key = `pay-${unique()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => payByCard(two.url, placed, sourceId, key)));
    expect(new Set(answers.map((a) => a.headers['x-served-by']))).toEqual(new Set(['gateway-1', 'gateway-2']));
    for (const a of answers) expect(['200', '120086', 'resubmit']).toContain(a.body.code);
    expect(answers.some((a) => a.body.data?.status === 'paid')).toBe(true);
    const charges = await db().select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, placed.order.orderNo));
    expect(charges).toMatchObject([{ status: 'COMPLETED', amountCents: placed.order.payAmountCents }]);
  });

  it("pays through one gateway with a card tokenized by the other gateway's payment sandbox, both ways", async () => {
    for (const [payThrough, tokenizedAt] of [[g1(), g2()], [g2(), g1()]] as const) {
      const placed = await placeOrder(payThrough.url, `cross.${unique()}@example.com`);
      // The page got its card form's ids from the gateway it pays through; the other sandbox tokenized the card.
      const sourceId = await tokenize(tokenizedAt.paymentsUrl, payThrough.url);
      const paid = await payByCard(payThrough.url, placed, sourceId, `pay-${unique()}`);
      expect(paid.body.data?.status).toBe('paid');
      expect((await db().select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('paid');
    }
  });

  it('runs each job once: 10 orders paid through both gateways make 10 fulfilments and each email once', async () => {
    const n = 10;
    const run = unique();
    const emails = Array.from({ length: n }, (_, i) => `jobs.${run}.${i}@example.com`);
    const placed: PlacedOrder[] = [];
    for (const email of emails) placed.push(await placeOrder(two.url, email));
    const paid = await Promise.all(placed.map(async (p, i) =>
      payByCard(two.url, p, await tokenize(two.gateways[i % 2]!.paymentsUrl, two.url), `pay-${unique()}`)));
    expect(paid.map((p) => p.body.data?.status)).toEqual(Array(n).fill('paid'));
    expect(new Set(paid.map((p) => p.headers['x-served-by']))).toEqual(new Set(['gateway-1', 'gateway-2']));

    const orderNos = placed.map((p) => p.order.orderNo);
    // Per order: its fulfilment, its confirmation email and its eSIM's QR email.
    const theirJobs = () => db().select().from(jobs).where(inArray(sql`${jobs.payload}->>'orderNo'`, orderNos));
    // Nobody runs these jobs but the two gateways' runners: wait until they are all done.
    await until(async () => {
      const rows = await theirJobs();
      return rows.length === 3 * n && rows.every((r) => r.doneAt);
    });
    const ran = await theirJobs();
    expect(ran.map((r) => r.kind).sort()).toEqual([...Array(n).fill('email.esim'), ...Array(n).fill('email.orderConfirmation'), ...Array(n).fill('order.fulfil')]);
    for (const row of ran) expect(row).toMatchObject({ attempts: 1, lastError: null });
    const fulfilled = await db().select().from(orders).where(inArray(orders.orderNo, orderNos));
    expect(fulfilled.map((o) => o.fulfilment)).toEqual(Array(n).fill('esim_sent'));
    expect(await db().select().from(sims).where(inArray(sims.orderId, fulfilled.map((o) => o.id)))).toHaveLength(n);
    const sent = await db().select().from(outboxMessages).where(inArray(outboxMessages.to, emails));
    // Per order: its confirmation and its eSIM's QR email, once each.
    expect(sent).toHaveLength(2 * n);
    for (const email of emails) {
      expect(sent.filter((m) => m.to === email).map((m) => m.meta.kind).sort()).toEqual(['esim', 'orderConfirmation']);
    }
  }, 60_000);

  it('takes a captcha made on one gateway on the other, once, and holds the SMS limit of a number across both', async () => {
    const image = await fetch(`${g1().url}${endpoints.createImg.path}`);
    await image.text();
    const token = image.headers.get('x-image-code-token')!;
    const answer = (await send<{ answer: string }>(`${g1().url}/sandbox/api/captcha/${token}`)).body.data!.answer;
    const phone = randomPhone();
    const sendCode = (base: string, captcha: { token: string; answer: string }) => send(`${base}${endpoints.sendMobileVerificationCode.path}`, {
      body: { phone, type: 'login' }, headers: { 'IMAGE-CODE': captcha.answer, 'X-IMAGE-CODE-TOKEN': captcha.token },
    });

    const sent = await sendCode(g2().url, { token, answer });
    expect(sent.body.code).toBe('200');
    expect(await db().select().from(outboxMessages).where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')))).toHaveLength(1);
    // Spent on gateway-2: gateway-1, which made it, refuses it now.
    expect((await sendCode(g1().url, { token, answer })).body.code).toBe('captchaWrong');

    // A fresh captcha, made and answered on gateway-1: the number's 60 s limit, counted on gateway-2, holds.
    const again = await fetch(`${g1().url}${endpoints.createImg.path}`);
    await again.text();
    const next = again.headers.get('x-image-code-token')!;
    const nextAnswer = (await send<{ answer: string }>(`${g1().url}/sandbox/api/captcha/${next}`)).body.data!.answer;
    const refused = await sendCode(g1().url, { token: next, answer: nextAnswer });
    expect(refused.status).toBe(429);
    expect(await db().select().from(outboxMessages).where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')))).toHaveLength(1);
  });

  it('locks an account after five wrong passwords, whichever gateway counted them', async () => {
    const login = async (base: string, password: string) => {
      const image = await fetch(`${base}${endpoints.createImg.path}`);
      await image.text();
      const token = image.headers.get('x-image-code-token')!;
      const answer = (await send<{ answer: string }>(`${base}/sandbox/api/captcha/${token}`)).body.data!.answer;
      return send<{ access_token: string }>(`${base}${endpoints.oauthToken.path}?grant_type=password&scope=eshop`, {
        body: { username: 'demo', password }, form: true,
        headers: { Authorization: BASIC, 'IMAGE-CODE': answer, 'X-IMAGE-CODE-TOKEN': token },
      });
    };
    for (let i = 0; i < 5; i++) expect((await login(two.gateways[i % 2]!.url, `Wrong@${i}234`)).body.data?.access_token).toBeUndefined();
    // Three failures on gateway-1, two on gateway-2: the right password, on either, is refused now.
    for (const gateway of [g1(), g2()]) {
      const right = await login(gateway.url, 'Demo@2468');
      expect(right.status).not.toBe(200);
      expect(right.body.data?.access_token).toBeUndefined();
    }
  });

  // Needs the shared limits (issue 12, sections 1 and 4: the limits in the database or Redis, TRUST_PROXY): with a
  // limit per process, each gateway lets API_LIMIT through, twice the limit in all.
  it('holds the coarse per-IP API limit across both gateways: one client gets the limit in all, another still gets through', async () => {
    const client = '127.0.0.2';
    const burst = 3 * API_LIMIT;
    // A guarded API route with nothing to change: an order that does not exist is looked for and not found.
    const lookup = (localAddress: string, headers: Record<string, string> = {}) =>
      send(`${two.url}${endpoints.orderDetail.path}`, { body: { orderNo: 'LB0000000000' }, localAddress, headers });
    // Half of them claim another address: the gateways read the client from the proxy's hop, not from what it wrote.
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => lookup(client, i % 2 ? { 'X-Forwarded-For': `198.51.100.${i % 250}` } : {})));
    expect(new Set(answers.map((a) => a.headers['x-served-by']))).toEqual(new Set(['gateway-1', 'gateway-2']));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.map((a) => a.body.code)).toEqual(Array(limited.length).fill('rateLimited'));
    // The others were looked for: no such order (noRecord).
    expect(answers.filter((a) => a.status !== 429).map((a) => a.body.code)).toEqual(Array(API_LIMIT).fill('noRecord'));
    expect((await lookup('127.0.0.3')).body.code).toBe('noRecord');
  }, 60_000);
});
