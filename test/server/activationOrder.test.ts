/**
 * Issue 4, "current ICCID has no plan": an order with the activation token of step 1 buys a plan for the card the
 * customer holds: one SIM of the card's type, no shipping, no SIM created or shipped, no eSIM; once paid the card
 * carries the plan and the confirmation says it is ready to activate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { CheckoutForm, OrderData, QuoteData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { globalPacks, orders, sandboxParcels, sims } from '../../src/server/db/schema';
import { issueActivationToken } from '../../src/server/activation/token';
import { newIccid, simActivationCodeDigest } from '../../src/server/activation/sims';
import type { ActivationSim } from '../../src/contract/activation';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { call } from './helpers';
import { errorText, esimForm, newKey, planIdOf, postOrder } from './ordersHelpers';
import { emailsTo, runJobs, uniqueEmail } from './fulfilmentFixtures';

const PEPPER = 'activation-order-test-pepper';

type Card = { kind?: 'us' | 'global'; simType?: 'physical' | 'esim'; status?: 'inactive' | 'activating' | 'activated' | 'expired'; planId?: number | null };

describe.each(testDatabases({ postgres: false, because: 'one buyer, one request at a time; order concurrency is proved on both in orders.test.ts' }))('a plan bought for a card being activated, on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl, config: { codePepper: PEPPER } });
    fiveGb = await planIdOf(server, '5gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  /** A dealer card in the customer's hands (like the seeded 8901260010000000070), and the token step 1 gives for it. */
  async function dealerCard(card: Card = {}): Promise<{ iccid: string; token: string }> {
    const kind = card.kind ?? 'us';
    const iccid = newIccid(kind);
    await server.db.insert(sims).values({
      iccid, kind, simType: card.simType ?? 'physical', status: card.status ?? 'inactive', activationCodeHash: 'unused-here',
      collected: 'offline', planId: card.planId ?? null, months: card.planId ? 1 : null, purchasedAt: server.clock.now(),
    });
    return { iccid, token: issueActivationToken(PEPPER, iccid, server.clock.now()) };
  }

  /** The purchase form as /activation/bundleForm sends it: one SIM of the card's type, contact details, billing, no address. */
  const activationForm = (token: string, over: Partial<CheckoutForm> = {}): CheckoutForm => {
    const base = esimForm(fiveGb, { months: 3, simType: 'physical', activationToken: token, billingSameAsShipping: true, ...over });
    const { address1: _a, address2: _b, city: _c, state: _s, zip: _z, ...contact } = base.shipping;
    return { ...base, shipping: { ...contact, email: over.shipping?.email ?? base.shipping.email } };
  };

  const quote = (body: unknown, lang = 'en') => call<QuoteData>(server, endpoints.quote, { body, headers: { Language: lang } });
  const simRow = async (iccid: string) => (await server.db.select().from(sims).where(eq(sims.iccid, iccid)))[0]!;
  const payByCard = async (orderNo: string, orderToken: string) => {
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' });
    return call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
      headers: { 'Idempotency-Key': newKey(), 'X-Order-Token': orderToken },
    });
  };
  const detail = async (orderNo: string, orderToken: string) =>
    (await call<OrderData>(server, endpoints.orderDetail, { body: { orderNo }, headers: { 'X-Order-Token': orderToken } })).body.data!;

  describe('quote', () => {
    it('prices one SIM of the card with no shipping, even when a physical card asks for express', async () => {
      const { token } = await dealerCard();
      const res = await quote({
        planId: fiveGb, months: 3, simType: 'physical', simCount: 1, shippingCountry: 'US', shippingMethod: 'express',
        taxAddress: { country: 'US', state: 'CA', zip: '90012' }, activationToken: token,
      });
      expect(res.body.code).toBe('200');
      expect(res.body.data).toMatchObject({ simCount: 1, shippingMethod: 'standard', shippingCents: 0, planCostCents: 7500, multiMonthDiscountCents: 525 });
      expect(res.body.data!.totalCents).toBe(7500 - 525 + res.body.data!.taxCents);
    });

    it('refuses a forged token, and a product that does not fit the card, each with its message', async () => {
      const { token } = await dealerCard();
      const forged = await quote({ planId: fiveGb, months: 1, simType: 'physical', simCount: 1, activationToken: `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}` }, 'zh-Hans');
      expect(forged.body).toMatchObject({ code: 'activationTokenInvalid', message: errorText('zh-Hans', 'activationTokenInvalid') });
      expect(forged.status).toBe(400);

      const [pack] = await server.db.select().from(globalPacks).limit(1);
      const packForUsCard = await quote({ globalPackId: pack!.id, months: 1, simType: 'physical', simCount: 1, activationToken: token });
      expect(packForUsCard.body).toMatchObject({ code: 'productNotFound', data: { field: 'planId' } });

      const esimForPhysical = await quote({ planId: fiveGb, months: 1, simType: 'esim', simCount: 1, activationToken: token });
      expect(esimForPhysical.body).toMatchObject({ code: 'validation', data: { field: 'simType' } });
      const twoSims = await quote({ planId: fiveGb, months: 1, simType: 'physical', simCount: 2, activationToken: token });
      expect(twoSims.body).toMatchObject({ code: 'validation', data: { field: 'simCount' } });
    });

    it('is refused for a card that is activated, activating, or already has a plan, saying so', async () => {
      const ask = (token: string) => quote({ planId: fiveGb, months: 1, simType: 'physical', simCount: 1, activationToken: token }, 'zh-Hant');
      const activated = await ask((await dealerCard({ status: 'activated' })).token);
      expect(activated.body).toMatchObject({ code: '120014', message: errorText('zh-Hant', '120014') });
      const activating = await ask((await dealerCard({ status: 'activating' })).token);
      expect(activating.body.code).toBe('120020');
      const withPlan = await ask((await dealerCard({ planId: fiveGb })).token);
      expect(withPlan.body).toMatchObject({ code: 'activationPlanExists', message: errorText('zh-Hant', 'activationPlanExists') });
      expect(withPlan.status).toBe(409);
    });
  });

  describe('order', () => {
    it('asks no shipping address, creates and ships nothing, and once paid by card the card carries the plan', async () => {
      const { iccid, token } = await dealerCard();
      const email = uniqueEmail('dealer');
      const form = activationForm(token, { shipping: { ...activationForm(token).shipping, email } });
      const placed = await postOrder(server, form, { lang: 'zh-Hans' });
      expect(placed.body.code).toBe('200');
      const { order, orderToken } = placed.body.data!;
      expect(order).toMatchObject({
        activationIccid: iccid, simType: 'physical', simCount: 1, shippingFeeCents: 0, shippingMethod: 'standard', status: 'awaiting_payment',
        shipping: { address1: null, city: null, state: null, zip: null },
      });

      expect((await payByCard(order.orderNo, orderToken)).body.data?.status).toBe('paid');
      // The card has its plan in the payment's own transaction, before any job runs.
      expect(await simRow(iccid)).toMatchObject({ planId: fiveGb, months: 3, status: 'inactive', orderId: null });
      await runJobs(server);

      const after = await detail(order.orderNo, orderToken);
      expect(after).toMatchObject({ status: 'paid', fulfilment: 'plan_ready', activationIccid: iccid, activationStatus: 'inactive', esims: [] });
      const [created] = await server.db.select({ n: count() }).from(sims).where(eq(sims.orderId, (await server.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]!.id));
      expect(created!.n).toBe(0);
      const [parcels] = await server.db.select({ n: count() }).from(sandboxParcels).where(eq(sandboxParcels.reference, order.orderNo));
      expect(parcels!.n).toBe(0);

      const mails = await emailsTo(server, email);
      expect(mails.map((m) => m.subject)).toEqual([`订单 ${order.orderNo} 已确认，感谢您选择联桥移动`]);
      expect(mails[0]!.body).toContain('套餐已就绪，可以激活');
      expect(mails[0]!.body).toContain(`尾号 ${iccid.slice(-4)} 的 SIM 卡`);
      expect(mails[0]!.body).toContain(iccid);
      expect(mails[0]!.body).toContain('/activation/first');
      expect(mails[0]!.body).not.toMatch(/运费|包裹/);
    });

    it('is idempotent like any order, and a second order for the same card is refused before it is charged', async () => {
      const { iccid, token } = await dealerCard();
      const key = newKey();
      const first = await postOrder(server, activationForm(token), { key });
      const again = await postOrder(server, activationForm(token), { key });
      expect(again.body.data!.order.orderNo).toBe(first.body.data!.order.orderNo);
      const otherBody = await postOrder(server, activationForm(token, { months: 1 }), { key });
      expect(otherBody.body.code).toBe('120086');

      // Another tab bought another plan for the same card meanwhile: it pays first.
      const secondKey = newKey();
      const second = (await postOrder(server, activationForm(token, { months: 1 }), { key: secondKey })).body.data!;
      expect((await payByCard(second.order.orderNo, second.orderToken)).body.data?.status).toBe('paid');
      expect((await simRow(iccid)).months).toBe(1);

      const late = await payByCard(first.body.data!.order.orderNo, first.body.data!.orderToken);
      expect(late.body.code).toBe('activationPlanExists');
      expect((await detail(first.body.data!.order.orderNo, first.body.data!.orderToken)).status).toBe('awaiting_payment');
      expect((await simRow(iccid)).months).toBe(1);
      // A replay of the paid order's submit still answers that order; a new order for the card is refused.
      const replay = await postOrder(server, activationForm(token, { months: 1 }), { key: secondKey });
      expect(replay.body.data!.order).toMatchObject({ orderNo: second.order.orderNo, status: 'paid' });
      const another = await postOrder(server, activationForm(token, { months: 6 }));
      expect(another.body.code).toBe('activationPlanExists');
    });

    it('keeps the delivery rules for orders without a token: a physical SIM still needs its address', async () => {
      const { token } = await dealerCard();
      const { activationToken: _t, ...withoutToken } = activationForm(token);
      const res = await postOrder(server, withoutToken);
      expect(res.body).toMatchObject({ code: 'validation' });
    });

    it('a global dealer card without a pack, from step 1 to step 2: no plan, a data pack (not a US plan) bought for it by card, then the card answers its pack', async () => {
      // A global data SIM a dealer sold without a pack (the seeded 8985230010000000088 carries one).
      const iccid = newIccid('global');
      const code = '246810';
      await server.db.insert(sims).values({
        iccid, kind: 'global', simType: 'physical', status: 'inactive', activationCodeHash: simActivationCodeDigest(PEPPER, iccid, code),
        collected: 'offline', planId: null, globalPackId: null, months: null, purchasedAt: server.clock.now(),
      });
      const step1 = await call<ActivationSim>(server, endpoints.activationCheckSim, { body: { iccid, activationCode: code, collected: 'offline' } });
      expect(step1.body.code).toBe('200');
      expect(step1.body.data).toMatchObject({ iccid, kind: 'global', simType: 'physical', plan: null });
      const token = step1.body.data!.activationToken;

      const [pack] = await server.db.select().from(globalPacks).limit(1);
      const usPlan = await quote({ planId: fiveGb, months: 1, simType: 'physical', simCount: 1, activationToken: token });
      expect(usPlan.body).toMatchObject({ code: 'productNotFound', data: { field: 'planId' } });
      const priced = await quote({ globalPackId: pack!.id, months: 1, simType: 'physical', simCount: 1, shippingCountry: 'US', shippingMethod: 'express', taxAddress: { country: 'US', state: 'CA', zip: '90012' }, activationToken: token });
      expect(priced.body.code).toBe('200');
      expect(priced.body.data).toMatchObject({ globalPackId: pack!.id, planId: null, simCount: 1, shippingCents: 0, planCostCents: pack!.priceCents });

      const email = uniqueEmail('global-dealer');
      const form = activationForm(token, { planId: null, globalPackId: pack!.id, months: 1, simType: 'physical', shipping: { ...activationForm(token).shipping, email } });
      const placed = await postOrder(server, form, { lang: 'zh-Hant' });
      expect(placed.body.code).toBe('200');
      const { order, orderToken } = placed.body.data!;
      expect(order).toMatchObject({ kind: 'global', activationIccid: iccid, simType: 'physical', simCount: 1, shippingFeeCents: 0, shipping: { address1: null } });
      expect((await payByCard(order.orderNo, orderToken)).body.data?.status).toBe('paid');
      expect(await simRow(iccid)).toMatchObject({ globalPackId: pack!.id, planId: null, months: 1, status: 'inactive', orderId: null });
      await runJobs(server);
      expect(await detail(order.orderNo, orderToken)).toMatchObject({ fulfilment: 'plan_ready', esims: [], logisticsStatus: 'not_shipped' });
      const [parcels] = await server.db.select({ n: count() }).from(sandboxParcels).where(eq(sandboxParcels.reference, order.orderNo));
      expect(parcels!.n).toBe(0);
      const mails = await emailsTo(server, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(iccid);
      expect(mails[0]!.body).toContain('/activation/first');

      // Continuing the activation reads the card again: it now carries the pack (step 2 of a global SIM), and no second pack is sold for it.
      const again = await call<ActivationSim>(server, endpoints.activationSimInfo, { body: { activationToken: token } });
      expect(again.body.data).toMatchObject({ iccid, kind: 'global', plan: { planId: pack!.id, months: 1 } });
      const second = await postOrder(server, form);
      expect(second.body.code).toBe('activationPlanExists');
    });

    it('buys a data pack for a global card and puts the pack on it', async () => {
      const { iccid, token } = await dealerCard({ kind: 'global', simType: 'esim' });
      const [pack] = await server.db.select().from(globalPacks).limit(1);
      const placed = await postOrder(server, activationForm(token, { planId: null, globalPackId: pack!.id, months: 1, simType: 'esim' }));
      expect(placed.body.code).toBe('200');
      const { order, orderToken } = placed.body.data!;
      expect(order).toMatchObject({ kind: 'global', activationIccid: iccid, simType: 'esim' });
      expect((await payByCard(order.orderNo, orderToken)).body.data?.status).toBe('paid');
      await runJobs(server);
      expect(await simRow(iccid)).toMatchObject({ globalPackId: pack!.id, planId: null, months: 1, matchingId: null });
      expect((await detail(order.orderNo, orderToken)).fulfilment).toBe('plan_ready');
    });
  });
});
