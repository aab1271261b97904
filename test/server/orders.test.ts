import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { OrderData } from '../../src/contract/orders';
import { orders } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { checkoutForm, demoToken, errorText, LANGS, newKey, placeOrder, planIdOf, postOrder, shippingUs } from './ordersHelpers';

describe.each(testDatabases())('orders on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    fiveGb = await planIdOf(server, '5gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  const rowOf = async (orderNo: string) => (await server.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const detail = (orderNo: string, headers: Record<string, string> = {}) =>
    call<OrderData>(server, endpoints.orderDetail, { body: { orderNo }, headers });

  describe('creating an order', () => {
    it('stores every field of the spec\'s Order, recomputed by the gateway, with the buyer\'s language and addresses', async () => {
      const form = { ...checkoutForm(fiveGb, { couponCode: 'welcome10', referralCode: 'demo', autoRenew: true, autoRenewTermsAccepted: true }), payAmountCents: 1 };
      const { order, orderToken } = await placeOrder(server, form, { key: newKey() });
      expect(order.orderNo).toMatch(/^LB[2-9A-HJKMNP-TW-Z]{8}$/);
      expect(orderToken).toMatch(/^[0-9a-f]{64}$/);
      const discount = Math.round(6975 * 0.1);
      const tax = Math.round((6975 - discount) * 0.0725);
      expect(order).toMatchObject({
        kind: 'plan', status: 'awaiting_payment', planId: fiveGb, globalPackId: null, planName: '5GB', months: 3, simType: 'physical', simCount: 1,
        unitPriceCents: 2500, planCostCents: 7500, multiMonthDiscountCents: 525, couponCode: 'WELCOME10', discountCents: discount,
        referralCode: 'DEMO', shippingMethod: 'standard', shippingFeeCents: 0, taxCents: tax, payAmountCents: 6975 - discount + tax,
        autoRenew: true, channel: 'wechat', reasons: ['price', 'chinaCalls'], email: 'mei.chen@example.com', payMethod: null,
        failureCode: null, fulfilment: 'pending', activationStatus: 'inactive', logisticsStatus: 'not_shipped', carrier: null,
        trackingNumber: null, sentAt: null, paidAt: null, payMethods: ['bank_card', 'wechat_pay'], esims: [],
        shipping: { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', address1: '100 Main St', address2: 'Apt 2', city: 'Los Angeles', state: 'CA', zip: '90012' },
      });
      const row = await rowOf(order.orderNo);
      expect(row).toMatchObject({
        customerId: null, lang: 'en', taxRateBps: 725, accessTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        shipping: { ...shippingUs, email: 'mei.chen@example.com' },
        billing: { country: 'US', address1: '100 Main St', address2: 'Apt 2', city: 'Los Angeles', state: 'CA', zip: '90012' },
      });
      expect(row.accessTokenHash).not.toBe(orderToken);
    });

    it('keeps the buyer\'s language for the emails to come, and a separate billing address', async () => {
      const form = checkoutForm(fiveGb, {
        simType: 'esim', billingSameAsShipping: false,
        shipping: { ...shippingUs, address1: null, address2: null, city: null, state: null, zip: null },
        billing: { country: 'US', address1: '1 Pike St', city: 'Seattle', state: 'WA', zip: '98101' },
      });
      const res = await postOrder(server, form, { lang: 'zh-Hant' });
      const order = res.body.data!.order;
      expect(order.taxCents).toBe(Math.round(6975 * 0.065));
      const row = await rowOf(order.orderNo);
      expect(row).toMatchObject({ lang: 'zh-Hant', billing: { state: 'WA', zip: '98101' }, shippingMethod: 'standard' });
    });

    it('taxes at the US shipping address when billing is in China, and not at all with no US address', async () => {
      const chinaBilling = { country: 'CN' as const, address1: '88 Nanjing Rd', city: 'Shanghai', state: 'Shanghai', zip: '200001' };
      const shipsToUs = await placeOrder(server, checkoutForm(fiveGb, { billingSameAsShipping: false, billing: chinaBilling, shipping: { ...shippingUs, state: 'NY', zip: '10001', city: 'New York' } }));
      expect(shipsToUs.order.taxCents).toBe(Math.round(6975 * 0.04));
      const esimNoUs = await placeOrder(server, checkoutForm(fiveGb, {
        simType: 'esim', billingSameAsShipping: false, billing: chinaBilling,
        shipping: { ...shippingUs, country: 'CN', address1: null, address2: null, city: null, state: null, zip: null },
      }));
      expect(esimNoUs.order.taxCents).toBe(0);
    });

    it('sells a global data SIM pack', async () => {
      const { order } = await placeOrder(server, checkoutForm(fiveGb, { planId: null, globalPackId: 1, months: 1, simType: 'esim', billingSameAsShipping: false, billing: { country: 'US', address1: '1 Pike St', city: 'Seattle', state: 'WA', zip: '98101' } }));
      expect(order).toMatchObject({ kind: 'global', planId: null, globalPackId: 1, months: 1, planName: 'Global SIM 1GB / 7 days' });
    });

    it('belongs to the logged-in customer, who reads it without the token', async () => {
      const token = await demoToken(server);
      const res = await postOrder(server, checkoutForm(fiveGb), { token });
      const order = res.body.data!.order;
      expect(order.payMethods).toEqual(expect.arrayContaining(['account', 'bank_card', 'wechat_pay']));
      const row = await rowOf(order.orderNo);
      expect(row.customerId).not.toBeNull();
      expect((await detail(order.orderNo, bearer(token))).body.data?.orderNo).toBe(order.orderNo);
    });
  });

  describe('reading an order', () => {
    it('needs its token or its customer; anyone else learns nothing, not even that it exists', async () => {
      const { order, orderToken } = await placeOrder(server, checkoutForm(fiveGb));
      const ok = await detail(order.orderNo.toLowerCase(), { 'X-Order-Token': orderToken });
      expect(ok.body.data).toMatchObject({ orderNo: order.orderNo, status: 'awaiting_payment' });
      const phone = randomPhone();
      await register(server, phone, 'Lotus#2917');
      const stranger = (await passwordLogin(server, phone, 'Lotus#2917')).body.data!.access_token;
      const unknown = await detail('LB22222222', { 'X-Order-Token': orderToken });
      for (const res of [await detail(order.orderNo), await detail(order.orderNo, { 'X-Order-Token': 'f'.repeat(64) }), await detail(order.orderNo, bearer(stranger)), unknown]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 'noRecord', message: 'No related content or records.' });
      }
    });
  });

  describe('idempotency', () => {
    it.each(LANGS)('refuses a submit without an Idempotency-Key, in %s', async (lang) => {
      const res = await postOrder(server, checkoutForm(fiveGb), { key: null, lang });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'idempotencyKey', message: errorText(lang, 'idempotencyKey') });
      expect((await postOrder(server, checkoutForm(fiveGb), { key: 'short' })).body.code).toBe('idempotencyKey');
    });

    it('answers the same order and token to a replay of the same submit, even with its fields in another order', async () => {
      const key = newKey();
      const form = checkoutForm(fiveGb);
      const first = await placeOrder(server, form, { key });
      const reordered = Object.fromEntries(Object.entries(form).reverse());
      const again = await placeOrder(server, reordered, { key });
      expect(again).toEqual(first);
      expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(1);
    });

    it.each(LANGS)('refuses the same key with another body (120086), in %s', async (lang) => {
      const key = newKey();
      await placeOrder(server, checkoutForm(fiveGb), { key });
      const res = await postOrder(server, checkoutForm(fiveGb, { simCount: 2 }), { key, lang });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: '120086', message: errorText(lang, '120086') });
    });

    it("refuses someone else's key: the same form from a logged-in customer is another request", async () => {
      const key = newKey();
      await placeOrder(server, checkoutForm(fiveGb), { key });
      const res = await postOrder(server, checkoutForm(fiveGb), { key, token: await demoToken(server) });
      expect(res.body.code).toBe('120086');
    });

    it('a refused submit creates nothing, and the same key works once the form is right', async () => {
      const key = newKey();
      const bad = await postOrder(server, checkoutForm(fiveGb, { couponCode: 'NOSUCHCODE' }), { key });
      expect(bad.body).toMatchObject({ code: 'couponInvalid', data: { field: 'couponCode' } });
      expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(0);
      expect((await postOrder(server, checkoutForm(fiveGb), { key })).body.code).toBe('200');
    });
  });

  describe('validation names the field, in the buyer\'s language', () => {
    const cases: [string, Record<string, unknown>, Record<(typeof LANGS)[number], string>][] = [
      ['a ZIP outside the state', { shipping: { ...shippingUs, zip: '10001' } }, {
        en: 'ZIP or postal code: This ZIP code is not in the chosen state. Check the ZIP code or the state.',
        'zh-Hans': '邮政编码：该邮政编码不属于所选州，请检查邮政编码或州。', 'zh-Hant': '郵遞區號：該郵遞區號不屬於所選州，請檢查郵遞區號或州。',
      }],
      ['digits in an English name', { shipping: { ...shippingUs, firstNameEn: 'Mei2' } }, {
        en: 'First name (English): Use English letters only.', 'zh-Hans': '名（英文）：只能使用英文字母。', 'zh-Hant': '名（英文）：只能使用英文字母。',
      }],
      ['Latin letters in a Chinese name', { shipping: { ...shippingUs, lastNameZh: 'Chen' } }, {
        en: 'Last name (Chinese): Use Chinese characters only.', 'zh-Hans': '姓（中文）：只能使用中文汉字。', 'zh-Hant': '姓（中文）：只能使用中文漢字。',
      }],
      ['terms not accepted', { termsAccepted: false }, {
        en: 'Service terms: Please read and accept the service terms.', 'zh-Hans': '服务条款：请阅读并同意服务条款。', 'zh-Hant': '服務條款：請閱讀並同意服務條款。',
      }],
      ['auto-renewal without its terms', { autoRenew: true }, {
        en: 'Auto-renewal terms: Please accept the auto-renewal terms to turn auto-renewal on.',
        'zh-Hans': '自动续费条款：开启自动续费前请先同意自动续费条款。', 'zh-Hant': '自動續費條款：開啟自動續費前請先同意自動續費條款。',
      }],
      ['no street for a physical SIM', { shipping: { ...shippingUs, address1: '' } }, {
        en: 'Address line 1: Please enter the street address.', 'zh-Hans': '地址 1：请输入街道地址。', 'zh-Hant': '地址 1：請輸入街道地址。',
      }],
      ['express to China', { shippingMethod: 'express', shipping: { ...shippingUs, country: 'CN', state: 'Guangdong', zip: '510000' } }, {
        en: 'Shipping method: Express shipping is for US addresses only.', 'zh-Hans': '配送方式：加急配送仅限美国地址。', 'zh-Hant': '配送方式：加急配送僅限美國地址。',
      }],
    ];
    it.each(cases)('%s', async (_what, change, messages) => {
      for (const lang of LANGS) {
        const res = await postOrder(server, { ...checkoutForm(fiveGb), ...change }, { lang });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'validation', message: messages[lang] });
      }
    });

    it('answers 120082 beyond 10 SIMs, and 120071 at the billing ZIP the tax service has no data for', async () => {
      const many = await postOrder(server, checkoutForm(fiveGb, { simCount: 11 }));
      expect(many.body).toMatchObject({ code: '120082', data: { field: 'simCount' } });
      const noTax = await postOrder(server, checkoutForm(fiveGb, { shipping: { ...shippingUs, state: 'AK', zip: '99971', city: 'Juneau' } }), { lang: 'zh-Hans' });
      expect(noTax.body).toEqual({ code: '120071', message: errorText('zh-Hans', '120071'), data: { field: 'shipping.zip' } });
      const billingNoTax = await postOrder(server, checkoutForm(fiveGb, { billingSameAsShipping: false, billing: { country: 'US', address1: '1 Main', city: 'Juneau', state: 'AK', zip: '99971' } }));
      expect(billingNoTax.body).toMatchObject({ code: '120071', data: { field: 'billing.zip' } });
    });
  });
});
