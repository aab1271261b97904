/** A buyer's whole path on the server: createOrder, payOrder by card, fulfilment, the emails, shipping and tracking. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import type { OrderData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import type { TrackingView } from '../../src/contract/tracking';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { call, captchaHeaders, newCaptcha } from './helpers';
import { checkoutForm, esimForm, newKey, placeOrder, planIdOf, postOrder } from './ordersHelpers';
import { emailsTo, runJobs, uniqueEmail } from './fulfilmentFixtures';

const SHIP_DELAY_MS = 30 * 60_000;

describe.each(testDatabases({ postgres: false, because: 'one buyer path end to end; jobs and idempotency are proved on both in fulfilment.test.ts' }))('from checkout to the buyer\'s inbox on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl, config: { shipDelayMs: SHIP_DELAY_MS } }); });
  afterAll(async () => { await server?.close(); });

  const payByCard = async (orderNo: string, orderToken: string, postalCode: string) => {
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode });
    const paid = await call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
      headers: { 'Idempotency-Key': newKey(), 'X-Order-Token': orderToken },
    });
    expect(paid.body.data?.status).toBe('paid');
  };
  const detail = async (orderNo: string, orderToken: string) =>
    (await call<OrderData>(server, endpoints.orderDetail, { body: { orderNo }, headers: { 'X-Order-Token': orderToken } })).body.data!;

  it('a paid eSIM order gets its profiles, the confirmation and one QR email per SIM, in the buyer\'s language', async () => {
    const email = uniqueEmail('esim');
    const planId = await planIdOf(server, '5gb-plan');
    const placed = await postOrder(server, esimForm(planId, {
      simCount: 2, couponCode: 'WELCOME10', shipping: { ...checkoutForm(planId).shipping, email },
    }), { lang: 'zh-Hans' });
    const { order, orderToken } = placed.body.data!;
    await payByCard(order.orderNo, orderToken, '90012');
    await runJobs(server);

    const after = await detail(order.orderNo, orderToken);
    expect(after).toMatchObject({ status: 'paid', fulfilment: 'esim_sent' });
    expect(after.esims).toHaveLength(2);
    for (const esim of after.esims) expect(esim.lpa).toMatch(/^LPA:1\$smdp\.sandbox\.linkbridge\.example\$[0-9A-Z-]{23}$/);

    const mails = await emailsTo(server, email);
    expect(mails).toHaveLength(3);
    const confirmation = mails[0]!.body;
    expect(mails.map((m) => m.lang)).toEqual(['zh-Hans', 'zh-Hans', 'zh-Hans']);
    expect(confirmation).toContain(`优惠码 WELCOME10：-$${(after.discountCents / 100).toFixed(2)}`);
    expect(confirmation).toContain(`实付金额：$${(after.payAmountCents / 100).toFixed(2)}`);
    expect(mails[1]!.subject).toBe(`订单 ${order.orderNo} 的 eSIM 二维码（第 1 张，共 2 张）`);
    expect(mails.slice(1).map((m) => m.body.match(/^LPA:1\$.*$/m)?.[0]).sort()).toEqual(after.esims.map((e) => e.lpa).sort());
  });

  it('a paid physical order ships, and its buyer tracks it with the emailed code', async () => {
    const email = uniqueEmail('parcel');
    const planId = await planIdOf(server, '5gb-plan');
    const form = checkoutForm(planId);
    const { order, orderToken } = await placeOrder(server, { ...form, shipping: { ...form.shipping, email } });
    await payByCard(order.orderNo, orderToken, '90012');
    await runJobs(server);
    expect((await detail(order.orderNo, orderToken)).fulfilment).toBe('awaiting_shipment');

    server.clock.advance(SHIP_DELAY_MS);
    await runJobs(server);
    const shipped = await detail(order.orderNo, orderToken);
    expect(shipped).toMatchObject({ fulfilment: 'shipped', logisticsStatus: 'shipped', carrier: 'USPS' });

    await call(server, endpoints.trackingSendCode, { body: { orderNo: order.orderNo, email } });
    const code = (await server.outbox(email))[0]!.body.match(/^(\d{6})$/m)![1]!;
    const found = await call<{ order: TrackingView }>(server, endpoints.trackingSearch, {
      body: { orderNo: order.orderNo, email, code }, headers: captchaHeaders(await newCaptcha(server)),
    });
    expect(found.body.data!.order).toMatchObject({
      shipped: true, carrier: 'USPS', trackingNumber: shipped.trackingNumber, sentAt: shipped.sentAt, canModify: false,
    });
    expect((await emailsTo(server, email)).map((m) => m.subject)).toEqual([
      `Order ${order.orderNo} confirmed. Thank you for choosing LinkBridge Mobile`,
      `Your SIM cards are on their way (order ${order.orderNo})`,
      `Your verification code for order ${order.orderNo}`,
    ]);
  });
});
