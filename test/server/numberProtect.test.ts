/**
 * Number keeping on the gateway (issue 16, decision 0035).
 * - The server depth of the `numberProtect` chart: every generated path (test/model, the same paths as the pure depth)
 *   applied with applyProtectEvent on a fresh line's number_keepings row, the chart's named actions replaced by
 *   recorders: after each event the row holds the path's state, a state_history row records it and the actions ran; a
 *   refused event answers protectUnchanged and writes nothing. Coverage is reported as depth 'server'.
 * - End to end through HTTP, on the server's clock: not before the day after the plan expired; $3.00 plus tax a period
 *   from the General account, in bills; kept (the service chart's 90 days stop, the network carries the allowance);
 *   more periods up to 120 days and not one day more; 90007 for add-ons and the dual number while kept; a top-up does
 *   not end keeping; the days run out: suspended 90 days from then, barred, then recycled. An early end takes effect 4-5
 *   hours later and refunds nothing; a recovery ends keeping and charges the fee of the days suspended without it.
 * - Parallel purchases never pass 120 days; every charge is idempotent.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { NumberProtectEvent } from '../../machines/numberProtect.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { LineOffers } from '../../src/contract/business';
import type { BillEntry } from '../../src/contract/money';
import type { PaymentResult } from '../../src/contract/payments';
import type { PlanLife } from '../../src/contract/planLife';
import type { ProtectData, ProtectOrderData } from '../../src/contract/protect';
import { earliestKeepingStart, PROTECT_EARLY_END_MAX_HOURS, PROTECT_EARLY_END_MIN_HOURS } from '../../src/domain/numberKeeping';
import { CYCLE_MS, DAY_MS, pacificWall } from '../../src/domain/planCalendar';
import { newIccid } from '../../src/server/activation/sims';
import {
  balances, customers, lineLifecycles, lines, numberKeepingPeriods, numberKeepings, orders, outboxMessages, payments, planSubscriptions, plans,
  sandboxLineKeepings,
} from '../../src/server/db/schema';
import { applyProtectEvent, type KeepingLine } from '../../src/server/protect';
import { GatewayError } from '../../src/server/http/errors';
import { createSession } from '../../src/server/http/sessions';
import { enqueueJob } from '../../src/server/jobs/queue';
import { runDueJobs } from '../../src/server/jobs/runner';
import { RECOVER_AFTER_TOP_UP_JOB } from '../../src/server/plan';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, randomPhone, type Answer } from './helpers';
import { newKey } from './ordersHelpers';
import { historyOf, newActiveLine, recordersInto, walkDatabases, walkEveryPath } from './lifecycleDepth';

// ---- the server depth -------------------------------------------------------------------------

const ACTIONS = ['startKeeping', 'addPeriods', 'requestEarlyEnd', 'endKeeping', 'returnToService', 'recordRecycled'];

describe.each(walkDatabases())('numberProtect lifecycle on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const newLine = (): Promise<KeepingLine> => newActiveLine(server, 'np');
  const stateOf = async (line: KeepingLine) => (await server.db.select().from(numberKeepings).where(eq(numberKeepings.lineId, line.id)))[0]?.state ?? null;
  const history = (line: KeepingLine) => historyOf(server, 'numberProtect', String(line.id));

  it('every path, on a line\'s number_keepings row', async () => {
    await walkEveryPath({
      server, model: models.numberProtect!, initial: 'notKept', actions: ACTIONS, minPaths: 9,
      create: newLine, load: stateOf, historyRef: (line) => String(line.id),
      apply: (line, event: NumberProtectEvent, actions) => applyProtectEvent(server.app.deps, line, event, actions),
    });
  });

  it('a refused event answers protectUnchanged, runs no action and writes nothing (not even the row a first event creates)', async () => {
    const line = await newLine();
    const ran: string[] = [];
    const actions = recordersInto(ran, ACTIONS);
    const now = server.clock.now().toISOString();
    for (const event of [
      { type: 'protect.requestEnd' }, { type: 'protect.extend', days: 30, keptDays: 0 },
      // A guard that says no is a refusal too: a day too early, a line in service, 150 days.
      { type: 'protect.start', service: 'suspended.unpaid', earliestAt: new Date(Date.parse(now) + DAY_MS).toISOString(), at: now, days: 30 },
      { type: 'protect.start', service: 'active', earliestAt: now, at: now, days: 30 },
      { type: 'protect.start', service: 'suspended.unpaid', earliestAt: now, at: now, days: 150 },
    ] as NumberProtectEvent[]) {
      const refused = await applyProtectEvent(server.app.deps, line, event, actions).catch((e: unknown) => e);
      expect(refused, event.type).toBeInstanceOf(GatewayError);
      expect((refused as GatewayError).code).toBe('protectUnchanged');
    }
    expect(ran).toEqual([]);
    expect(await stateOf(line)).toBeNull();
    expect(await history(line)).toEqual([]);
    // An action that fails rolls the move back with it.
    const failing = { ...actions, startKeeping: async () => { throw new GatewayError('serviceUnchanged'); } };
    const failed = await applyProtectEvent(server.app.deps, line, { type: 'protect.start', service: 'suspended.unpaid', earliestAt: now, at: now, days: 30 }, failing).catch((e: unknown) => e);
    expect((failed as GatewayError).code).toBe('serviceUnchanged');
    expect(await stateOf(line)).toBeNull();
    expect(await history(line)).toEqual([]);
  });
});

// ---- through the gateway ----------------------------------------------------------------------

interface Customer { customerId: number; lineId: number; phone: string; email: string }

function gateway(databaseUrl: string | undefined) {
  const g = {} as {
    server: TestServer; planId: number; planCents: number;
    customer(opts: { expiresAt: Date; balanceCents?: number; billing?: 'CA' | 'none' }): Promise<Customer>;
    auth(c: Customer): Promise<Record<string, string>>;
    view(c: Customer): Promise<ProtectData>;
    create(c: Customer, periods: number, key?: string): Promise<Answer<ProtectOrderData>>;
    pay(c: Customer, orderNo: string, body?: Record<string, unknown>, key?: string): Promise<Answer<PaymentResult>>;
    buy(c: Customer, periods: number): Promise<ProtectOrderData>;
    endEarly(c: Customer, lang?: string): Promise<Answer<ProtectData>>;
    runJobs(): Promise<void>;
    setClock(at: Date): void;
    general(c: Customer): Promise<number>;
    service(c: Customer): Promise<typeof lineLifecycles.$inferSelect>;
    messages(c: Customer, kind: string): Promise<Array<typeof outboxMessages.$inferSelect>>;
    suspendedCustomer(opts?: { balanceCents?: number; billing?: 'CA' | 'none' }): Promise<Customer>;
  };
  beforeAll(async () => {
    g.server = await startTestServer({ databaseUrl });
    const [p] = await g.server.db.select().from(plans).where(eq(plans.slug, '5gb-plan'));
    g.planId = p!.id;
    g.planCents = p!.monthlyPriceCents;
  });
  afterAll(async () => { await g.server?.close(); });

  g.customer = async ({ expiresAt, balanceCents = 10_000, billing = 'CA' }) => {
    const { server } = g;
    const phone = randomPhone();
    const email = `keep${phone}@example.com`;
    const [c] = await server.db.insert(customers).values({
      username: `keep${randomBytes(5).toString('hex')}`, phone, email,
      billingAddress: billing === 'CA' ? { country: 'US', address1: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '90012' } : null,
    }).returning({ id: customers.id });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, msisdn: phone, iccid: newIccid('us'), simType: 'esim', simStatus: 'activated' }).returning({ id: lines.id });
    await server.db.insert(planSubscriptions).values({ lineId: l!.id, planId: g.planId, status: 'main', startsAt: new Date(expiresAt.getTime() - CYCLE_MS), expiresAt });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: balanceCents });
    // The line's lifecycles as its term makes them (a main plan), and the term's cycle end on the clock (also when it
    // is already past: that job is due at once).
    await server.db.insert(lineLifecycles).values({ lineId: l!.id, planState: 'main.only', updatedAt: server.clock.now() });
    await enqueueJob(server.db, { kind: 'plan.cycleEnd', dedupeKey: `plan.cycleEnd:${l!.id}:${expiresAt.toISOString()}`, payload: { lineId: l!.id, at: expiresAt.toISOString() }, runAt: expiresAt });
    return { customerId: c!.id, lineId: l!.id, phone, email };
  };
  // A session of the moment (the clock moves months in these tests; a session lasts 12 hours).
  g.auth = async (c) => bearer((await createSession(g.server.app.deps, c.customerId, 'password')).access_token);
  g.view = async (c) => {
    const answer = await call<ProtectData>(g.server, endpoints.protectInfo, { headers: await g.auth(c) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('200');
    return answer.body.data!;
  };
  g.create = async (c, periods, key = newKey()) => call<ProtectOrderData>(g.server, endpoints.protectCreate, { body: { periods }, headers: { 'Idempotency-Key': key, ...(await g.auth(c)) } });
  g.pay = async (c, orderNo, body = { method: 'account' }, key = newKey()) =>
    call<PaymentResult>(g.server, endpoints.payOrder, { body: { orderNo, ...body }, headers: { 'Idempotency-Key': key, ...(await g.auth(c)) } });
  g.buy = async (c, periods) => {
    const created = await g.create(c, periods);
    expect(created.body.code, JSON.stringify(created.body)).toBe('200');
    const paid = await g.pay(c, created.body.data!.orderNo);
    expect(paid.body.code, JSON.stringify(paid.body)).toBe('200');
    expect(paid.body.data!.status).toBe('paid');
    return created.body.data!;
  };
  g.endEarly = async (c, lang = 'en') => call<ProtectData>(g.server, endpoints.protectEndEarly, { headers: { Language: lang, ...(await g.auth(c)) } });
  g.runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(g.server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('protect.') || f.startsWith('plan.') || f.startsWith('service.')), 'jobs that failed').toEqual([]);
  };
  g.setClock = (at) => {
    const delta = at.getTime() - g.server.clock.now().getTime();
    if (delta < 0) throw new Error(`the clock is already past ${at.toISOString()}`);
    g.server.clock.advance(delta);
  };
  g.general = async (c) => (await g.server.db.select().from(balances).where(eq(balances.customerId, c.customerId)))[0]!.generalCents;
  g.service = async (c) => (await g.server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.lineId)))[0]!;
  g.messages = (c, kind) => g.server.db.select().from(outboxMessages)
    .where(and(inArray(outboxMessages.to, [c.phone, c.email]), sql`${outboxMessages.meta}->>'kind' = ${kind}`)).orderBy(asc(outboxMessages.id));
  /** A customer whose plan expired two days ago: suspended unpaid, keeping can start now. */
  g.suspendedCustomer = async (opts = {}) => {
    const c = await g.customer({ expiresAt: new Date(g.server.clock.now().getTime() - 2 * DAY_MS), ...opts });
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('suspended.unpaid');
    return c;
  };
  return g;
}

