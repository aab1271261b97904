import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { QuoteData, QuoteRequest } from '../../src/contract/orders';
import { discountCodes, globalPacks, multiMonthDiscounts, plans, referralCodes } from '../../src/server/db/schema';
import { multiMonthPercentFor } from '../../src/domain/pricing';
import { PREPAID_WIRELESS_RATE_BPS } from '../../src/server/adapters/taxSandbox';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, register, randomPhone, passwordLogin } from './helpers';
import { demoToken, errorText, esimForm, LANGS, placeOrder, planIdOf } from './ordersHelpers';

const HOUR = 3_600_000;

describe.each(testDatabases({ postgres: false, because: 'catalogue arithmetic: no concurrency, no SQL that differs' }))('quote on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  let fiveHundredMb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    fiveGb = await planIdOf(server, '5gb-plan');
    fiveHundredMb = await planIdOf(server, '500mb-plan');
  });
  afterAll(async () => { await server?.close(); });

  const ask = (body: Partial<QuoteRequest>, init: { lang?: string; token?: string } = {}) =>
    call<QuoteData>(server, endpoints.quote, {
      body: { planId: fiveGb, months: 3, simType: 'esim', simCount: 1, ...body },
      headers: { Language: init.lang ?? 'en', ...(init.token ? bearer(init.token) : {}) },
    });
  const quoted = async (body: Partial<QuoteRequest>, init: { token?: string } = {}) => {
    const res = await ask(body, init);
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    return res.body.data!;
  };

  describe('prices from the catalogue', () => {
    it('a 5GB eSIM for 3 months: $25 × 3 less the 7% multi-month discount, no shipping, no tax without an address', async () => {
      expect(await quoted({})).toEqual({
        planId: fiveGb, globalPackId: null, planName: '5GB', monthlyPriceCents: 2500, months: 3, simCount: 1,
        multiMonthPercent: 7, planCostCents: 7500, multiMonthDiscountCents: 525, couponCode: null, codeDiscountCents: 0,
        referralCode: null, shippingMethod: 'standard', shippingCents: 0, taxRateBps: 0, taxCents: 0, totalCents: 6975,
      });
    });

    it.each([[1, 0, 2500], [6, 13, 13_050], [12, 20, 24_000]])('%i months take %i%% off', async (months, percent, total) => {
      const q = await quoted({ months: months as 1 | 6 | 12 });
      expect(q.multiMonthPercent).toBe(percent);
      expect(q.totalCents).toBe(total);
    });

    it('multiplies by the SIM count, up to 10', async () => {
      const q = await quoted({ simCount: 10, months: 1 });
      expect(q.planCostCents).toBe(25_000);
      expect(q.totalCents).toBe(25_000);
    });

    it('a global data SIM pack is bought for its own days: one "month", its own price, no multi-month discount', async () => {
      const [pack] = await server.db.select().from(globalPacks).where(eq(globalPacks.regionCode, 'asia')).orderBy(globalPacks.dataMb).limit(1);
      const q = await quoted({ planId: null, globalPackId: pack!.id, months: 1, simType: 'physical', simCount: 2 });
      expect(q).toMatchObject({ planId: null, globalPackId: pack!.id, planName: 'Global SIM 1GB / 7 days', months: 1, multiMonthPercent: 0, planCostCents: 2000, totalCents: 2000 });
    });

    it('ignores any price the client sends', async () => {
      const q = await quoted({ totalCents: 1, monthlyPriceCents: 1 } as Partial<QuoteRequest>);
      expect(q.totalCents).toBe(6975);
    });
  });

  describe('shipping', () => {
    it('is free by standard post in the US and China, $12 by express in the US', async () => {
      expect((await quoted({ simType: 'physical', shippingCountry: 'US' })).shippingCents).toBe(0);
      expect((await quoted({ simType: 'physical', shippingCountry: 'CN' })).shippingCents).toBe(0);
      const express = await quoted({ simType: 'physical', shippingCountry: 'US', shippingMethod: 'express' });
      expect(express).toMatchObject({ shippingMethod: 'express', shippingCents: 1200, totalCents: 6975 + 1200 });
    });

    it('refuses express to China, naming the shipping method field', async () => {
      const res = await ask({ simType: 'physical', shippingCountry: 'CN', shippingMethod: 'express' }, { lang: 'zh-Hans' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation', message: '加急配送仅限美国地址。', data: { field: 'shippingMethod' } });
    });

    it('ships nothing for an eSIM, so express becomes standard at no cost', async () => {
      expect(await quoted({ simType: 'esim', shippingCountry: 'US', shippingMethod: 'express' })).toMatchObject({ shippingMethod: 'standard', shippingCents: 0 });
    });
  });

  describe('tax by state', () => {
    it("taxes the service (not shipping) at the tax address's state rate", async () => {
      const q = await quoted({ simType: 'physical', shippingCountry: 'US', shippingMethod: 'express', taxAddress: { country: 'US', state: 'CA', zip: '90012' } });
      expect(q.taxRateBps).toBe(725);
      expect(q.taxCents).toBe(Math.round(6975 * 0.0725));
      expect(q.totalCents).toBe(6975 + 1200 + q.taxCents);
    });

    it.each([['OR', '97201', 0], ['NY', '10001', 400], ['TX', '75201', 625], ['NH', '03301', 700], ['WA', '98101', 650]])(
      '%s (ZIP %s) charges %i basis points', async (state, zip, bps) => {
        const q = await quoted({ taxAddress: { country: 'US', state, zip } });
        expect(q.taxRateBps).toBe(bps);
        expect(q.taxRateBps).toBe(PREPAID_WIRELESS_RATE_BPS[state as 'OR']);
      },
    );

    it('charges no US tax on a China address', async () => {
      expect((await quoted({ taxAddress: { country: 'CN', state: 'Guangdong', zip: '510000' } })).taxCents).toBe(0);
    });

    it.each(LANGS)('answers 120071 when the tax service has no data for the ZIP (test ZIP 99971), in %s', async (lang) => {
      const res = await ask({ taxAddress: { country: 'US', state: 'AK', zip: '99971' } }, { lang });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: '120071', message: errorText(lang, '120071'), data: { field: 'taxAddress.zip' } });
    });

    it.each(LANGS)('answers 120077 when the ZIP is not in the state, in %s', async (lang) => {
      const res = await ask({ taxAddress: { country: 'US', state: 'CA', zip: '10001' } }, { lang });
      expect(res.body).toEqual({ code: '120077', message: errorText(lang, '120077'), data: { field: 'taxAddress.zip' } });
    });
  });

  describe('limits and products', () => {
    it.each(LANGS)('answers 120082 for more than 10 SIMs, naming the SIM count, in %s', async (lang) => {
      const res = await ask({ simCount: 11 }, { lang });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: '120082', message: errorText(lang, '120082'), data: { field: 'simCount' } });
    });

    it.each(LANGS)('answers productNotFound for a plan that does not exist, in %s', async (lang) => {
      const res = await ask({ planId: 987_654 }, { lang });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'productNotFound', message: errorText(lang, 'productNotFound'), data: { field: 'planId' } });
    });

    it('answers productNotFound for a plan not sold as the chosen SIM type, and for an unknown global pack', async () => {
      const [physicalOnly] = await server.db.insert(plans).values({
        slug: 'test-physical-only-plan', kind: 'us', name: 'Physical only', monthlyPriceCents: 900, simTypes: ['physical'],
      }).returning({ id: plans.id });
      expect((await ask({ planId: physicalOnly!.id, simType: 'esim' })).body.code).toBe('productNotFound');
      expect((await ask({ planId: physicalOnly!.id, simType: 'physical' })).body.code).toBe('200');
      expect((await ask({ planId: null, globalPackId: 987_654, months: 1 })).body.code).toBe('productNotFound');
    });

    it('refuses both or neither product, naming the plan field', async () => {
      const res = await ask({ planId: null, globalPackId: null });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Plan: Please choose a plan.');
    });
  });

  describe('discount codes', () => {
    it('takes a percentage or an amount off the discounted plan cost, and tax follows', async () => {
      const percent = await quoted({ couponCode: 'welcome10', taxAddress: { country: 'US', state: 'CA', zip: '90012' } });
      expect(percent).toMatchObject({ couponCode: 'WELCOME10', codeDiscountCents: Math.round(6975 * 0.1) });
      expect(percent.taxCents).toBe(Math.round((6975 - percent.codeDiscountCents) * 0.0725));
      expect(percent.totalCents).toBe(6975 - percent.codeDiscountCents + percent.taxCents);
      expect(await quoted({ couponCode: 'SAVE5' })).toMatchObject({ codeDiscountCents: 500, totalCents: 6475 });
    });

    it.each(LANGS)('answers couponInvalid for an unknown or expired code, naming the code field, in %s', async (lang) => {
      for (const couponCode of ['NOSUCHCODE', 'SUMMER2025']) {
        const res = await ask({ couponCode }, { lang });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ code: 'couponInvalid', message: errorText(lang, 'couponInvalid'), data: { field: 'couponCode' } });
      }
    });

    it("checks validity on the server's clock: not started yet, switched off, and expiring while the buyer waits", async () => {
      const now = server.clock.now().getTime();
      await server.db.insert(discountCodes).values([
        { code: 'LATER20', kind: 'percent', value: 20, startsAt: new Date(now + HOUR) },
        { code: 'OFF20', kind: 'percent', value: 20, active: false },
        { code: 'HOUR20', kind: 'percent', value: 20, expiresAt: new Date(now + HOUR) },
      ]);
      expect((await ask({ couponCode: 'LATER20' })).body.code).toBe('couponInvalid');
      expect((await ask({ couponCode: 'OFF20' })).body.code).toBe('couponInvalid');
      expect((await ask({ couponCode: 'HOUR20' })).body.code).toBe('200');
      server.clock.advance(2 * HOUR);
      expect((await ask({ couponCode: 'HOUR20' })).body.code).toBe('couponInvalid');
      expect((await ask({ couponCode: 'LATER20' })).body.code).toBe('200');
    });
  });

  describe('referral codes', () => {
    it('accepts a live code without changing the price (the reward comes after 35 active days)', async () => {
      expect(await quoted({ referralCode: 'demo' })).toMatchObject({ referralCode: 'DEMO', codeDiscountCents: 0, totalCents: 6975 });
    });

    it.each(LANGS)('answers referralInvalid for an unknown or expired code, naming the referral field, in %s', async (lang) => {
      for (const referralCode of ['ZZZZ', 'OLD1']) {
        const res = await ask({ referralCode }, { lang });
        expect(res.body).toEqual({ code: 'referralInvalid', message: errorText(lang, 'referralInvalid'), data: { field: 'referralCode' } });
      }
    });

    it("refuses a logged-in customer's own code, but another customer may use it", async () => {
      const own = await ask({ referralCode: 'DEMO' }, { token: await demoToken(server) });
      expect(own.body).toMatchObject({ code: 'referralInvalid', data: { field: 'referralCode' } });
      const phone = randomPhone();
      await register(server, phone, 'Lotus#2917');
      const other = await passwordLogin(server, phone, 'Lotus#2917');
      expect((await ask({ referralCode: 'DEMO' }, { token: other.body.data!.access_token })).body.code).toBe('200');
    });

    it('refuses an inactive code', async () => {
      await server.db.insert(referralCodes).values({ code: 'GONE', active: false });
      expect((await ask({ referralCode: 'GONE' })).body.code).toBe('referralInvalid');
      await server.db.update(referralCodes).set({ active: true }).where(eq(referralCodes.code, 'GONE'));
      expect((await ask({ referralCode: 'GONE' })).body.code).toBe('200');
    });
  });

  describe('the 500MB plan', () => {
    it('is priced without codes', async () => {
      expect(await quoted({ planId: fiveHundredMb, months: 1 })).toMatchObject({ planName: '500MB', totalCents: 1000 });
    });

    it.each([3, 6, 12] as const)('gets no multi-month discount for %i months, as the plan pages show it; the order is charged so', async (months) => {
      const q = await quoted({ planId: fiveHundredMb, months });
      expect(q).toMatchObject({ multiMonthPercent: 0, planCostCents: 1000 * months, multiMonthDiscountCents: 0, totalCents: 1000 * months });
      const plan = (await server.db.select().from(plans).where(eq(plans.id, fiveHundredMb)))[0]!;
      expect(multiMonthPercentFor(plan, months, await server.db.select().from(multiMonthDiscounts))).toBe(q.multiMonthPercent);
      const { order } = await placeOrder(server, esimForm(fiveHundredMb, { months }));
      expect(order).toMatchObject({ planCostCents: 1000 * months, multiMonthDiscountCents: 0, discountCents: 0 });
      expect(order.payAmountCents).toBe(1000 * months + order.taxCents);
    });

    it.each(LANGS)('is not eligible for a discount or a referral code, each named, in %s', async (lang) => {
      const withCoupon = await ask({ planId: fiveHundredMb, couponCode: 'WELCOME10' }, { lang });
      expect(withCoupon.body).toEqual({ code: 'promotionNotEligible', message: errorText(lang, 'promotionNotEligible'), data: { field: 'couponCode' } });
      const withReferral = await ask({ planId: fiveHundredMb, referralCode: 'DEMO' }, { lang });
      expect(withReferral.body).toEqual({ code: 'promotionNotEligible', message: errorText(lang, 'promotionNotEligible'), data: { field: 'referralCode' } });
    });
  });

  it('has a different message for each code in each language', () => {
    const codes = ['couponInvalid', 'referralInvalid', 'promotionNotEligible', 'productNotFound', '120082', '120071', '120077'];
    for (const lang of LANGS) expect(new Set(codes.map((c) => errorText(lang, c))).size).toBe(codes.length);
    for (const code of codes) expect(new Set(LANGS.map((l) => errorText(l, code))).size).toBe(3);
  });
});
