/**
 * WeChat Pay Native in the sandbox, over real HTTP through the gateway's adapter (providers.wechat): orders
 * idempotent on out_trade_no, the phone page paying or failing, signed and encrypted notifications that come
 * twice, late, and again after a refused answer, closing, expiry after two hours, and refunds.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxWechatOrders } from '../../src/server/db/schema';
import { WechatPayError } from '../../src/server/adapters/payments/clients/wechatClient';
import { startPaymentSandbox } from '../../src/server/adapters/payments/sandboxServer';
import type { WechatPay } from '../../src/server/adapters/payments/types';
import { SANDBOX_TEXTS } from '../../src/server/adapters/payments/texts';
import { startTestServer, type TestServer } from '../support/server';
import { startNotifyReceiver, type NotifyReceiver } from '../support/notifyReceiver';
import { wechatDeliverDue, wechatNotifyAgain, wechatPhonePay } from '../support/payments';

let server: TestServer;
let wechat: WechatPay;
let receiver: NotifyReceiver;
let seq = 0;
const tradeNo = () => `LBT${Date.now()}${++seq}`.slice(0, 32);

beforeAll(async () => {
  server = await startTestServer();
  wechat = server.app.deps.payments.wechat;
});
afterAll(async () => { await server?.close(); });
// Each test has its own merchant endpoint: copies still due from an earlier test go to that test's endpoint.
beforeEach(async () => { receiver = await startNotifyReceiver(); });
afterEach(async () => { await receiver.close(); });

const order = async (amountCents = 1999, description = '5GB plan, 3 months') => {
  const outTradeNo = tradeNo();
  const created = await wechat.createNativeOrder({ outTradeNo, amountCents, description, notifyUrl: receiver.url });
  return { outTradeNo, ...created };
};
const row = async (outTradeNo: string) => (await server.db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.outTradeNo, outTradeNo)))[0]!;
const phonePage = async (url: string) => { const res = await fetch(url); return { status: res.status, html: await res.text() }; };

describe('Native orders', () => {
  it('answers a code_url valid two hours, the same one for the same unpaid order, and refuses other terms under its number', async () => {
    const before = server.clock.now().getTime();
    const first = await order();
    expect(first.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[\w-]+$/);
    expect(first.expiresAt.getTime() - before).toBeGreaterThanOrEqual(2 * 3600_000);
    expect(first.expiresAt.getTime() - before).toBeLessThan(2 * 3600_000 + 60_000);
    const again = await wechat.createNativeOrder({ outTradeNo: first.outTradeNo, amountCents: 1999, description: '5GB plan, 3 months', notifyUrl: receiver.url });
    expect(again).toEqual({ codeUrl: first.codeUrl, expiresAt: first.expiresAt, sandboxPhoneUrl: first.sandboxPhoneUrl });
    const other = await wechat.createNativeOrder({ outTradeNo: first.outTradeNo, amountCents: 2999, description: '5GB plan, 3 months', notifyUrl: receiver.url }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(WechatPayError);
    expect((other as WechatPayError).code).toBe('INVALID_REQUEST');
    expect(await wechat.queryOrder(first.outTradeNo)).toEqual({ state: 'NOTPAY', transactionId: null, amountCents: 1999 });
    expect(await wechat.queryOrder('LBNOSUCHORDER00')).toBeNull();
  });

  it("points the phone link at the sandbox's configured origin (PAYMENTS_ORIGIN)", async () => {
    const created = await wechat.createNativeOrder({ outTradeNo: tradeNo(), amountCents: 100, description: 'x', notifyUrl: receiver.url });
    expect(created.sandboxPhoneUrl?.startsWith(`${server.paymentsUrl}/wechat/phone?pr=`)).toBe(true);
  });

  it('refuses a request not signed with the merchant key', async () => {
    const res = await fetch(`${server.paymentsUrl}/v3/pay/transactions/out-trade-no/LBANY000001?mchid=1`, { headers: { authorization: 'WECHATPAY2-HMAC-SHA256 mchid="1",nonce_str="a",timestamp="1",serial_no="x",signature="y"' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'SIGN_ERROR' });
  });
});

describe('the phone page', () => {
  it('shows merchant, item and amount in three languages, with a button to pay and one to fail', async () => {
    const created = await order(1999, '5GB plan <3 months>');
    const page = await phonePage(created.sandboxPhoneUrl!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('LinkBridge Mobile');
    expect(page.html).toContain('5GB plan &lt;3 months&gt;');
    expect(page.html).toContain('$19.99');
    expect(page.html).toContain('value="pay"');
    expect(page.html).toContain('value="fail"');
    for (const lang of ['zh-Hans', 'zh-Hant'] as const) {
      const zh = await phonePage(`${created.sandboxPhoneUrl}&lang=${lang}`);
      expect(zh.html).toContain(`<html lang="${lang}">`);
      expect(zh.html).toContain(SANDBOX_TEXTS[lang].phone.fail);
      expect(zh.html).toContain('19.99');
    }
    expect((await phonePage(`${server.paymentsUrl}/wechat/phone?pr=nosuchcode`)).status).toBe(404);
  });
});

describe('paying by phone and the notifications', () => {
  it('pays, then WeChat Pay notifies the merchant with a signed, encrypted notification, twice by default', async () => {
    const created = await order(2500);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    // The first notification is out before the phone's answer.
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    expect(first.headers['wechatpay-serial']).toBeTruthy();
    const notice = wechat.verifyNotification(first.headers, first.body);
    const state = await wechat.queryOrder(created.outTradeNo);
    expect(state).toMatchObject({ state: 'SUCCESS', amountCents: 2500 });
    expect(notice).toEqual({ outTradeNo: created.outTradeNo, transactionId: state!.transactionId, amountCents: 2500, state: 'SUCCESS' });
    expect(first.body).not.toContain(created.outTradeNo); // the transaction travels encrypted

    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received).toHaveLength(1);
    server.clock.advance(15_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received).toHaveLength(2);
    const second = receiver.received[1]!;
    expect(JSON.parse(second.body).id).toBe(JSON.parse(first.body).id);
    expect(wechat.verifyNotification(second.headers, second.body)).toEqual(notice);
    expect((await row(created.outTradeNo)).notifications).toBe(2);

    server.clock.advance(3600_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received).toHaveLength(2);
    // And one more copy whenever asked, as a late duplicate would come.
    expect(await wechatNotifyAgain(server.paymentsUrl, created.outTradeNo)).toBe(200);
    expect(wechat.verifyNotification(receiver.received[2]!.headers, receiver.received[2]!.body)).toEqual(notice);
  });

  it('refuses a tampered, re-signed, misattributed or stale notification', async () => {
    const created = await order(4200);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    const { headers, body } = receiver.received[0]!;
    expect(wechat.verifyNotification(headers, body)).not.toBeNull();
    const parsed = JSON.parse(body);
    const flipped = { ...parsed, resource: { ...parsed.resource, ciphertext: `A${parsed.resource.ciphertext.slice(1)}` } };
    expect(wechat.verifyNotification(headers, JSON.stringify(flipped))).toBeNull();
    expect(wechat.verifyNotification(headers, body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCES5'))).toBeNull();
    expect(wechat.verifyNotification({ ...headers, 'wechatpay-signature': Buffer.from('x'.repeat(32)).toString('base64') }, body)).toBeNull();
    expect(wechat.verifyNotification({ ...headers, 'wechatpay-serial': 'ABC' }, body)).toBeNull();
    expect(wechat.verifyNotification({ ...headers, 'wechatpay-timestamp': undefined }, body)).toBeNull();
    server.clock.advance(6 * 60_000);
    expect(wechat.verifyNotification(headers, body)).toBeNull();
  });

  it('retries on WeChat Pay schedule while the merchant answers other than 2xx', async () => {
    const created = await order(1500);
    receiver.answerNext(500, 503);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    expect(receiver.received.map((r) => r.answered)).toEqual([500]);
    expect((await row(created.outTradeNo)).notifications).toBe(0);
    server.clock.advance(14_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received).toHaveLength(1);
    server.clock.advance(1_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 503]);
    server.clock.advance(15_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 503, 200]);
    expect((await row(created.outTradeNo)).notifications).toBe(1);
    server.clock.advance(15_000);
    await wechatDeliverDue(server.paymentsUrl);
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 503, 200, 200]);
    expect((await row(created.outTradeNo)).notifications).toBe(2);
  });

  it('a payment failing on the phone is PAYERROR, not notified, and its number cannot be used again', async () => {
    const created = await order(800);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'fail');
    expect(await wechat.queryOrder(created.outTradeNo)).toMatchObject({ state: 'PAYERROR', transactionId: null });
    expect(receiver.received).toHaveLength(0);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    expect((await wechat.queryOrder(created.outTradeNo))!.state).toBe('PAYERROR');
    expect((await phonePage(created.sandboxPhoneUrl!)).html).toContain(SANDBOX_TEXTS.en.phone.failed);
    await expect(wechat.createNativeOrder({ outTradeNo: created.outTradeNo, amountCents: 800, description: '5GB plan, 3 months', notifyUrl: receiver.url }))
      .rejects.toMatchObject({ code: 'ORDER_CLOSED' });
  });

  it('delivers late and as many copies as configured', async () => {
    const late = await startPaymentSandbox({ db: server.db, clock: server.clock, port: 0, notifications: { copies: 3, firstDelayMs: 60_000, copyGapMs: 30_000, auto: false }, logLevel: 'silent' });
    try {
      const outTradeNo = tradeNo();
      const created = await late.providers.wechat.createNativeOrder({ outTradeNo, amountCents: 1000, description: 'Global data SIM', notifyUrl: receiver.url });
      await wechatPhonePay(late.url, created.codeUrl, 'pay');
      expect(receiver.received).toHaveLength(0);
      for (const [advance, count] of [[59_000, 0], [1_000, 1], [30_000, 2], [30_000, 3], [30_000, 3]] as const) {
        server.clock.advance(advance);
        await wechatDeliverDue(late.url);
        expect(receiver.received).toHaveLength(count);
      }
      expect(receiver.received.every((r) => late.providers.wechat.verifyNotification(r.headers, r.body)?.outTradeNo === outTradeNo)).toBe(true);
      // Another merchant's keys do not verify it.
      expect(wechat.verifyNotification(receiver.received[0]!.headers, receiver.received[0]!.body)).toBeNull();
    } finally {
      await late.close();
    }
  });
});

describe('closing, expiry and refunds', () => {
  it('a closed order cannot be paid; closing a paid one answers SUCCESS', async () => {
    const unpaid = await order();
    expect(await wechat.closeOrder(unpaid.outTradeNo)).toEqual({ state: 'CLOSED' });
    expect(await wechat.closeOrder(unpaid.outTradeNo)).toEqual({ state: 'CLOSED' });
    await wechatPhonePay(server.paymentsUrl, unpaid.codeUrl, 'pay');
    expect((await wechat.queryOrder(unpaid.outTradeNo))!.state).toBe('CLOSED');
    expect((await phonePage(unpaid.sandboxPhoneUrl!)).html).toContain(SANDBOX_TEXTS.en.phone.closed);
    expect(receiver.received).toHaveLength(0);

    const paid = await order();
    await wechatPhonePay(server.paymentsUrl, paid.codeUrl, 'pay');
    expect(await wechat.closeOrder(paid.outTradeNo)).toEqual({ state: 'SUCCESS' });
  });

  it('an unpaid code expires after two hours on the clock', async () => {
    const created = await order();
    server.clock.advance(2 * 3600_000 - 1_000);
    expect((await wechat.queryOrder(created.outTradeNo))!.state).toBe('NOTPAY');
    server.clock.advance(1_000);
    expect((await wechat.queryOrder(created.outTradeNo))!.state).toBe('CLOSED');
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    expect((await wechat.queryOrder(created.outTradeNo))!.state).toBe('CLOSED');
    const page = await phonePage(`${created.sandboxPhoneUrl}&lang=zh-Hans`);
    expect(page.html).toContain(SANDBOX_TEXTS['zh-Hans'].phone.expired);
    expect(page.html).not.toContain('value="pay"');
  });

  it('refunds a paid order in full, once', async () => {
    const created = await order(3300);
    await expect(wechat.refund({ outTradeNo: created.outTradeNo, outRefundNo: `R${created.outTradeNo}`, amountCents: 3300 })).rejects.toBeInstanceOf(WechatPayError);
    await wechatPhonePay(server.paymentsUrl, created.codeUrl, 'pay');
    expect(await wechat.refund({ outTradeNo: created.outTradeNo, outRefundNo: `R${created.outTradeNo}`, amountCents: 3300 })).toEqual({ refunded: true });
    expect(await wechat.refund({ outTradeNo: created.outTradeNo, outRefundNo: `R${created.outTradeNo}`, amountCents: 3300 })).toEqual({ refunded: true });
    expect((await row(created.outTradeNo)).state).toBe('REFUND');
    expect((await wechat.queryOrder(created.outTradeNo))!.state).toBe('SUCCESS');
    expect((await phonePage(created.sandboxPhoneUrl!)).html).toContain(SANDBOX_TEXTS.en.phone.refunded);
  });
});
