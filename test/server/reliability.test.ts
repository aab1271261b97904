/**
 * Issue 3, Reliability: the same checkout submitted fifty times at once makes one order and one charge; a WeChat
 * notification delivered three times at once pays once; a gateway killed between the provider's charge and its
 * own commit leaves, once reconciliation runs, a paid order with exactly one charge. PGlite has one connection
 * (no real races, the crash simulated in process); PostgreSQL is where the races and the real kill happen.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { balanceLedger, balances, customers, jobs, orders, payments, plans, sandboxCardPayments, sandboxWechatOrders } from '../../src/server/db/schema';
import { createClock } from '../../src/server/clock';
import { openDatabase, type Database } from '../../src/server/db/database';
import { seed } from '../../src/server/db/seed';
import { startGateway } from '../../src/server/start';
import { CardProviderError } from '../../src/server/adapters/payments/types';
import { reconcilePayments, RECONCILE_GRACE_MS } from '../../src/server/payments/reconciliation';
import { createWechatQr, WECHAT_NOTIFY_PATH } from '../../src/server/payments/wechat';
import { paymentKeyFor, wechatTradeNo } from '../../src/server/payments/keys';
import { startAttempt } from '../../src/server/payments/start';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, wechatNotifyAgain, wechatPhonePay } from '../support/payments';
import { bearer, call } from './helpers';
import { checkoutForm, demoToken, esimForm, newKey, placeOrder, planIdOf, postOrder, providerAnswersOnce, type PlacedOrder } from './ordersHelpers';

const visaFor = (paymentsUrl: string, postalCode = '90012') => tokenizeCard(paymentsUrl, { ...TEST_CARDS.visa, postalCode });
const payByCard = (server: Pick<TestServer, 'url'>, placed: PlacedOrder, sourceId: string, key = newKey()) =>
  call<PaymentResult>(server as TestServer, endpoints.payOrder, {
    body: { orderNo: placed.order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
    headers: { 'Idempotency-Key': key, 'X-Order-Token': placed.orderToken },
  });

describe.each(testDatabases())('reliability on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    fiveGb = await planIdOf(server, '5gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  it('50 concurrent submits of the same checkout make exactly one order, and all 50 get it', async () => {
    const key = newKey();
    const form = checkoutForm(fiveGb, { couponCode: 'WELCOME10' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => postOrder(server, form, { key })));
    const codes = new Set(answers.map((a) => a.body.code));
    expect([...codes]).toEqual(['200']);
    expect(new Set(answers.map((a) => a.body.data!.order.orderNo)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data!.orderToken)).size).toBe(1);
    expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(1);
  });

  it('50 concurrent submits mixing two bodies under one key: one order, the other body refused with 120086', async () => {
    const key = newKey();
    const a = checkoutForm(fiveGb);
    const b = checkoutForm(fiveGb, { simCount: 2 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postOrder(server, i % 2 ? a : b, { key })));
    const winners = answers.filter((r) => r.body.code === '200');
    const refused = answers.filter((r) => r.body.code === '120086');
    expect(winners.length + refused.length).toBe(50);
    expect(new Set(winners.map((w) => w.body.data!.order.simCount)).size).toBe(1);
    expect(refused.length).toBe(25);
    expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(1);
  });

  it('20 concurrent balance payments of one order, each with its own key, debit the balance once', async () => {
    const token = await demoToken(server);
    const [demo] = await server.db.select().from(customers).where(eq(customers.username, 'demo'));
    await server.db.update(balances).set({ generalCents: 100_00 }).where(eq(balances.customerId, demo!.id));
    const created = await postOrder(server, esimForm(fiveGb, { months: 1 }), { token });
    const { orderNo, payAmountCents } = created.body.data!.order;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, method: 'account' }, headers: { 'Idempotency-Key': newKey(), ...bearer(token) },
    })));
    expect(answers.filter((a) => a.body.data?.status === 'paid')).toHaveLength(1);
    for (const a of answers) expect(['200', 'resubmit']).toContain(a.body.code);
    const [balance] = await server.db.select().from(balances).where(eq(balances.customerId, demo!.id));
    expect(balance!.generalCents).toBe(100_00 - payAmountCents);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, orderNo))).toHaveLength(1);
    expect((await server.db.select({ n: count() }).from(balanceLedger).where(eq(balanceLedger.customerId, demo!.id)))[0]!.n).toBe(1);
    expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${orderNo}`))).toHaveLength(1);
  });

  it('50 concurrent submits then 50 concurrent payments of that checkout make one order and one charge', async () => {
    const key = newKey();
    const created = await Promise.all(Array.from({ length: 50 }, () => postOrder(server, esimForm(fiveGb), { key })));
    const placed = created[0]!.body.data!;
    expect(new Set(created.map((c) => c.body.data?.order.orderNo)).size).toBe(1);
    const sourceId = await visaFor(server.paymentsUrl);
    const payKey = newKey();
    // A double click or a retry (the same key) and other tabs (their own keys), all at once.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => payByCard(server, placed, sourceId, i % 2 ? payKey : newKey())));
    for (const a of answers) expect(['200', '120086', 'resubmit']).toContain(a.body.code);
    expect(answers.filter((a) => a.body.data?.status === 'paid').length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.body.data && a.body.data.status !== 'paid')).toEqual([]);
    const charges = await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, placed.order.orderNo));
    expect(charges).toMatchObject([{ status: 'COMPLETED', amountCents: placed.order.payAmountCents }]);
    expect(await server.db.select().from(payments).where(eq(payments.status, 'succeeded')).then((rows) => rows.filter((r) => r.payableRef === placed.order.orderNo))).toHaveLength(1);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('paid');
  });

  it('a WeChat notification delivered three times at once pays the order once', async () => {
    const placed = await placeOrder(server, esimForm(fiveGb));
    const qr = await call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo: placed.order.orderNo, method: 'wechat_pay' }, headers: { 'Idempotency-Key': newKey(), 'X-Order-Token': placed.orderToken },
    });
    const [attempt] = await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo));
    const tradeNo = attempt!.providerPaymentId!;
    // The phone pays while the gateway cannot be reached, then three copies arrive together.
    await server.db.update(sandboxWechatOrders).set({ notifyUrl: 'http://127.0.0.1:9/' }).where(eq(sandboxWechatOrders.outTradeNo, tradeNo));
    await wechatPhonePay(server.paymentsUrl, qr.body.data!.wechat!.codeUrl, 'pay');
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('awaiting_payment');
    await server.db.update(sandboxWechatOrders).set({ notifyUrl: new URL(WECHAT_NOTIFY_PATH, server.url).toString() }).where(eq(sandboxWechatOrders.outTradeNo, tradeNo));
    const statuses = await Promise.all([1, 2, 3].map(() => wechatNotifyAgain(server.paymentsUrl, tradeNo)));
    expect(statuses).toEqual([200, 200, 200]);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ id: attempt!.id, status: 'succeeded' }]);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${placed.order.orderNo}`))).toHaveLength(1);
  });
});

/** What a crash between the provider's charge and the gateway's commit must end as, once reconciliation ran. */
async function expectPaidOnce(db: Database['db'], placed: PlacedOrder) {
  const { orderNo, payAmountCents } = placed.order;
  expect((await db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]).toMatchObject({ status: 'paid', payMethod: 'bank_card' });
  expect(await db.select().from(payments).where(eq(payments.payableRef, orderNo))).toMatchObject([{ status: 'succeeded', amountCents: payAmountCents }]);
  expect(await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, orderNo))).toMatchObject([{ status: 'COMPLETED', amountCents: payAmountCents }]);
  expect(await db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${orderNo}`))).toMatchObject([{ kind: 'order.fulfil' }]);
}

async function expectChargedNotRecorded(db: Database['db'], placed: PlacedOrder) {
  const { orderNo } = placed.order;
  expect((await db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status).toBe('paying');
  expect(await db.select().from(payments).where(eq(payments.payableRef, orderNo))).toMatchObject([{ status: 'pending' }]);
  expect(await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, orderNo))).toMatchObject([{ status: 'COMPLETED' }]);
}

describe('a crash between the charge and the commit, simulated in process on PGlite', () => {
  let server: TestServer;
  let crashNext = false;
  beforeAll(async () => {
    server = await startTestServer({
      config: { faults: { afterProviderCharge: () => { if (crashNext) { crashNext = false; throw new Error('simulated crash after the charge'); } } } },
    });
  });
  afterAll(async () => { await server?.close(); });

  it('leaves a pending attempt that reconciliation turns into a paid order with exactly one charge', async () => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    crashNext = true;
    const key = newKey();
    const sourceId = await visaFor(server.paymentsUrl);
    expect((await payByCard(server, placed, sourceId, key)).body.code).toBe('serverError');
    await expectChargedNotRecorded(server.db, placed);
    // The buyer retries meanwhile: the attempt is still running as far as anyone knows.
    expect((await payByCard(server, placed, sourceId, key)).body.code).toBe('120086');
    expect((await payByCard(server, placed, sourceId)).body.code).toBe('120086');

    expect((await reconcilePayments(server.app.deps)).settled).toBe(0);
    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    expect((await reconcilePayments(server.app.deps)).settled).toBe(1);
    await expectPaidOnce(server.db, placed);
    expect((await payByCard(server, placed, sourceId, key)).body.data?.status).toBe('paid');
    expect((await reconcilePayments(server.app.deps)).settled).toBe(0);
  });

  it('a decline whose answer was lost is settled by reconciliation with the decline\'s own reason', async () => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    crashNext = true;
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.insufficientFunds, postalCode: '90012' });
    expect((await payByCard(server, placed, sourceId)).body.code).toBe('serverError');
    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    expect((await reconcilePayments(server.app.deps)).settled).toBe(1);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'INSUFFICIENT_FUNDS' }]);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]).toMatchObject({ status: 'payment_failed', failureCode: 'INSUFFICIENT_FUNDS' });
  });

  it('an attempt the provider never received ends failed, and the buyer can pay again', async () => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    // A pending attempt whose provider call never left the gateway (the process died before it).
    const now = server.clock.now();
    await server.db.insert(payments).values({
      payableKind: 'order', payableRef: placed.order.orderNo, method: 'bank_card', idempotencyKey: `order:${placed.order.orderNo}:lost`,
      requestHash: 'x', amountCents: placed.order.payAmountCents, status: 'pending', provider: 'card_sandbox',
      nextCheckAt: new Date(now.getTime() + RECONCILE_GRACE_MS), createdAt: now, updatedAt: now,
    });
    await server.db.update(orders).set({ status: 'paying' }).where(eq(orders.orderNo, placed.order.orderNo));
    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    await reconcilePayments(server.app.deps);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'NOT_RECEIVED' }]);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('payment_failed');
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.data?.status).toBe('paid');
  });
});

describe.each(testDatabases())('reconciliation behind many unpaid WeChat QRs, on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let crashNext = false;
  beforeAll(async () => {
    server = await startTestServer({
      databaseUrl,
      config: { faults: { afterProviderCharge: () => { if (crashNext) { crashNext = false; throw new Error('simulated crash after the charge'); } } } },
    });
  });
  afterAll(async () => { await server?.close(); });

  /** `n` QRs shown for one order and never scanned: pending attempts, NOTPAY at WeChat Pay. */
  async function unpaidQrs(placed: PlacedOrder, n: number) {
    const deps = server.app.deps;
    const order = (await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!;
    for (let i = 0; i < n; i++) {
      const key = paymentKeyFor(order.orderNo, newKey());
      const started = await startAttempt(deps, order.orderNo, {
        key, requestHash: `qr-${i}`, method: 'wechat_pay', customerId: null, provider: 'wechat_sandbox', providerPaymentId: wechatTradeNo(key),
      });
      if (!('created' in started)) throw new Error('the attempt existed already');
      await createWechatQr(deps, order, started.created, { notifyUrl: new URL(WECHAT_NOTIFY_PATH, server.url).toString() });
    }
  }

  it('a card charge whose commit was lost is reconciled in the next run, and a paid QR whose notification was lost soon after', async () => {
    const plan = await planIdOf(server, '2gb-plan');
    await unpaidQrs(await placeOrder(server, esimForm(plan, { months: 1 })), 101);

    const card = await placeOrder(server, esimForm(plan, { months: 1 }));
    crashNext = true;
    expect((await payByCard(server, card, await visaFor(server.paymentsUrl))).body.code).toBe('serverError');
    await expectChargedNotRecorded(server.db, card);

    const wechat = await placeOrder(server, esimForm(plan, { months: 1 }));
    const qr = await call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo: wechat.order.orderNo, method: 'wechat_pay' }, headers: { 'Idempotency-Key': newKey(), 'X-Order-Token': wechat.orderToken },
    });
    const [attempt] = await server.db.select().from(payments).where(eq(payments.payableRef, wechat.order.orderNo));
    // The phone pays while the gateway cannot be reached: the notification is lost.
    await server.db.update(sandboxWechatOrders).set({ notifyUrl: 'http://127.0.0.1:9/' }).where(eq(sandboxWechatOrders.outTradeNo, attempt!.providerPaymentId!));
    await wechatPhonePay(server.paymentsUrl, qr.body.data!.wechat!.codeUrl, 'pay');

    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    await reconcilePayments(server.app.deps);
    await expectPaidOnce(server.db, card);
    // The unpaid QRs asked about once wait their turn again; the next run reaches the newest one.
    server.clock.advance(60_000);
    await reconcilePayments(server.app.deps);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, wechat.order.orderNo)))[0]).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await server.db.select().from(payments).where(eq(payments.status, 'pending'))).toHaveLength(101);
  });
});

describe('the card provider out of reach, on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.close(); });

  /** Makes the next createPayment fail as given, without reaching the provider. */
  const failNextCharge = (error: Error) => {
    const card = server.app.deps.payments.card;
    const real = card.createPayment.bind(card);
    card.createPayment = async () => { card.createPayment = real; throw error; };
  };

  it('a call that may or may not have charged leaves the attempt pending: the buyer waits, reconciliation decides', async () => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    failNextCharge(new Error('socket hang up'));
    const res = await payByCard(server, placed, await visaFor(server.paymentsUrl));
    expect(res.body.data).toMatchObject({ status: 'pending', method: 'bank_card' });
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.code).toBe('120086');
    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    await reconcilePayments(server.app.deps);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'NOT_RECEIVED' }]);
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.data?.status).toBe('paid');
  });

  it('a CreatePayment request the provider refused outright (4xx, no payment) charged nothing: the order is payable again at once', async () => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    providerAnswersOnce(server.paymentsUrl, 'POST', '/v2/payments', 400, {
      errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', detail: 'Invalid value.', field: 'amount_money.amount' }],
    });
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.code).toBe('serverError');
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('awaiting_payment');
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'PROVIDER_REFUSED' }]);
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.data?.status).toBe('paid');
  });

  it.each([
    ['a 4xx error that is not a refusal of the charge', Object.assign(new Error('card provider answered 404 NOT_FOUND'), { status: 404 })],
    ['a reused idempotency key (its first request may have charged)', new CardProviderError('IDEMPOTENCY_KEY_REUSED', 400, 'reused')],
  ])('%s leaves the attempt pending: reconciliation settles it from the provider\'s records', async (_what, error) => {
    const placed = await placeOrder(server, esimForm(await planIdOf(server, '2gb-plan'), { months: 1 }));
    failNextCharge(error);
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.data).toMatchObject({ status: 'pending' });
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!.status).toBe('paying');
    expect((await payByCard(server, placed, await visaFor(server.paymentsUrl))).body.code).toBe('120086');
    server.clock.advance(RECONCILE_GRACE_MS + 1000);
    await reconcilePayments(server.app.deps);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'NOT_RECEIVED' }]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.each(adminUrl ? [adminUrl] : [])('a gateway process killed between the charge and the commit, on PostgreSQL', (url) => {
  let databaseUrl: string;
  let name: string;
  let database: Database;
  beforeAll(async () => {
    name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    database = await openDatabase({ databaseUrl });
    await database.migrate((db) => seed(db));
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** The gateway in a child process, configured to SIGKILL itself right after the card provider answers. */
  async function crashingGateway() {
    const script = fileURLToPath(new URL('./reliabilityCrashingGateway.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const lines = createInterface({ input: child.stdout! });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      void exited.then((e) => reject(new Error(`the gateway process exited before listening: ${JSON.stringify(e)}`)));
    });
    return { ...(JSON.parse(first) as { url: string; paymentsUrl: string }), exited };
  }

  it('leaves, after a fresh gateway reconciles, the order paid with exactly one charge and its fulfilment job', async () => {
    const child = await crashingGateway();
    const [plan] = await database.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, '2gb-plan'));
    const placed = await placeOrder({ url: child.url } as TestServer, esimForm(plan!.id, { months: 1 }));
    const sourceId = await visaFor(child.paymentsUrl);
    await expect(payByCard({ url: child.url }, placed, sourceId)).rejects.toThrow();
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await expectChargedNotRecorded(database.db, placed);

    const fresh = await startGateway({
      port: 0, paymentsPort: 0, host: '127.0.0.1', databaseUrl, sandbox: true, logLevel: 'silent',
      clock: createClock(new Date(Date.now() + RECONCILE_GRACE_MS + 60_000)), config: { jobs: 'manual' },
    });
    try {
      expect((await reconcilePayments(fresh.app.deps)).settled).toBe(1);
      await expectPaidOnce(database.db, placed);
      const status = await call<PaymentResult>({ url: fresh.url } as TestServer, endpoints.payStatus, {
        query: { orderNo: placed.order.orderNo }, headers: { 'X-Order-Token': placed.orderToken },
      });
      expect(status.body.data).toMatchObject({ status: 'paid', method: 'bank_card', amountCents: placed.order.payAmountCents });
    } finally {
      await fresh.close();
    }
  });
});
