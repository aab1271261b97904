import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { discountCodes, jobs, orders, payments, sandboxCardPayments, sandboxWechatOrders, savedCards } from '../../src/server/db/schema';
import { TOKEN_LIFETIME_MS } from '../../src/server/adapters/payments/sandbox/cardTokens';
import { cardProviderKey } from '../../src/server/payments/keys';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, type TestCardName } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { demoToken, errorText, esimForm, LANGS, newKey, placeOrder, planIdOf, providerAnswersOnce } from './ordersHelpers';

/** The orders below are billed in Los Angeles (ZIP 90012): the card form's postal code must be the same. */
const BILLING_ZIP = '90012';

describe.each(testDatabases())('card payments on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let twoGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    twoGb = await planIdOf(server, '2gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  const tokenFor = (name: TestCardName, postalCode?: string) =>
    tokenizeCard(server.paymentsUrl, { ...TEST_CARDS[name], postalCode: postalCode ?? (name === 'addressFailure' ? TEST_CARDS.addressFailure.postalCode : BILLING_ZIP) });
  const anOrder = (token?: string) => placeOrder(server, esimForm(twoGb, { months: 1 }), { token });
  const pay = (orderNo: string, body: Record<string, unknown>, init: { key?: string; lang?: string; orderToken?: string; auth?: string } = {}) =>
    call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, ...body },
      headers: {
        'Idempotency-Key': init.key ?? newKey(), Language: init.lang ?? 'en',
        ...(init.orderToken ? { 'X-Order-Token': init.orderToken } : {}), ...(init.auth ? bearer(init.auth) : {}),
      },
    });
  const byCard = async (orderNo: string, orderToken: string, card: TestCardName, init: { key?: string; lang?: string } = {}) =>
    pay(orderNo, { method: 'bank_card', sourceId: await tokenFor(card), cardholderName: 'Mei Chen' }, { ...init, orderToken });
  const orderRow = async (orderNo: string) => (await server.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const chargesOf = (orderNo: string) => server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, orderNo));

  describe('a new card', () => {
    it('pays the order: one charge at the provider under the attempt\'s key, the order paid with its fulfilment job', async () => {
      const { order, orderToken } = await anOrder();
      const key = newKey();
      const res = await byCard(order.orderNo, orderToken, 'visa', { key });
      expect(res.body).toEqual({
        code: '200', message: 'Success',
        data: {
          reference: order.orderNo, status: 'paid', amountCents: order.payAmountCents, method: 'bank_card', failure: null,
          card: { brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030 }, wechat: null, savedCardId: null,
        },
      });
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', payMethod: 'bank_card', failureCode: null });
      const [payment] = await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo));
      const charges = await chargesOf(order.orderNo);
      expect(charges).toMatchObject([{ status: 'COMPLETED', amountCents: order.payAmountCents, idempotencyKey: cardProviderKey(payment!.idempotencyKey) }]);
      expect(payment).toMatchObject({ status: 'succeeded', provider: 'card_sandbox', providerPaymentId: charges[0]!.id });
      expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${order.orderNo}`))).toHaveLength(1);

      const replay = await pay(order.orderNo, { method: 'bank_card', sourceId: 'another-token', cardholderName: 'Mei Chen' }, { key, orderToken });
      expect(replay.body.code).toBe('120086');
      const sameAgain = await pay(order.orderNo, { method: 'bank_card', sourceId: charges[0]!.sourceId, cardholderName: 'Mei Chen' }, { key, orderToken });
      expect(sameAgain.body).toEqual(res.body);
      expect(await chargesOf(order.orderNo)).toHaveLength(1);
    });

    it.each(LANGS)('answers "do not resubmit" once the order is paid, and charges nothing more, in %s', async (lang) => {
      const { order, orderToken } = await anOrder();
      expect((await byCard(order.orderNo, orderToken, 'mastercard')).body.data?.status).toBe('paid');
      const again = await byCard(order.orderNo, orderToken, 'visa', { lang });
      expect(again.body).toEqual({ code: 'resubmit', message: errorText(lang, 'resubmit') });
      expect(await chargesOf(order.orderNo)).toHaveLength(1);
    });

    it('needs a token and a cardholder name in English letters, each named', async () => {
      const { order, orderToken } = await anOrder();
      const noToken = await pay(order.orderNo, { method: 'bank_card', cardholderName: 'Mei Chen' }, { orderToken });
      expect(noToken.body).toEqual({ code: 'validation', message: 'Card: Please enter the card details.' });
      const badName = await pay(order.orderNo, { method: 'bank_card', sourceId: 'x', cardholderName: '陈美' }, { orderToken, lang: 'zh-Hant' });
      expect(badName.body.code).toBe('validation');
      expect(badName.body.message).toMatch(/^持卡人姓名：/);
    });
  });

  describe('declines', () => {
    const declines: [TestCardName, string][] = [
      ['declined', 'GENERIC_DECLINE'], ['cvvFailure', 'CVV_FAILURE'], ['addressFailure', 'ADDRESS_VERIFICATION_FAILURE'],
      ['invalidExpiration', 'INVALID_EXPIRATION'], ['insufficientFunds', 'INSUFFICIENT_FUNDS'], ['verificationRequired', 'CARD_DECLINED_VERIFICATION_REQUIRED'],
    ];
    it.each(declines)('%s: the payment fails with %s on the order, and a repay with a good card succeeds', async (card, code) => {
      const { order, orderToken } = await anOrder();
      const res = await byCard(order.orderNo, orderToken, card);
      expect(res.body.code).toBe('200');
      expect(res.body.data).toMatchObject({ status: 'failed', failure: code, method: 'bank_card' });
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'payment_failed', failureCode: code, paidAt: null });
      expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${order.orderNo}`))).toEqual([]);
      const status = await call<PaymentResult>(server, endpoints.payStatus, { query: { orderNo: order.orderNo }, headers: { 'X-Order-Token': orderToken } });
      expect(status.body.data).toMatchObject({ status: 'failed', failure: code });

      const repay = await byCard(order.orderNo, orderToken, 'visa');
      expect(repay.body.data?.status).toBe('paid');
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', failureCode: null });
    });

    it("checks the card's postal code against the order's billing ZIP (address verification)", async () => {
      const { order, orderToken } = await anOrder();
      const token = await tokenFor('visa', '94103');
      const res = await pay(order.orderNo, { method: 'bank_card', sourceId: token, cardholderName: 'Mei Chen' }, { orderToken });
      expect(res.body.data).toMatchObject({ status: 'failed', failure: 'ADDRESS_VERIFICATION_FAILURE' });
    });
  });

  describe('payment info expired (120087)', () => {
    it.each(LANGS)('a token already used answers 120087 and leaves the order as it was, in %s', async (lang) => {
      const first = await anOrder();
      const token = await tokenFor('visa');
      expect((await pay(first.order.orderNo, { method: 'bank_card', sourceId: token, cardholderName: 'Mei Chen' }, { orderToken: first.orderToken })).body.data?.status).toBe('paid');
      const second = await anOrder();
      const key = newKey();
      const res = await pay(second.order.orderNo, { method: 'bank_card', sourceId: token, cardholderName: 'Mei Chen' }, { orderToken: second.orderToken, lang, key });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: '120087', message: errorText(lang, '120087') });
      expect(await orderRow(second.order.orderNo)).toMatchObject({ status: 'awaiting_payment', failureCode: null });
      expect(await server.db.select().from(payments).where(eq(payments.payableRef, second.order.orderNo))).toMatchObject([{ status: 'failed', failureCode: 'CARD_TOKEN_USED' }]);
      const replay = await pay(second.order.orderNo, { method: 'bank_card', sourceId: token, cardholderName: 'Mei Chen' }, { orderToken: second.orderToken, key });
      expect(replay.body.code).toBe('120087');
      expect((await byCard(second.order.orderNo, second.orderToken, 'visa')).body.data?.status).toBe('paid');
    });

    it('a token older than its lifetime answers 120087; an order that had failed stays failed', async () => {
      const { order, orderToken } = await anOrder();
      expect((await byCard(order.orderNo, orderToken, 'declined')).body.data?.status).toBe('failed');
      const token = await tokenFor('visa');
      server.clock.advance(TOKEN_LIFETIME_MS + 1000);
      const res = await pay(order.orderNo, { method: 'bank_card', sourceId: token, cardholderName: 'Mei Chen' }, { orderToken });
      expect(res.body.code).toBe('120087');
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'payment_failed', failureCode: 'GENERIC_DECLINE' });
      expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo)).orderBy(payments.id))
        .toMatchObject([{ failureCode: 'GENERIC_DECLINE' }, { failureCode: 'CARD_TOKEN_EXPIRED' }]);
    });
  });

  describe('cards on file', () => {
    it("the demo customer's default card pays, with the card's own billing ZIP", async () => {
      const token = await demoToken(server);
      const { order } = await anOrder(token);
      expect(order.payMethods).toEqual(['account', 'bank_card', 'wechat_pay', 'default_card']);
      const res = await pay(order.orderNo, { method: 'default_card' }, { auth: token });
      expect(res.body.data).toMatchObject({ status: 'paid', method: 'default_card', card: { brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030 } });
      expect(res.body.data!.savedCardId).toEqual(expect.any(Number));
      expect((await chargesOf(order.orderNo))[0]).toMatchObject({ sourceId: 'ccof:demo-visa-1111', status: 'COMPLETED' });
    });

    it('a new customer saves a card while paying: the first card becomes the default and is offered next time', async () => {
      const phone = randomPhone();
      await register(server, phone, 'Lotus#2917');
      const token = (await passwordLogin(server, phone, 'Lotus#2917')).body.data!.access_token;
      const first = await anOrder(token);
      expect(first.order.payMethods).toEqual(['account', 'bank_card', 'wechat_pay']);
      const res = await pay(first.order.orderNo, { method: 'bank_card', sourceId: await tokenFor('mastercard'), cardholderName: 'Mei Chen', saveCard: true }, { auth: token });
      expect(res.body.data).toMatchObject({ status: 'paid', savedCardId: expect.any(Number) });
      const list = await call<{ cards: unknown[] }>(server, endpoints.cardList, { headers: bearer(token) });
      expect(list.body.data!.cards).toEqual([{ id: res.body.data!.savedCardId, brand: 'mastercard', last4: '5100', expMonth: 12, expYear: 2030, holderName: 'Mei Chen', isDefault: true }]);
      const info = await call<{ supportPayMethods: string[] }>(server, endpoints.userInfo, { headers: bearer(token) });
      expect(info.body.data!.supportPayMethods).toEqual(['account', 'bank_card', 'wechat_pay', 'default_card']);

      const second = await anOrder(token);
      const again = await pay(second.order.orderNo, { method: 'default_card' }, { auth: token });
      expect(again.body.data).toMatchObject({ status: 'paid', method: 'default_card', card: { brand: 'mastercard', last4: '5100' } });

      const third = await anOrder(token);
      const another = await pay(third.order.orderNo, { method: 'bank_card', sourceId: await tokenFor('amex'), cardholderName: 'Mei Chen', saveCard: true }, { auth: token });
      expect(another.body.data?.status).toBe('paid');
      const cards = await server.db.select().from(savedCards).where(eq(savedCards.id, another.body.data!.savedCardId!));
      expect(cards).toMatchObject([{ brand: 'amex', isDefault: false }]);
    });

    it('keeping the card on file failing after the charge (Cards API 404) leaves the order paid by that one charge', async () => {
      const phone = randomPhone();
      await register(server, phone, 'Lotus#2917');
      const token = (await passwordLogin(server, phone, 'Lotus#2917')).body.data!.access_token;
      const { order } = await anOrder(token);
      // Square answers 404 NOT_FOUND to CreateCard for a customer id it does not know.
      const undo = providerAnswersOnce(server.paymentsUrl, 'POST', '/v2/cards', 404, {
        errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Customer not found.', field: 'card.customer_id' }],
      });
      try {
        const res = await pay(order.orderNo, { method: 'bank_card', sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen', saveCard: true }, { auth: token });
        expect(res.body.data).toMatchObject({ status: 'paid', savedCardId: null, card: { brand: 'visa', last4: '1111' } });
      } finally {
        undo();
      }
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', payMethod: 'bank_card' });
      expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo))).toMatchObject([{ status: 'succeeded', savedCardId: null }]);
      // The buyer is told the order is paid, not asked to pay again: one charge, nothing on file.
      expect((await pay(order.orderNo, { method: 'bank_card', sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen' }, { auth: token })).body.code).toBe('resubmit');
      expect(await chargesOf(order.orderNo)).toMatchObject([{ status: 'COMPLETED', amountCents: order.payAmountCents }]);
      expect((await call<{ cards: unknown[] }>(server, endpoints.cardList, { headers: bearer(token) })).body.data!.cards).toEqual([]);
    });

    it('a visitor cannot keep a card on file, nor charge one', async () => {
      const { order, orderToken } = await anOrder();
      const res = await pay(order.orderNo, { method: 'bank_card', sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen', saveCard: true }, { orderToken });
      expect(res.body.data).toMatchObject({ status: 'paid', savedCardId: null });
      const other = await anOrder();
      const onFile = await pay(other.order.orderNo, { method: 'default_card', cardId: 1 }, { orderToken: other.orderToken });
      expect(onFile.body).toMatchObject({ code: 'validation', data: { field: 'method' } });
    });

    it("cannot charge another customer's card", async () => {
      const phone = randomPhone();
      await register(server, phone, 'Lotus#2917');
      const token = (await passwordLogin(server, phone, 'Lotus#2917')).body.data!.access_token;
      const first = await anOrder(token);
      await pay(first.order.orderNo, { method: 'bank_card', sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen', saveCard: true }, { auth: token });
      const [demoCard] = await server.db.select().from(savedCards).where(eq(savedCards.providerCardId, 'ccof:demo-visa-1111'));
      const second = await anOrder(token);
      const res = await pay(second.order.orderNo, { method: 'default_card', cardId: demoCard!.id }, { auth: token });
      expect(res.body).toEqual({ code: 'validation', message: 'There is no saved card to charge. Choose another payment method or enter a card.', data: { field: 'cardId' } });
      expect(await chargesOf(second.order.orderNo)).toEqual([]);
    });

    it('the card list needs a login', async () => {
      expect((await call(server, endpoints.cardList)).status).toBe(401);
    });
  });

  describe('an order that costs nothing (a fixed-amount code worth its price)', () => {
    const freeOrder = async (token?: string) => {
      await server.db.insert(discountCodes).values({ code: 'GIFT100', kind: 'amount', value: 100_00 }).onConflictDoNothing();
      const placed = await placeOrder(server, esimForm(twoGb, { months: 1, couponCode: 'GIFT100' }), { token });
      expect(placed.order).toMatchObject({ discountCents: 1500, taxCents: 0, payAmountCents: 0 });
      return placed;
    };

    it.each([
      ['bank_card', async () => ({ sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen' })],
      ['wechat_pay', async () => ({})],
      ['account', async () => ({})],
      ['default_card', async () => ({})],
    ] as const)('is paid by %s without a provider: a payment of 0, the order paid and fulfilled', async (method, extra) => {
      const demo = method === 'account' || method === 'default_card' ? await demoToken(server) : undefined;
      const { order, orderToken } = await freeOrder(demo);
      const key = newKey();
      const body = { method, ...(await extra()) };
      const res = await pay(order.orderNo, body, demo ? { auth: demo, key } : { orderToken, key });
      expect(res.body.data).toMatchObject({ status: 'paid', method, amountCents: 0, failure: null, wechat: null });
      expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', payMethod: method, payAmountCents: 0 });
      expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo)))
        .toMatchObject([{ status: 'succeeded', method, amountCents: 0, provider: 'none', providerPaymentId: null }]);
      expect(await chargesOf(order.orderNo)).toEqual([]);
      expect(await server.db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.amountCents, 0))).toEqual([]);
      expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${order.orderNo}`))).toHaveLength(1);
      expect((await pay(order.orderNo, body, demo ? { auth: demo, key } : { orderToken, key })).body).toEqual(res.body);
    });
  });

  describe('card form configuration and payment status', () => {
    it("points the page at the provider's SDK at its configured origin, whatever host the page was loaded from", async () => {
      const res = await call<{ sdkUrl: string; origin: string; applicationId: string; locationId: string }>(server, endpoints.payConfig);
      expect(res.body.data).toMatchObject({ provider: 'card-sandbox', origin: server.paymentsUrl });
      expect(res.body.data!.sdkUrl.startsWith(`${server.paymentsUrl}/`)).toBe(true);
      // Loaded as http://localhost:<port> (fetch cannot set Host): still the configured origin (decision 0013).
      const viaLocalhost = await new Promise<string>((resolve, reject) => {
        request(new URL(endpoints.payConfig.path, server.url), { headers: { Host: `localhost:${new URL(server.url).port}` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => { text += chunk.toString(); }).on('end', () => resolve(text));
        }).on('error', reject).end();
      });
      expect((JSON.parse(viaLocalhost) as { data: { origin: string } }).data.origin).toBe(server.paymentsUrl);
    });

    it('answers no payment before the first attempt, and only to the buyer', async () => {
      const { order, orderToken } = await anOrder();
      const none = await call(server, endpoints.payStatus, { query: { orderNo: order.orderNo }, headers: { 'X-Order-Token': orderToken } });
      expect(none.body).toMatchObject({ code: '200' });
      expect(none.body.data).toBeNull();
      expect((await call(server, endpoints.payStatus, { query: { orderNo: order.orderNo } })).body.code).toBe('noRecord');
    });
  });

  it('keeps one charge per order when paying many times at once with the same key', async () => {
    const { order, orderToken } = await anOrder();
    const key = newKey();
    const body = { method: 'bank_card', sourceId: await tokenFor('visa'), cardholderName: 'Mei Chen' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(order.orderNo, body, { key, orderToken })));
    for (const a of answers) expect(a.body.code === '120086' || a.body.data?.status === 'paid').toBe(true);
    expect((await server.db.select({ n: count() }).from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, order.orderNo)))[0]!.n).toBe(1);
  });
});
