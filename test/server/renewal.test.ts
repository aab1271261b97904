/**
 * Renewal on the server's clock (issue 15, decisions 0025 and 0026), on both databases: the renewal runs at 0:00
 * Pacific the day before expiry and not a millisecond before, also across both daylight-saving changes; auto-renewal
 * cannot change from 0:00 to 3:00 Pacific; several runs at once charge once; a failed renewal suspends the line at
 * expiry, the network bars it, and a top-up recovers it with the plan and the fee of every 30 days begun.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { TopUpData } from '../../src/contract/money';
import type { PaymentResult } from '../../src/contract/payments';
import { balanceLedger, balances, customers, lineLifecycles, lines, orders, payments, planSubscriptions, plans, renewals, savedCards } from '../../src/server/db/schema';
import { sandboxSeedCard } from '../../src/server/adapters/payments/sandbox/cardsOnFile';
import { barredUsageHour } from '../../src/server/adapters/networkUsage';
import { runDueJobs } from '../../src/server/jobs/runner';
import { GatewayError } from '../../src/server/http/errors';
import { planJobHandlers } from '../../src/server/plan';
import { changeAutoRenewal } from '../../src/server/plan/autoRenewal';
import { CYCLE_MS, DAY_MS } from '../../src/domain/planCalendar';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { newKey } from './ordersHelpers';

describe.each(testDatabases())('renewal, suspension and recovery on the clock (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let planId: number;
  let priceCents: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    const [p] = await server.db.select().from(plans).where(eq(plans.slug, '5gb-plan'));
    planId = p!.id;
    priceCents = p!.monthlyPriceCents;
  });
  afterAll(async () => { await server?.close(); });

  /**
   * Moves the server's clock to an instant (forward only: the tests below run in time order). The clock keeps running
   * while a test works, so "before" is checked a few seconds ahead of an instant, never at its last millisecond.
   */
  const setClock = (iso: string) => {
    const delta = new Date(iso).getTime() - server.clock.now().getTime();
    if (delta < 0) throw new Error(`the clock is already past ${iso}`);
    server.clock.advance(delta);
  };
  const runJobs = () => runDueJobs(server.app.deps);
  const AHEAD_MS = 5_000;
  const before = (iso: string) => new Date(Date.parse(iso) - AHEAD_MS).toISOString();

  interface Customer { token: string; customerId: number; lineId: number; phone: string }

  /** A customer with a US line whose plan (5GB) ends at `expiresAt`, a General balance and, when asked, a default card. */
  async function customerWithPlan(expiresAt: string, opts: { balanceCents: number; card?: boolean; email?: string }): Promise<Customer> {
    const phone = randomPhone();
    const registered = await register(server, phone, 'Renew@2468x');
    if (registered.body.code !== '200') throw new Error(JSON.stringify(registered.body));
    const token = (await passwordLogin(server, phone, 'Renew@2468x')).body.data!.access_token;
    const [c] = await server.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    await server.db.update(customers).set({ email: opts.email ?? `r${phone}@example.com` }).where(eq(customers.id, c!.id));
    const [line] = await server.db.insert(lines).values({ customerId: c!.id, msisdn: phone, iccid: `89012601${phone}0`, simType: 'esim', simStatus: 'activated' }).returning();
    const end = new Date(expiresAt);
    await server.db.insert(planSubscriptions).values({ lineId: line!.id, planId, status: 'main', startsAt: new Date(end.getTime() - CYCLE_MS), expiresAt: end });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: opts.balanceCents }).onConflictDoUpdate({ target: balances.customerId, set: { generalCents: opts.balanceCents } });
    if (opts.card) {
      const providerCardId = `ccof:renew-${phone}`;
      await sandboxSeedCard(server.db, { id: providerCardId, customerRef: `customer-${c!.id}`, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, postalCode: '91776' });
      await server.db.insert(savedCards).values({ customerId: c!.id, providerCardId, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Chen', billingZip: '91776', isDefault: true });
    }
    // The terms' jobs, as the recurring plan.schedule gives them to terms written before it.
    await planJobHandlers['plan.schedule']!(server.app.deps, { id: 0, kind: 'plan.schedule', dedupeKey: 'plan.schedule', payload: {}, attempts: 1 });
    return { token, customerId: c!.id, lineId: line!.id, phone };
  }

  const lineOf = (c: Customer) => ({ id: c.lineId, customerId: c.customerId });
  const open = (c: Customer, method: 'card' | 'balance') => changeAutoRenewal(server.app.deps, lineOf(c), { action: 'open', method, termsAccepted: true }, { lang: 'zh-Hans' });
  const paidUntil = async (c: Customer) => (await server.db.select({ at: sql<Date>`max(${planSubscriptions.expiresAt})`.mapWith(planSubscriptions.expiresAt) }).from(planSubscriptions).where(eq(planSubscriptions.lineId, c.lineId)))[0]!.at;
  const renewalPayments = (c: Customer) => server.db.select({ p: payments }).from(payments)
    .innerJoin(orders, and(eq(payments.payableKind, 'order'), eq(orders.orderNo, payments.payableRef)))
    .where(and(eq(orders.customerId, c.customerId), eq(orders.kind, 'renewal'), eq(payments.status, 'succeeded')));
  const general = async (c: Customer) => (await server.db.select().from(balances).where(eq(balances.customerId, c.customerId)))[0]!.generalCents;
  const lifecycle = async (c: Customer) => (await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.lineId)))[0]!;

  it('winter: renews at 0:00 PST the day before expiry, not before; closing just before midnight PST stops it, at 0:00 it is refused until 3:00 PST', async () => {
    // Expires Thursday December 10, 2026, 12:00 PST: the renewal runs Wednesday December 9, 0:00 PST (08:00 UTC).
    const balanceCustomer = await customerWithPlan('2026-12-10T20:00:00.000Z', { balanceCents: 5000 });
    const closer = await customerWithPlan('2026-12-10T20:00:00.000Z', { balanceCents: 5000 });
    setClock('2026-12-01T18:00:00.000Z');
    await open(balanceCustomer, 'balance');
    await open(closer, 'balance');

    setClock(before('2026-12-09T08:00:00.000Z'));
    await changeAutoRenewal(server.app.deps, lineOf(closer), { action: 'requestClose' }, { lang: 'en' });
    await changeAutoRenewal(server.app.deps, lineOf(closer), { action: 'confirmClose' }, { lang: 'en' });
    await runJobs();
    expect(await renewalPayments(balanceCustomer)).toHaveLength(0);

    setClock('2026-12-09T08:00:00.000Z');
    const refused = await changeAutoRenewal(server.app.deps, lineOf(balanceCustomer), { action: 'requestClose' }, { lang: 'en' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).options.data).toEqual({ retryAt: '2026-12-09T11:00:00.000Z' });
    await runJobs();
    expect(await renewalPayments(balanceCustomer)).toHaveLength(1);
    expect(await general(balanceCustomer)).toBe(5000 - priceCents);
    expect((await paidUntil(balanceCustomer)).toISOString()).toBe(new Date(Date.parse('2026-12-10T20:00:00.000Z') + CYCLE_MS).toISOString());
    expect(await renewalPayments(closer)).toHaveLength(0);
    expect(await general(closer)).toBe(5000);

    // The renewal is in the bills, in the customer's language the emails were written in.
    const sms = await server.outbox(balanceCustomer.phone);
    expect(sms.map((m) => m.body).join('\n')).toContain('已续费');
  });

  it.each([
    // Spring forward, Sunday March 14, 2027: midnight is still PST (08:00 UTC); 1:00 PST is 09:00 UTC; 2:00 does not exist and reads as 2:00 PST (3:00 PDT, 10:00 UTC).
    ['spring', '2027-03-15T19:00:00.000Z', ['2027-03-14T08:00:00.000Z', '2027-03-14T09:00:00.000Z', '2027-03-14T10:00:00.000Z']],
    // Fall back, Sunday November 7, 2027: midnight is PDT (07:00 UTC); 1:00 is its first occurrence, PDT (08:00 UTC); 2:00 is PST (10:00 UTC).
    ['autumn', '2027-11-08T20:00:00.000Z', ['2027-11-07T07:00:00.000Z', '2027-11-07T08:00:00.000Z', '2027-11-07T10:00:00.000Z']],
  ] as const)('%s daylight-saving change: the card is tried at 0:00, 1:00 and 2:00 Pacific by the wall clock; each try only then', async (_season, expiresAt, tries) => {
    // Balance short and no card: every try fails (120081), so each try shows up as a failed payment attempt.
    const c = await customerWithPlan(expiresAt, { balanceCents: 100 });
    // Five days ahead, at 10:00 Pacific (outside maintenance), the customer opens auto-renewal.
    setClock(new Date(Date.parse(tries[0]) - 5 * DAY_MS + 10 * 3_600_000).toISOString());
    await open(c, 'balance');
    const triesMade = async () => (await server.db.select().from(renewals).where(eq(renewals.lineId, c.lineId)))[0]?.tries ?? 0;
    for (const [i, at] of tries.entries()) {
      setClock(before(at));
      await runJobs();
      expect(await triesMade(), `before try ${i + 1}`).toBe(i);
      setClock(at);
      await runJobs();
      expect(await triesMade(), `at try ${i + 1}`).toBe(i + 1);
    }
    // After the last try of the night the customer is told (email and SMS), in the language they use.
    const sms = await server.outbox(c.phone);
    expect(sms.some((m) => m.body.includes('续费失败'))).toBe(true);
  });

  it('several renewal runs at once (two gateways, a retried job) charge the term once', async () => {
    const c = await customerWithPlan('2028-01-20T20:00:00.000Z', { balanceCents: 10_000, card: true });
    setClock('2028-01-10T18:00:00.000Z');
    await open(c, 'card');
    setClock('2028-01-19T08:00:00.000Z');
    const job = { id: 0, kind: 'plan.renew', dedupeKey: 'test', payload: { lineId: c.lineId, expiresAt: '2028-01-20T20:00:00.000Z' }, attempts: 1 };
    // A second gateway on the same database, as `npm run two-gateways` runs them.
    const second = await startTestServer({ databaseUrl, shareWith: server });
    second.clock.advance(server.clock.now().getTime() - second.clock.now().getTime());
    const runs = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => planJobHandlers['plan.renew']!((i % 2 ? second : server).app.deps, job)));
    await second.close();
    // A run that found another one charging looks again later; none failed.
    expect(runs.filter((r) => r.status === 'rejected')).toEqual([]);
    await runJobs();
    expect(await renewalPayments(c)).toHaveLength(1);
    expect((await paidUntil(c)).toISOString()).toBe(new Date(Date.parse('2028-01-20T20:00:00.000Z') + CYCLE_MS).toISOString());
    expect(await server.db.select().from(planSubscriptions).where(eq(planSubscriptions.lineId, c.lineId))).toHaveLength(2);
    expect(await general(c)).toBe(10_000);
  });

  it('a failed renewal suspends the line at expiry (911 and 611 only); a top-up 31 days later recovers it with the plan and $10', async () => {
    const c = await customerWithPlan('2028-03-10T20:00:00.000Z', { balanceCents: 0 });
    setClock('2028-03-01T18:00:00.000Z');
    await open(c, 'balance');
    setClock('2028-03-10T20:00:00.000Z');
    await runJobs();
    const suspended = await lifecycle(c);
    expect(suspended).toMatchObject({ planState: 'none', serviceState: 'suspended.unpaid' });
    expect(Math.abs(suspended.suspendedAt!.getTime() - Date.parse('2028-03-10T20:00:00.000Z'))).toBeLessThan(AHEAD_MS);
    const [line] = await server.db.select().from(lines).where(eq(lines.id, c.lineId));
    expect(await server.app.deps.network.isBarred(line!.iccid)).toBe(true);
    // What the barred line carries, whatever the hour: calls to 611 and 911 only.
    const hours = Array.from({ length: 400 }, (_, i) => barredUsageHour({ iccid: line!.iccid, hourStart: new Date(Date.UTC(2028, 2, 11) + i * 3_600_000), highSpeedLeftKb: null })).flat();
    expect(hours.length).toBeGreaterThan(0);
    expect(hours.every((r) => r.type === 'voice' && (r.peer === '611' || r.peer === '911'))).toBe(true);
    const email = (await server.outbox(`r${c.phone}@example.com`)).find((m) => m.subject?.includes('停机'));
    expect(email?.body).toContain('911');

    // 31 days later: two 30-day periods have begun, $10 of fee with the plan.
    setClock('2028-04-10T20:00:00.000Z');
    const due = priceCents + 1000;
    // A session of the day (the clock moved years since the customer first logged in).
    c.token = (await passwordLogin(server, c.phone, 'Renew@2468x')).body.data!.access_token;
    const topUp = await call<TopUpData>(server, endpoints.topUpCreate, {
      body: { account: 'general', phone: c.phone, amount: Math.ceil(due / 100) }, headers: { 'Idempotency-Key': newKey(), Language: 'en', ...bearer(c.token) },
    });
    expect(topUp.body.code, JSON.stringify(topUp.body)).toBe('200');
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '91776' });
    const paid = await call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo: topUp.body.data!.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' }, headers: { 'Idempotency-Key': newKey(), Language: 'en', ...bearer(c.token) },
    });
    expect(topUp.body.code, JSON.stringify(topUp.body)).toBe('200');
    expect(paid.body.data?.status).toBe('paid');
    await runJobs();
    const [recovery] = await server.db.select().from(renewals).where(and(eq(renewals.lineId, c.lineId), eq(renewals.kind, 'recovery')));
    expect(recovery).toMatchObject({ status: 'paid', feeCents: 1000, planCents: priceCents });
    expect(await lifecycle(c)).toMatchObject({ planState: 'main.only', serviceState: 'active' });
    expect(await server.app.deps.network.isBarred(line!.iccid)).toBe(false);
    expect(await general(c)).toBe(Math.ceil(due / 100) * 100 - due);
    expect(Math.abs((await paidUntil(c)).getTime() - (Date.parse('2028-04-10T20:00:00.000Z') + CYCLE_MS))).toBeLessThan(AHEAD_MS);
  });

  it('the General balance never goes below zero: the database refuses it, whatever writes', async () => {
    const rows = await server.db.select().from(balances).where(sql`${balances.generalCents} < 0`);
    expect(rows).toEqual([]);
    const [any] = await server.db.select().from(balances).limit(1);
    await expect(server.db.update(balances).set({ generalCents: -1 }).where(eq(balances.customerId, any!.customerId))).rejects.toThrow();
    const ledger = await server.db.select().from(balanceLedger).where(like(balanceLedger.reference, 'payment:%')).orderBy(asc(balanceLedger.id));
    expect(ledger.every((l) => l.deltaCents < 0)).toBe(true);
  });
});