const pacificMonth = (at: Date) => { const w = pacificWall(at); return `${w.year}-${String(w.month).padStart(2, '0')}`; };

describe.each(testDatabases())('number keeping through the gateway (%s)', (_name, databaseUrl) => {
  const g = gateway(databaseUrl);

  it('from the day after expiry, $3.00 plus tax a period; up to 120 days; 90007 while kept; then suspended 90 days and recycled', async () => {
    const { server } = g;
    const expiresAt = new Date(server.clock.now().getTime() + 3_600_000);
    const c = await g.customer({ expiresAt });
    const earliest = earliestKeepingStart(expiresAt);
    expect(pacificWall(earliest)).toMatchObject({ hour: 0, minute: 0 });

    // The plan still runs: not yet, and the page says from when.
    const early = await g.view(c);
    expect(early).toMatchObject({ state: 'notKept', service: 'active', canBuy: false, refusal: 'protectNotYet', earliestAt: earliest.toISOString(), planExpiresAt: expiresAt.toISOString(), daysLeft: 120, periodsLeft: 4, taxRateBps: 725, priceCents: 300 });
    const tooEarly = await g.create(c, 1);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toMatchObject({ code: 'protectNotYet', data: { earliestAt: earliest.toISOString() } });

    // Expired unpaid: suspended, but keeping waits for the next Pacific day.
    g.setClock(expiresAt);
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('suspended.unpaid');
    if (earliest.getTime() - server.clock.now().getTime() > 10_000) {
      g.setClock(new Date(earliest.getTime() - 5_000));
      expect((await g.create(c, 1)).body.code).toBe('protectNotYet');
    }
    g.setClock(earliest);
    const ready = await g.view(c);
    expect(ready).toMatchObject({ state: 'notKept', service: 'suspended.unpaid', canBuy: true, refusal: null, planExpiredAt: expiresAt.toISOString() });

    // One period from the General account: $3.00 + CA 7.25% = $3.22.
    const order = await g.buy(c, 1);
    expect(order).toMatchObject({ periods: 1, days: 30, subtotalCents: 300, taxCents: 22, amountCents: 322, extended: false });
    expect(await g.general(c)).toBe(10_000 - 322);
    const kept = await g.view(c);
    const keptFrom = new Date(kept.keptFrom!);
    expect(kept).toMatchObject({ state: 'kept', service: 'suspended.kept', keptDays: 30, daysLeft: 90, periodsLeft: 3, canBuy: true });
    expect(new Date(kept.keptUntil!).getTime() - keptFrom.getTime()).toBe(30 * DAY_MS);
    expect(kept.periods).toEqual([expect.objectContaining({ orderNo: order.orderNo, days: 30, amountCents: 322, startsAt: kept.keptFrom, endsAt: kept.keptUntil })]);
    const detail = await call<ProtectOrderData>(server, endpoints.protectDetail, { body: { orderNo: order.orderNo }, headers: await g.auth(c) });
    expect(detail.body.data).toMatchObject({ status: 'paid', startsAt: kept.keptFrom, endsAt: kept.keptUntil, extended: false });
    // In bills, with its tax.
    const bill = await call<{ entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month: pacificMonth(server.clock.now()) }, headers: await g.auth(c) });
    expect(bill.body.data!.entries.filter((e) => e.kind === 'protect')).toEqual([expect.objectContaining({ totalCents: 322, taxCents: 22, amountCents: 300, label: 'Number keeping', orderNo: order.orderNo })]);
    // The network keeps the number with its allowance; the customer is told by SMS and email.
    await g.runJobs();
    const [atNetwork] = await server.db.select().from(sandboxLineKeepings).innerJoin(lines, eq(lines.iccid, sandboxLineKeepings.iccid)).where(eq(lines.id, c.lineId));
    expect(atNetwork!.sandbox_line_keepings).toMatchObject({ kept: true, voiceSeconds: 1800, texts: 100 });
    expect((await g.messages(c, 'protect.started')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    // 90007 while kept: no add-on, roaming pack or plan change; no dual number.
    for (const kind of ['addOn', 'roaming', 'planChange']) {
      const offers = await call<LineOffers>(server, endpoints.lineOrderOffers, { body: { kind }, headers: await g.auth(c) });
      expect(offers.body.data!.refusal, kind).toBe('90007');
    }
    const dual = await call(server, endpoints.dualNumberApply, { headers: await g.auth(c) });
    expect(dual.body.code).toBe('90007');
    // A top-up does not end keeping (the recovery after a top-up is for unpaid lines only).
    await enqueueJob(server.db, { kind: RECOVER_AFTER_TOP_UP_JOB, dedupeKey: `${RECOVER_AFTER_TOP_UP_JOB}:${c.customerId}:test`, payload: { customerId: c.customerId }, runAt: server.clock.now() });
    await g.runJobs();
    expect((await g.view(c)).state).toBe('kept');
    // While kept, the service chart's 90 days do not run: the removal job of the suspension does nothing.
    g.setClock(new Date(keptFrom.getTime() + 10 * DAY_MS));
    await g.runJobs();
    // The network carries calls and texts within the period's 30 minutes and 100 texts, and no data; an hour read twice
    // answers the same records.
    const keptIccid = (await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!.iccid;
    const firstHour = new Date(Math.ceil(keptFrom.getTime() / 3_600_000) * 3_600_000);
    let voiceSeconds = 0;
    let texts = 0;
    for (let h = firstHour.getTime(); h + 3_600_000 <= server.clock.now().getTime(); h += 3_600_000) {
      const hour = await server.app.deps.network.usageHour({ iccid: keptIccid, hourStart: new Date(h), highSpeedLeftKb: null });
      expect(hour.filter((r) => r.type === 'data')).toEqual([]);
      voiceSeconds += hour.filter((r) => r.type === 'voice').reduce((sum, r) => sum + r.durationSec, 0);
      texts += hour.filter((r) => r.type === 'sms').length;
    }
    expect(voiceSeconds).toBe(30 * 60);
    expect(texts).toBeGreaterThan(0);
    expect(texts).toBeLessThanOrEqual(100);
    expect(await server.app.deps.network.usageHour({ iccid: keptIccid, hourStart: new Date(firstHour.getTime() + 12 * 3_600_000), highSpeedLeftKb: null }))
      .toEqual(await server.app.deps.network.usageHour({ iccid: keptIccid, hourStart: new Date(firstHour.getTime() + 12 * 3_600_000), highSpeedLeftKb: null }));

    // Three more periods: 120 days in all, after those bought; not one day more.
    const more = await g.buy(c, 3);
    expect(more).toMatchObject({ extended: true, amountCents: 900 + 65 });
    const full = await g.view(c);
    expect(full).toMatchObject({ keptDays: 120, daysLeft: 0, periodsLeft: 0, canBuy: false, refusal: 'protectLimit' });
    expect(new Date(full.keptUntil!).getTime() - keptFrom.getTime()).toBe(120 * DAY_MS);
    expect(full.periods.map((p) => p.days)).toEqual([30, 90]);
    expect(full.periods[1]!.startsAt).toBe(kept.keptUntil);
    const over = await g.create(c, 1);
    expect(over.body).toMatchObject({ code: 'protectLimit', data: { daysLeft: 0 } });

    // The days run out: not a moment before.
    const keptUntil = new Date(full.keptUntil!);
    g.setClock(new Date(keptUntil.getTime() - 5_000));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('kept');
    g.setClock(keptUntil);
    await g.runJobs();
    const ended = await g.view(c);
    const lc = await g.service(c);
    expect(ended).toMatchObject({ state: 'ended', service: 'suspended.unpaid', canBuy: false, refusal: 'protectEnded' });
    // "Number kept 90 days suspended": the 90 days from the end of keeping, barred (911 and 611 only).
    expect(lc.suspendedAt!.getTime()).toBeGreaterThanOrEqual(keptUntil.getTime());
    expect(new Date(ended.recycleAt!).getTime()).toBe(lc.suspendedAt!.getTime() + 90 * DAY_MS);
    const iccid = (await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!.iccid;
    expect(await server.app.deps.network.isBarred(iccid)).toBe(true);
    expect((await server.db.select().from(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, iccid)))[0]!.kept).toBe(false);
    expect((await g.messages(c, 'protect.ended')).length).toBe(2);
    expect((await g.create(c, 1)).body.code).toBe('protectEnded');

    // Then recycled: the service chart removes the number 90 days after keeping ended, and keeping follows.
    g.setClock(new Date(ended.recycleAt!));
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('numberRemoved');
    const [row] = await server.db.select().from(numberKeepings).where(eq(numberKeepings.lineId, c.lineId));
    expect(row).toMatchObject({ state: 'recycled' });
    expect((await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!.msisdn).toBeNull();
    // Everything was charged once: two orders, two payments.
    const charged = await server.db.select().from(payments).where(and(eq(payments.customerId, c.customerId), eq(payments.status, 'succeeded')));
    expect(charged.map((p) => p.amountCents).sort()).toEqual([322, 965]);
  });

  it('the 90 days count from the end of keeping: the suspension\'s own removal passes by, the number stays until 90 days after the end', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer();
    const suspendedAt = (await g.service(c)).suspendedAt!;
    await g.buy(c, 1);
    const keptUntil = new Date((await g.view(c)).keptUntil!);
    g.setClock(keptUntil);
    await g.runJobs();
    const ended = await g.view(c);
    expect(ended.state).toBe('ended');
    // 90 days after the suspension began (the first removal's moment): the number is still the line's.
    g.setClock(new Date(suspendedAt.getTime() + 90 * DAY_MS + 60_000));
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('suspended.unpaid');
    expect((await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!.msisdn).toBe(c.phone);
    expect((await g.view(c)).state).toBe('ended');
    // 90 days after keeping ended, it is recycled.
    g.setClock(new Date(ended.recycleAt!));
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('numberRemoved');
    expect((await server.db.select().from(numberKeepings).where(eq(numberKeepings.lineId, c.lineId)))[0]!.state).toBe('recycled');
  });

  it('an early end takes effect 4-5 hours later and refunds nothing; asked twice, the same answer', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer({ billing: 'none' });
    const order = await g.buy(c, 2);
    // No US address on the account or the line: no tax.
    expect(order).toMatchObject({ amountCents: 600, taxCents: 0 });
    const asked = server.clock.now();
    const first = await g.endEarly(c, 'zh-Hans');
    expect(first.body.code, JSON.stringify(first.body)).toBe('200');
    const ending = first.body.data!;
    expect(ending.state).toBe('endingEarly');
    const endsAt = new Date(ending.endsAt!);
    expect(endsAt.getTime() - asked.getTime()).toBeGreaterThanOrEqual(PROTECT_EARLY_END_MIN_HOURS * 3_600_000 - 1_000);
    expect(endsAt.getTime() - asked.getTime()).toBeLessThanOrEqual(PROTECT_EARLY_END_MAX_HOURS * 3_600_000 + 1_000);
    const again = await g.endEarly(c);
    expect(again.body.data).toMatchObject({ state: 'endingEarly', endsAt: ending.endsAt, endRequestedAt: ending.endRequestedAt });
    // Ending: still kept until then; no more periods.
    expect((await g.create(c, 1)).body.code).toBe('protectEnded');
    await g.runJobs();
    expect((await g.messages(c, 'protect.ending')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = (await g.messages(c, 'protect.ending')).find((m) => m.channel === 'sms')!;
    expect(sms.lang).toBe('zh-Hans');
    g.setClock(new Date(endsAt.getTime() - 5_000));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('endingEarly');
    expect((await g.service(c)).serviceState).toBe('suspended.kept');
    g.setClock(endsAt);
    await g.runJobs();
    const ended = await g.view(c);
    expect(ended).toMatchObject({ state: 'ended', service: 'suspended.unpaid', endRequestedAt: ending.endRequestedAt });
    // No refund: the balance paid for 60 days stays paid.
    expect(await g.general(c)).toBe(10_000 - 600);
    expect(await server.db.select().from(payments).where(eq(payments.customerId, c.customerId))).toHaveLength(1);
    // The page's "until" stays what was bought; the end is the early one.
    expect(new Date(ended.endedAt!).getTime()).toBeGreaterThanOrEqual(endsAt.getTime());
    expect(new Date(ended.recycleAt!).getTime() - new Date(ended.endedAt!).getTime()).toBeLessThan(90 * DAY_MS + 60_000);

    // The plan paid within the 90 days brings the number back: the fee of the days suspended without keeping (before
    // it began: $5, and since it ended: $5), keeping closed for good.
    const life = await call<PlanLife>(server, endpoints.planLife, { headers: await g.auth(c) });
    expect(life.body.data!.service).toMatchObject({ state: 'suspended.unpaid', feeCents: 1000, toPayCents: g.planCents + 1000 });
    const recovered = await call<PlanLife>(server, endpoints.serviceRecover, { body: { method: 'balance' }, headers: await g.auth(c) });
    expect(recovered.body.code, JSON.stringify(recovered.body)).toBe('200');
    await g.runJobs();
    expect((await g.service(c)).serviceState).toBe('active');
    expect(await g.general(c)).toBe(10_000 - 600 - g.planCents - 1000);
    expect(await g.view(c)).toMatchObject({ state: 'notKept', service: 'active', refusal: 'protectNotYet' });
  });

  it('a recovery while kept ends keeping at once (nothing refunded) and charges the fee of the days before keeping only', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer();
    await g.buy(c, 1);
    g.setClock(new Date(server.clock.now().getTime() + 20 * DAY_MS));
    const life = await call<PlanLife>(server, endpoints.planLife, { headers: await g.auth(c) });
    // Kept 20 days: no days to pay run, and the fee is the $5 of the two days suspended before keeping.
    expect(life.body.data!.service).toMatchObject({ state: 'suspended.kept', feeCents: 500, toPayCents: g.planCents + 500, payBy: null });
    const recovered = await call<PlanLife>(server, endpoints.serviceRecover, { body: { method: 'balance' }, headers: await g.auth(c) });
    expect(recovered.body.code, JSON.stringify(recovered.body)).toBe('200');
    expect(recovered.body.data!.service.state).toBe('active');
    const after = await g.view(c);
    expect(after).toMatchObject({ state: 'notKept', service: 'active' });
    expect(await g.general(c)).toBe(10_000 - 322 - g.planCents - 500);
    // The old period's end does nothing now; the network stops keeping the number and lifts the bar.
    await g.runJobs();
    const iccid = (await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!.iccid;
    expect(await server.app.deps.network.isBarred(iccid)).toBe(false);
    expect((await server.db.select().from(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, iccid)))[0]!.kept).toBe(false);
    g.setClock(new Date(server.clock.now().getTime() + 11 * DAY_MS));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('notKept');
    // 90007 no more: add-ons are open again.
    const offers = await call<LineOffers>(server, endpoints.lineOrderOffers, { body: { kind: 'addOn' }, headers: await g.auth(c) });
    expect(offers.body.data!.refusal).toBeNull();
  });

  it('parallel purchases never pass 120 days: from 30 days kept, four periods paid at once: three kept, one refused, charged three times', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer();
    await g.buy(c, 1);
    const created = await Promise.all(Array.from({ length: 4 }, () => g.create(c, 1)));
    expect(created.map((r) => r.body.code)).toEqual(['200', '200', '200', '200']);
    const paid = await Promise.all(created.map((r) => g.pay(c, r.body.data!.orderNo)));
    expect(paid.map((r) => (r.body.code === '200' ? r.body.data!.status : r.body.code)).sort()).toEqual(['paid', 'paid', 'paid', 'protectLimit']);
    const view = await g.view(c);
    expect(view).toMatchObject({ keptDays: 120, periodsLeft: 0 });
    expect(await server.db.select().from(numberKeepingPeriods).where(eq(numberKeepingPeriods.lineId, c.lineId))).toHaveLength(4);
    expect(await g.general(c)).toBe(10_000 - 4 * 322);
    const [row] = await server.db.select().from(numberKeepings).where(eq(numberKeepings.lineId, c.lineId));
    expect(new Date(row!.keptUntil!).getTime() - row!.keptFrom!.getTime()).toBe(120 * DAY_MS);
  });

  it('cards at once: two starts become one keeping of 60 days; of two card payments that would pass 120 days, one is refused before any charge', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer();
    const created = await Promise.all([g.create(c, 1), g.create(c, 1)]);
    const tokens = await Promise.all(created.map(() => tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' })));
    const paid = await Promise.all(created.map((r, i) => g.pay(c, r.body.data!.orderNo, { method: 'bank_card', sourceId: tokens[i], cardholderName: 'Mei Chen' })));
    expect(paid.map((r) => r.body.data?.status ?? r.body.code)).toEqual(['paid', 'paid']);
    const view = await g.view(c);
    expect(view).toMatchObject({ state: 'kept', keptDays: 60 });
    expect(view.periods.map((p) => p.days)).toEqual([30, 30]);
    expect(view.periods[1]!.startsAt).toBe(view.periods[0]!.endsAt);
    // 60 days left: two orders of 60 days paid by card at once: a card attempt holds its days while it runs, so the
    // second is refused when its payment starts, never sent to the card.
    const more = await Promise.all([g.create(c, 2), g.create(c, 2)]);
    const cards = await Promise.all(more.map(() => tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' })));
    const both = await Promise.all(more.map((r, i) => g.pay(c, r.body.data!.orderNo, { method: 'bank_card', sourceId: cards[i], cardholderName: 'Mei Chen' })));
    expect(both.map((r) => r.body.data?.status ?? r.body.code).sort()).toEqual(['paid', 'protectLimit']);
    const refused = more[both.findIndex((r) => r.body.code === 'protectLimit')]!.body.data!.orderNo;
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, refused))).toHaveLength(0);
    expect(await g.view(c)).toMatchObject({ keptDays: 120, periodsLeft: 0 });
  });

  it('idempotent: the same key answers the same order (another body 120086); a replayed payment charges once', async () => {
    const { server } = g;
    const c = await g.suspendedCustomer();
    const key = newKey();
    const first = await g.create(c, 2, key);
    expect((await g.create(c, 2, key)).body.data!.orderNo).toBe(first.body.data!.orderNo);
    expect((await g.create(c, 3, key)).body.code).toBe('120086');
    const payKey = newKey();
    const paid = await g.pay(c, first.body.data!.orderNo, { method: 'account' }, payKey);
    expect(paid.body.data).toMatchObject({ status: 'paid', amountCents: 644 });
    expect((await g.pay(c, first.body.data!.orderNo, { method: 'account' }, payKey)).body).toEqual(paid.body);
    expect((await g.pay(c, first.body.data!.orderNo, { method: 'account' })).body.code).toBe('resubmit');
    expect(await g.general(c)).toBe(10_000 - 644);
    expect(await server.db.select().from(numberKeepingPeriods).where(eq(numberKeepingPeriods.lineId, c.lineId))).toHaveLength(1);
    // Someone else's order is no record; bad input is told in the customer's language.
    const other = await g.suspendedCustomer();
    const foreign = await call(server, endpoints.protectDetail, { body: { orderNo: first.body.data!.orderNo }, headers: await g.auth(other) });
    expect(foreign.body.code).toBe('noRecord');
    const bad = await call(server, endpoints.protectCreate, { body: { periods: 5 }, headers: { 'Idempotency-Key': newKey(), Language: 'zh-Hant', ...(await g.auth(c)) } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
    expect(bad.body.message).toMatch(/[\u4e00-\u9fff]/);
    // A line in service, never expired: not yet; an account without a US line: noUsLine.
    const orders0 = await server.db.select().from(orders).where(eq(orders.customerId, other.customerId));
    expect(orders0).toEqual([]);
  });
});
