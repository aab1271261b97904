import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { balances, customers, jobs, orders, payments, sandboxCardPayments, sandboxWechatOrders } from '../../src/server/db/schema';
import { reconcilePayments, WECHAT_QR_TTL_MS } from '../../src/server/payments/reconciliation';
import { REFUNDED } from '../../src/server/payments/keys';
import { WECHAT_NOTIFY_PATH } from '../../src/server/payments/wechat';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, wechatDeliverDue, wechatNotifyAgain, wechatPhonePay } from '../support/payments';
import { bearer, call } from './helpers';
import { demoToken, esimForm, newKey, placeOrder, planIdOf, type PlacedOrder } from './ordersHelpers';

const MINUTE = 60_000;

interface Ctx { server: TestServer; twoGb: number }

/** The calls every scenario below makes, against one test server. */
function buyer(ctx: Ctx) {
  const anOrder = (token?: string) => placeOrder(ctx.server, esimForm(ctx.twoGb, { months: 1 }), { token });
  const pay = (placed: PlacedOrder, body: Record<string, unknown>, key: string = newKey(), auth?: string) =>
    call<PaymentResult>(ctx.server, endpoints.payOrder, {
      body: { orderNo: placed.order.orderNo, ...body },
      headers: { 'Idempotency-Key': key, 'X-Order-Token': placed.orderToken, ...(auth ? bearer(auth) : {}) },
    });
  const byWechat = (placed: PlacedOrder, key?: string) => pay(placed, { method: 'wechat_pay' }, key);
  const byCard = async (placed: PlacedOrder) =>
    pay(placed, { method: 'bank_card', sourceId: await tokenizeCard(ctx.server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' }), cardholderName: 'Mei Chen' });
  const status = (placed: PlacedOrder) =>
    call<PaymentResult | null>(ctx.server, endpoints.payStatus, { query: { orderNo: placed.order.orderNo }, headers: { 'X-Order-Token': placed.orderToken } });
  const orderRow = async (placed: PlacedOrder) => (await ctx.server.db.select().from(orders).where(eq(orders.orderNo, placed.order.orderNo)))[0]!;
  const attempts = (placed: PlacedOrder) => ctx.server.db.select().from(payments).where(eq(payments.payableRef, placed.order.orderNo)).orderBy(payments.id);
  const wechatOrder = async (tradeNo: string) => (await ctx.server.db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.outTradeNo, tradeNo)))[0]!;
  const fulfilJobs = (placed: PlacedOrder) => ctx.server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${placed.order.orderNo}`));
  return { anOrder, pay, byWechat, byCard, status, orderRow, attempts, wechatOrder, fulfilJobs };
}

describe.each(testDatabases())('WeChat Pay on %s', (_name, databaseUrl) => {
  const ctx = {} as Ctx;
  const b = buyer(ctx);
  beforeAll(async () => {
    ctx.server = await startTestServer({ databaseUrl });
    ctx.twoGb = await planIdOf(ctx.server, '2gb-plan');
  });
  afterAll(async () => { await ctx.server?.close(); });

  it('shows a QR, then the signed notification pays the order once, however many times it comes', async () => {
    const placed = await b.anOrder();
    const key = newKey();
    const res = await b.byWechat(placed, key);
    expect(res.body.data).toMatchObject({ status: 'pending', method: 'wechat_pay', amountCents: placed.order.payAmountCents, failure: null });
    const qr = res.body.data!.wechat!;
    expect(qr.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(qr.sandboxPhoneUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(new Date(qr.expiresAt).getTime()).toBeGreaterThan(ctx.server.clock.now().getTime());
    expect((await b.status(placed)).body.data).toMatchObject({ status: 'pending' });
    expect((await b.byWechat(placed, key)).body.data!.wechat!.codeUrl).toBe(qr.codeUrl);

    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
    const [attempt] = await b.attempts(placed);
    expect(attempt).toMatchObject({ status: 'succeeded', provider: 'wechat_sandbox' });
    const paid = await b.orderRow(placed);
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });

    ctx.server.clock.advance(MINUTE);
    expect((await wechatDeliverDue(ctx.server.paymentsUrl)).attempts).toBe(1);
    expect(await wechatNotifyAgain(ctx.server.paymentsUrl, attempt!.providerPaymentId!)).toBe(200);
    expect((await b.wechatOrder(attempt!.providerPaymentId!)).notifications).toBe(3);
    expect(await b.attempts(placed)).toMatchObject([{ id: attempt!.id, status: 'succeeded' }]);
    expect(await b.fulfilJobs(placed)).toHaveLength(1);
    expect((await b.orderRow(placed)).paidAt).toEqual(paid.paidAt);
    expect((await b.status(placed)).body.data).toMatchObject({ status: 'paid', wechat: null });
    expect((await b.byWechat(placed, key)).body.data).toMatchObject({ status: 'paid' });
    expect((await b.byWechat(placed)).body.code).toBe('resubmit');
  });

  it('refuses a notification whose signature is not genuine, and changes nothing', async () => {
    const placed = await b.anOrder();
    await b.byWechat(placed);
    const [attempt] = await b.attempts(placed);
    const forged = JSON.stringify({ id: 'x', event_type: 'TRANSACTION.SUCCESS', resource: { out_trade_no: attempt!.providerPaymentId } });
    const res = await fetch(new URL(WECHAT_NOTIFY_PATH, ctx.server.url), {
      method: 'POST', headers: { 'content-type': 'application/json', 'wechatpay-signature': 'forged', 'wechatpay-timestamp': '1', 'wechatpay-nonce': 'n', 'wechatpay-serial': 's' }, body: forged,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'FAIL', message: 'signature verification failed' });
    expect(await b.attempts(placed)).toMatchObject([{ status: 'pending' }]);
    expect((await b.orderRow(placed)).status).toBe('awaiting_payment');
  });

  it('a payment the phone could not make shows as failed (active query), and another way then pays', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'fail');
    expect((await b.status(placed)).body.data).toMatchObject({ status: 'failed', failure: 'WECHAT_PAYERROR' });
    expect(await b.orderRow(placed)).toMatchObject({ status: 'payment_failed', failureCode: 'WECHAT_PAYERROR' });
    expect((await b.byCard(placed)).body.data?.status).toBe('paid');
  });

  it('paying another way closes the open QR, so the phone can no longer pay', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    expect((await b.byCard(placed)).body.data?.status).toBe('paid');
    const [wechat, card] = await b.attempts(placed);
    expect(wechat).toMatchObject({ provider: 'wechat_sandbox', status: 'failed', failureCode: 'WECHAT_CLOSED' });
    expect(card).toMatchObject({ provider: 'card_sandbox', status: 'succeeded' });
    expect((await b.wechatOrder(wechat!.providerPaymentId!)).state).toBe('CLOSED');
    await expect(wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay')).resolves.toBeUndefined();
    expect((await b.wechatOrder(wechat!.providerPaymentId!)).state).toBe('CLOSED');
    expect(await b.fulfilJobs(placed)).toHaveLength(1);
  });

  it('a new QR for the same order closes the previous one', async () => {
    const placed = await b.anOrder();
    await b.byWechat(placed);
    await b.byWechat(placed);
    const [first, second] = await b.attempts(placed);
    expect(first).toMatchObject({ status: 'failed', failureCode: 'WECHAT_CLOSED' });
    expect(second).toMatchObject({ status: 'pending' });
    expect((await b.orderRow(placed)).status).toBe('awaiting_payment');
  });

  it('a QR WeChat Pay never received (ORDER_NOT_EXIST on close) does not block paying by card', async () => {
    const placed = await b.anOrder();
    const wechat = ctx.server.app.deps.payments.wechat;
    const create = wechat.createNativeOrder;
    // The request that would have created the QR at WeChat Pay never arrives; the attempt is written already.
    wechat.createNativeOrder = async () => { throw new Error('connect ECONNREFUSED'); };
    try {
      expect((await b.byWechat(placed)).body.code).toBe('serverError');
    } finally {
      wechat.createNativeOrder = create;
    }
    expect(await b.attempts(placed)).toMatchObject([{ status: 'pending', provider: 'wechat_sandbox' }]);
    expect((await b.byCard(placed)).body.data).toMatchObject({ status: 'paid', method: 'bank_card' });
    expect(await b.attempts(placed)).toMatchObject([{ status: 'failed', failureCode: 'NOT_RECEIVED', nextCheckAt: null }, { status: 'succeeded', method: 'bank_card' }]);
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'bank_card' });
  });

  it('a QR that cannot be closed now does not fail paying another way: it is left to reconciliation', async () => {
    const placed = await b.anOrder();
    await b.byWechat(placed);
    const wechat = ctx.server.app.deps.payments.wechat;
    const close = wechat.closeOrder;
    wechat.closeOrder = async () => { throw new Error('WeChat Pay answered 500 SYSTEM_ERROR'); };
    try {
      expect((await b.byCard(placed)).body.data).toMatchObject({ status: 'paid', method: 'bank_card' });
    } finally {
      wechat.closeOrder = close;
    }
    expect(await b.attempts(placed)).toMatchObject([{ status: 'pending', provider: 'wechat_sandbox' }, { status: 'succeeded' }]);
    ctx.server.clock.advance(3 * MINUTE);
    await reconcilePayments(ctx.server.app.deps);
    ctx.server.clock.advance(WECHAT_QR_TTL_MS);
    await reconcilePayments(ctx.server.app.deps);
    expect(await b.attempts(placed)).toMatchObject([{ status: 'failed', failureCode: 'WECHAT_CLOSED' }, { status: 'succeeded' }]);
  });

  it('a second QR still open when the first one is paid is closed', async () => {
    const placed = await b.anOrder();
    const first = (await b.byWechat(placed)).body.data!.wechat!;
    const wechat = ctx.server.app.deps.payments.wechat;
    const close = wechat.closeOrder.bind(wechat);
    // Two QRs open at once: the second request could not close the first.
    wechat.closeOrder = async () => { wechat.closeOrder = close; throw new Error('WeChat Pay answered 500 SYSTEM_ERROR'); };
    try {
      await b.byWechat(placed);
    } finally {
      wechat.closeOrder = close;
    }
    const [, second] = await b.attempts(placed);
    expect(second).toMatchObject({ status: 'pending' });
    // The phone pays the first QR; its notification arrives.
    await wechatPhonePay(ctx.server.paymentsUrl, first.codeUrl, 'pay');
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await b.attempts(placed)).toMatchObject([{ status: 'succeeded' }, { id: second!.id, status: 'failed', failureCode: 'WECHAT_CLOSED' }]);
    expect((await b.wechatOrder(second!.providerPaymentId!)).state).toBe('CLOSED');
  });

  it('a QR that could not be closed before a balance payment is closed once the order is paid', async () => {
    const token = await demoToken(ctx.server);
    const [demo] = await ctx.server.db.select().from(customers).where(eq(customers.username, 'demo'));
    await ctx.server.db.update(balances).set({ generalCents: 100_00 }).where(eq(balances.customerId, demo!.id));
    const placed = await b.anOrder(token);
    await b.byWechat(placed);
    const [qr] = await b.attempts(placed);
    const wechat = ctx.server.app.deps.payments.wechat;
    const close = wechat.closeOrder.bind(wechat);
    wechat.closeOrder = async () => { wechat.closeOrder = close; throw new Error('WeChat Pay answered 500 SYSTEM_ERROR'); };
    try {
      expect((await b.pay(placed, { method: 'account' }, newKey(), token)).body.data?.status).toBe('paid');
    } finally {
      wechat.closeOrder = close;
    }
    expect(await b.attempts(placed)).toMatchObject([{ id: qr!.id, status: 'failed', failureCode: 'WECHAT_CLOSED' }, { method: 'account', status: 'succeeded' }]);
    expect((await b.wechatOrder(qr!.providerPaymentId!)).state).toBe('CLOSED');
  });

  it('a card charge that lands after a QR\'s phone paid the order answers "do not resubmit", and is refunded', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    const { card, wechat } = ctx.server.app.deps.payments;
    const close = wechat.closeOrder;
    const charge = card.createPayment;
    // WeChat Pay cannot close the QR now, and the phone pays (its notification arrives) while the card is charged.
    wechat.closeOrder = async () => { throw new Error('WeChat Pay answered 500 SYSTEM_ERROR'); };
    card.createPayment = async (req) => {
      const outcome = await charge.call(card, req);
      await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
      return outcome;
    };
    const key = newKey();
    const sourceId = await tokenizeCard(ctx.server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' });
    const pay = () => b.pay(placed, { method: 'bank_card', sourceId, cardholderName: 'Mei Chen' }, key);
    try {
      expect((await pay()).body.code).toBe('resubmit');
    } finally {
      wechat.closeOrder = close;
      card.createPayment = charge;
    }
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await b.attempts(placed)).toMatchObject([{ method: 'wechat_pay', status: 'succeeded' }, { method: 'bank_card', status: 'failed', failureCode: REFUNDED }]);
    expect(await ctx.server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, placed.order.orderNo))).toMatchObject([{ status: 'REFUNDED' }]);
    expect((await pay()).body.code).toBe('resubmit');
    expect((await b.status(placed)).body.data).toMatchObject({ status: 'paid', method: 'wechat_pay' });
  });

  it('reconciliation closes a QR nobody paid once it has expired; the order still waits for payment', async () => {
    const placed = await b.anOrder();
    await b.byWechat(placed);
    ctx.server.clock.advance(5 * MINUTE);
    await reconcilePayments(ctx.server.app.deps);
    expect(await b.attempts(placed)).toMatchObject([{ status: 'pending' }]);
    ctx.server.clock.advance(WECHAT_QR_TTL_MS);
    await reconcilePayments(ctx.server.app.deps);
    expect(await b.attempts(placed)).toMatchObject([{ status: 'failed', failureCode: 'WECHAT_CLOSED' }]);
    expect((await b.orderRow(placed)).status).toBe('awaiting_payment');
  });
});

describe.each(testDatabases())('WeChat Pay when its notifications do not arrive, on %s', (_name, databaseUrl) => {
  const ctx = {} as Ctx;
  const b = buyer(ctx);
  beforeAll(async () => {
    // Nothing listens on port 9: every notification fails, as when the gateway cannot be reached.
    ctx.server = await startTestServer({ databaseUrl, config: { publicUrl: 'http://127.0.0.1:9' } });
    ctx.twoGb = await planIdOf(ctx.server, '2gb-plan');
  });
  afterAll(async () => { await ctx.server?.close(); });

  it('the buyer waiting on the result page sees the order paid: payStatus asks WeChat Pay', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
    expect((await b.orderRow(placed)).status).toBe('awaiting_payment');
    expect((await b.status(placed)).body.data).toMatchObject({ status: 'paid', method: 'wechat_pay' });
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await b.fulfilJobs(placed)).toHaveLength(1);
  });

  it('reconciliation finds a QR paid without a word, even when nobody is waiting', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
    ctx.server.clock.advance(3 * MINUTE);
    expect((await reconcilePayments(ctx.server.app.deps)).settled).toBeGreaterThanOrEqual(1);
    expect((await b.orderRow(placed)).status).toBe('paid');
  });

  it('a phone that paid before the buyer chose a card pays the order; the card is never charged', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
    const card = await b.byCard(placed);
    expect(card.body.code).toBe('resubmit');
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await ctx.server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, placed.order.orderNo))).toEqual([]);
  });

  it('a phone that paid after a QR could not be closed pays the order; the card attempt that followed is not charged', async () => {
    const placed = await b.anOrder();
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');
    const wechat = ctx.server.app.deps.payments.wechat;
    const close = wechat.closeOrder.bind(wechat);
    // The close before the card attempt fails; the one after it took the order finds the QR paid.
    wechat.closeOrder = async () => { wechat.closeOrder = close; throw new Error('WeChat Pay answered 500 SYSTEM_ERROR'); };
    try {
      expect((await b.byCard(placed)).body.code).toBe('resubmit');
    } finally {
      wechat.closeOrder = close;
    }
    expect(await b.orderRow(placed)).toMatchObject({ status: 'paid', payMethod: 'wechat_pay' });
    expect(await b.attempts(placed)).toMatchObject([{ status: 'succeeded', method: 'wechat_pay' }, { status: 'failed', method: 'bank_card', failureCode: 'PAID_ANOTHER_WAY' }]);
    expect(await ctx.server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, placed.order.orderNo))).toEqual([]);
  });

  it('a phone that paid after the order was paid another way is refunded in full', async () => {
    const token = await demoToken(ctx.server);
    const [demo] = await ctx.server.db.select().from(customers).where(eq(customers.username, 'demo'));
    await ctx.server.db.update(balances).set({ generalCents: 100_00 }).where(eq(balances.customerId, demo!.id));
    const placed = await b.anOrder(token);
    const qr = (await b.byWechat(placed)).body.data!.wechat!;
    const [wechat] = await b.attempts(placed);
    // The race the gateway cannot prevent: the balance payment commits while the phone is paying the open QR.
    await ctx.server.db.update(payments).set({ status: 'failed', failureCode: 'WECHAT_CLOSED' }).where(eq(payments.id, wechat!.id));
    expect((await b.pay(placed, { method: 'account' }, newKey(), token)).body.data?.status).toBe('paid');
    await ctx.server.db.update(payments).set({ status: 'pending', failureCode: null }).where(eq(payments.id, wechat!.id));
    await wechatPhonePay(ctx.server.paymentsUrl, qr.codeUrl, 'pay');

    ctx.server.clock.advance(3 * MINUTE);
    await reconcilePayments(ctx.server.app.deps);
    expect(await ctx.server.db.select().from(payments).where(eq(payments.id, wechat!.id))).toMatchObject([{ status: 'failed', failureCode: REFUNDED }]);
    expect((await b.wechatOrder(wechat!.providerPaymentId!)).state).toBe('REFUND');
    const succeeded = await ctx.server.db.select().from(payments)
      .where(and(eq(payments.payableRef, placed.order.orderNo), eq(payments.status, 'succeeded')));
    expect(succeeded).toMatchObject([{ method: 'account' }]);
    expect(await b.fulfilJobs(placed)).toHaveLength(1);
  });
});
