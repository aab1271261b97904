/**
 * Issue 15, line orders (decision 0029): data add-ons (at most five per cycle, atomic under parallel payments),
 * roaming packs (only with an active main plan: 120079; provisioned through the network sandbox), plan change (starts
 * when the current plan expires; 120080 with a pending plan) and a global data SIM's renewal, each an idempotent
 * order paid through the payment endpoints and given to the line once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { LineOffers, LineOrderData } from '../../src/contract/business';
import type { PaymentResult } from '../../src/contract/payments';
import type { DataAllowance } from '../../src/contract/usage';
import type { BillEntry } from '../../src/contract/money';
import {
  addOnPacks, balanceLedger, lineLifecycles, balances, customers, globalPacks, lineAddOns, lines, orders, payments, planSubscriptions, plans,
  sandboxRoamingPacks, sims,
} from '../../src/server/db/schema';
import { runDueJobs } from '../../src/server/jobs/runner';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { newKey } from './ordersHelpers';

const DAY_MS = 86_400_000;

describe.each(testDatabases())('line orders on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  /** A customer of their own with a US line; `plan`: its main plan ('5gb-plan' unless null), started 10 days ago. */
  async function customerWith(opts: { plan?: string | null; generalCents?: number; kind?: 'us' | 'global' } = {}) {
    const phone = randomPhone();
    const reg = await register(server, phone, 'Line@2468x');
    if (reg.body.code !== '200') throw new Error(JSON.stringify(reg.body));
    const token = (await passwordLogin(server, phone, 'Line@2468x')).body.data!.access_token;
    const [customer] = await server.db.select().from(customers).where(eq(customers.phone, phone));
    const iccid = `89012602${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
    const kind = opts.kind ?? 'us';
    const [line] = await server.db.insert(lines).values({
      customerId: customer!.id, kind, msisdn: kind === 'us' ? phone : null, iccid, simType: 'esim', simStatus: 'activated',
    }).returning();
    const now = server.clock.now();
    if (kind === 'us' && opts.plan !== null) {
      const [plan] = await server.db.select().from(plans).where(eq(plans.slug, opts.plan ?? '5gb-plan'));
      await server.db.insert(planSubscriptions).values({
        lineId: line!.id, planId: plan!.id, status: 'main', startsAt: new Date(now.getTime() - 10 * DAY_MS), expiresAt: new Date(now.getTime() + 20 * DAY_MS),
      });
    }
    if (kind === 'global') {
      const [pack] = await server.db.select().from(globalPacks).where(and(eq(globalPacks.regionCode, 'asia'), eq(globalPacks.days, 7)));
      await server.db.insert(sims).values({ iccid, kind: 'global', simType: 'esim', status: 'activated', activationCodeHash: 'x', globalPackId: pack!.id, months: 1 });
    }
    await server.db.insert(balances).values({ customerId: customer!.id, generalCents: opts.generalCents ?? 0 })
      .onConflictDoUpdate({ target: balances.customerId, set: { generalCents: opts.generalCents ?? 0 } });
    return { token, customerId: customer!.id, lineId: line!.id, phone };
  }

  const offers = (token: string, kind: string) =>
    call<LineOffers>(server, endpoints.lineOrderOffers, { body: { kind }, headers: bearer(token) });
  const create = (token: string, body: Record<string, unknown>, key = newKey(), lang = 'en') =>
    call<LineOrderData>(server, endpoints.lineOrderCreate, { body, headers: { 'Idempotency-Key': key, Language: lang, ...bearer(token) } });
  const pay = (token: string, orderNo: string, body: Record<string, unknown>, key = newKey()) =>
    call<PaymentResult>(server, endpoints.payOrder, { body: { orderNo, ...body }, headers: { 'Idempotency-Key': key, Language: 'en', ...bearer(token) } });
  const packId = async (code: string) => (await server.db.select().from(addOnPacks).where(eq(addOnPacks.code, code)))[0]!.id;
  const planId = async (slug: string) => (await server.db.select().from(plans).where(eq(plans.slug, slug)))[0]!.id;
  const generalOf = async (customerId: number) => (await server.db.select().from(balances).where(eq(balances.customerId, customerId)))[0]!.generalCents;

  describe('data add-ons', () => {
    it('lists the price list with the cycle and the limit of five', async () => {
      const c = await customerWith();
      const res = await offers(c.token, 'addOn');
      expect(res.body.code).toBe('200');
      expect(res.body.data).toMatchObject({ kind: 'addOn', refusal: null, cycle: { bought: 0, limit: 5 }, line: { msisdn: c.phone } });
      expect(res.body.data!.offers.map((o) => [o.name, o.dataMb, o.priceCents])).toEqual([
        ['data-1gb', 1024, 500], ['data-3gb', 3072, 1200], ['data-5gb', 5120, 1800], ['data-10gb', 10240, 3000],
      ]);
    });

    it('six paid in parallel from the balance in one cycle: five bought, the sixth refused (addOnLimit); charged five times', async () => {
      const c = await customerWith({ generalCents: 10_000 });
      const pack = await packId('data-1gb');
      const created = await Promise.all(Array.from({ length: 6 }, () => create(c.token, { kind: 'addOn', offerId: pack })));
      expect(created.map((r) => r.body.code)).toEqual(Array(6).fill('200'));
      const paid = await Promise.all(created.map((r) => pay(c.token, r.body.data!.orderNo, { method: 'account' })));
      const codes = paid.map((r) => r.body.code).sort();
      expect(codes).toEqual(['200', '200', '200', '200', '200', 'addOnLimit']);
      expect(await server.db.select().from(lineAddOns).where(eq(lineAddOns.lineId, c.lineId))).toHaveLength(5);
      expect(await generalOf(c.customerId)).toBe(10_000 - 5 * 500);
      // The list now says so, and a seventh order is refused at once.
      expect((await offers(c.token, 'addOn')).body.data).toMatchObject({ refusal: 'addOnLimit', cycle: { bought: 5 } });
      expect((await create(c.token, { kind: 'addOn', offerId: pack })).body.code).toBe('addOnLimit');
    });

    it('six paid in parallel by card: five bought, the sixth refused before any charge', async () => {
      const c = await customerWith();
      const pack = await packId('data-1gb');
      const created = await Promise.all(Array.from({ length: 6 }, () => create(c.token, { kind: 'addOn', offerId: pack })));
      const tokens = await Promise.all(created.map(() => tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '91776' })));
      const paid = await Promise.all(created.map((r, i) => pay(c.token, r.body.data!.orderNo, { method: 'bank_card', sourceId: tokens[i], cardholderName: 'Mei Chen' })));
      expect(paid.map((r) => (r.body.code === '200' ? r.body.data!.status : r.body.code)).sort()).toEqual(['addOnLimit', 'paid', 'paid', 'paid', 'paid', 'paid']);
      expect(await server.db.select().from(lineAddOns).where(eq(lineAddOns.lineId, c.lineId))).toHaveLength(5);
      // The refused one was never sent to the card provider.
      const refused = created[paid.findIndex((r) => r.body.code === 'addOnLimit')]!.body.data!.orderNo;
      expect(await server.db.select().from(payments).where(eq(payments.payableRef, refused))).toHaveLength(0);
    });

    it('raises the high-speed data of the cycle; idempotent: the same key answers the same order, paid once', async () => {
      const c = await customerWith({ generalCents: 5000 });
      const key = newKey();
      const first = await create(c.token, { kind: 'addOn', offerId: await packId('data-3gb') }, key);
      const again = await create(c.token, { kind: 'addOn', offerId: await packId('data-3gb') }, key);
      expect(again.body.data!.orderNo).toBe(first.body.data!.orderNo);
      expect((await create(c.token, { kind: 'addOn', offerId: await packId('data-1gb') }, key)).body.code).toBe('120086');
      const payKey = newKey();
      const paid = await pay(c.token, first.body.data!.orderNo, { method: 'account' }, payKey);
      expect(paid.body.data).toMatchObject({ status: 'paid', amountCents: 1200 });
      expect((await pay(c.token, first.body.data!.orderNo, { method: 'account' }, payKey)).body).toEqual(paid.body);
      expect((await pay(c.token, first.body.data!.orderNo, { method: 'account' })).body.code).toBe('resubmit');
      expect(await generalOf(c.customerId)).toBe(5000 - 1200);
      expect(await server.db.select().from(balanceLedger).where(eq(balanceLedger.customerId, c.customerId))).toHaveLength(1);
      const allowance = await call<DataAllowance>(server, endpoints.dataAllowance, { headers: bearer(c.token) });
      expect(allowance.body.data).toMatchObject({ status: 'limited', totalMb: 5 * 1024 + 3 * 1024 });
      const detail = await call<LineOrderData>(server, endpoints.lineOrderDetail, { body: { orderNo: first.body.data!.orderNo }, headers: bearer(c.token) });
      expect(detail.body.data).toMatchObject({ kind: 'addOn', status: 'paid', amountCents: 1200, offer: { dataMb: 3072 } });
      // The bill of the month shows it as an add-on (decision 0020: bills read payments, no change there).
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' }).formatToParts(server.clock.now());
      const month = `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
      const bill = await call<{ entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month }, headers: bearer(c.token) });
      expect(bill.body.data!.entries).toEqual([expect.objectContaining({ kind: 'addOn', direction: 'charge', totalCents: 1200, orderNo: first.body.data!.orderNo })]);
    });

    it('120081 when the General account is short; nothing is written', async () => {
      const c = await customerWith({ generalCents: 100 });
      const order = await create(c.token, { kind: 'addOn', offerId: await packId('data-1gb') });
      expect((await pay(c.token, order.body.data!.orderNo, { method: 'account' })).body.code).toBe('120081');
      expect(await generalOf(c.customerId)).toBe(100);
      expect(await server.db.select().from(lineAddOns).where(eq(lineAddOns.lineId, c.lineId))).toHaveLength(0);
    });

    it('an unlimited plan needs none (addOnUnlimited)', async () => {
      const c = await customerWith({ plan: 'unlimited-plan' });
      expect((await offers(c.token, 'addOn')).body.data!.refusal).toBe('addOnUnlimited');
      expect((await create(c.token, { kind: 'addOn', offerId: await packId('data-1gb') })).body.code).toBe('addOnUnlimited');
    });
  });

  describe('roaming packs', () => {
    it('refuses a roaming pack without a main plan: 120079, in the list and on order', async () => {
      const c = await customerWith({ plan: null });
      expect((await offers(c.token, 'roaming')).body.data!.refusal).toBe('120079');
      const res = await create(c.token, { kind: 'roaming', offerId: await packId('roam-china-data-7') });
      expect(res.body.code).toBe('120079');
      expect(await server.db.select().from(orders).where(eq(orders.lineId, c.lineId))).toHaveLength(0);
    });

    it('is provisioned on the network once paid, once, valid its days from purchase', async () => {
      const c = await customerWith({ generalCents: 5000 });
      const offer = (await offers(c.token, 'roaming')).body.data!.offers.find((o) => o.name === 'roam-china-data-7')!;
      expect(offer).toMatchObject({ zone: 'china', roamingType: 'data', days: 7, destinations: ['CN', 'HK', 'MO', 'TW'] });
      const order = await create(c.token, { kind: 'roaming', offerId: offer.id });
      const paid = await pay(c.token, order.body.data!.orderNo, { method: 'account' });
      expect(paid.body.data!.status).toBe('paid');
      await runDueJobs(server.app.deps);
      await runDueJobs(server.app.deps);
      const [given] = await server.db.select().from(lineAddOns).where(eq(lineAddOns.orderNo, order.body.data!.orderNo));
      expect(given!.networkRef).toMatch(/^RP/);
      expect(given!.expiresAt.getTime() - given!.startsAt.getTime()).toBe(7 * DAY_MS);
      const [line] = await server.db.select().from(lines).where(eq(lines.id, c.lineId));
      expect(await server.db.select().from(sandboxRoamingPacks).where(eq(sandboxRoamingPacks.iccid, line!.iccid))).toMatchObject([{ zone: 'china', roamingType: 'data' }]);
    });

    it('an account without a US line is refused (noUsLine)', async () => {
      const c = await customerWith({ kind: 'global' });
      expect((await offers(c.token, 'roaming')).body.data!.refusal).toBe('noUsLine');
    });
  });

  describe('plan change', () => {
    it('starts when the current plan expires, as pending terms; a second change while one is pending: 120080', async () => {
      const c = await customerWith({ generalCents: 20_000 });
      const list = (await offers(c.token, 'planChange')).body.data!;
      const [main] = await server.db.select().from(planSubscriptions).where(eq(planSubscriptions.lineId, c.lineId));
      expect(list).toMatchObject({ refusal: null, startsAt: main!.expiresAt.toISOString(), current: { name: '5GB' } });
      expect(list.multiMonth.map((m) => m.months)).toEqual([1, 3, 4, 6, 12]);
      const order = await create(c.token, { kind: 'planChange', offerId: await planId('15gb-plan'), months: 4 });
      // 4 months of $35 less the 4-month offer's 10 %.
      expect(order.body.data).toMatchObject({ amountCents: 12_600, multiMonthDiscountCents: 1400, months: 4, startsAt: main!.expiresAt.toISOString() });
      expect((await pay(c.token, order.body.data!.orderNo, { method: 'account' })).body.data!.status).toBe('paid');
      const pending = await server.db.select().from(planSubscriptions).where(and(eq(planSubscriptions.lineId, c.lineId), eq(planSubscriptions.status, 'pending')));
      expect(pending).toHaveLength(4);
      expect(pending.map((p) => p.startsAt.getTime()).sort()[0]).toBe(main!.expiresAt.getTime());
      // The plan chart took the change: main with a pending plan.
      expect((await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.lineId)))[0]!.planState).toBe('main.pending');
      expect((await offers(c.token, 'planChange')).body.data!.refusal).toBe('120080');
      expect((await create(c.token, { kind: 'planChange', offerId: await planId('2gb-plan') })).body.code).toBe('120080');
    });

    it('two changes paid in parallel: one becomes the pending plan, the other is refused with 120080', async () => {
      const c = await customerWith({ generalCents: 20_000 });
      const a = await create(c.token, { kind: 'planChange', offerId: await planId('2gb-plan') });
      const b = await create(c.token, { kind: 'planChange', offerId: await planId('15gb-plan') });
      const paid = await Promise.all([a, b].map((o) => pay(c.token, o.body.data!.orderNo, { method: 'account' })));
      expect(paid.map((r) => r.body.code).sort()).toEqual(['120080', '200']);
      expect(await server.db.select().from(planSubscriptions).where(and(eq(planSubscriptions.lineId, c.lineId), eq(planSubscriptions.status, 'pending')))).toHaveLength(1);
    });
  });

  describe('global renewal', () => {
    it("renews a global data SIM's pack after the one in force", async () => {
      const c = await customerWith({ kind: 'global', generalCents: 5000 });
      const list = (await offers(c.token, 'globalRenewal')).body.data!;
      expect(list.refusal).toBeNull();
      const pack = list.offers.find((o) => o.name === 'asia' && o.days === 7)!;
      const order = await create(c.token, { kind: 'globalRenewal', offerId: pack.id });
      expect((await pay(c.token, order.body.data!.orderNo, { method: 'account' })).body.data!.status).toBe('paid');
      const [given] = await server.db.select().from(lineAddOns).where(eq(lineAddOns.orderNo, order.body.data!.orderNo));
      expect(given!.startsAt.toISOString()).toBe(list.startsAt);
      expect((await offers(c.token, 'globalRenewal')).body.data!.current!.expiresAt).toBe(given!.expiresAt.toISOString());
    });

    it('refuses an account without a global data SIM (noGlobalLine)', async () => {
      const c = await customerWith();
      expect((await offers(c.token, 'globalRenewal')).body.data!.refusal).toBe('noGlobalLine');
    });
  });

  it("another customer's order reads as no record, and cannot be paid", async () => {
    const a = await customerWith({ generalCents: 1000 });
    const b = await customerWith({ generalCents: 1000 });
    const order = await create(a.token, { kind: 'addOn', offerId: await packId('data-1gb') });
    expect((await call(server, endpoints.lineOrderDetail, { body: { orderNo: order.body.data!.orderNo }, headers: bearer(b.token) })).body.code).toBe('noRecord');
    expect((await pay(b.token, order.body.data!.orderNo, { method: 'account' })).body.code).toBe('noRecord');
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.body.data!.orderNo))).toHaveLength(0);
  });
});
