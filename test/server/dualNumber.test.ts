/**
 * The US-China dual number on the gateway (issue 16).
 * - The server depth of the `dualNumber` chart: every generated path (test/model, the same paths as the pure depth)
 *   applied with applyDualEvent on a fresh line's dual_numbers row, the chart's named actions replaced by recorders:
 *   after each event the row holds the path's state, a state_history row records it and the actions ran; a refused
 *   event answers dualUnchanged and writes nothing. Coverage is reported as depth 'server'.
 * - End to end through HTTP: apply, photos, the form, a reviewer's approval in the staff console, opened on the
 *   network with the first month free; $1.99 a month from the General account on the clock, in bills; paused when it
 *   cannot be paid, resumed by a top-up with a full month; closed at the end of the paid period, reopened with the same
 *   China number within 3 months, released after them. A failed review, cancelled after its deadline; 120074 and 120073.
 * - Two requests at once: one application, one decision, one charge.
 * - Decision 0002: an account without a US line of its own is refused (noUsLine).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DualNumberEvent } from '../../machines/dualNumber.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { DualNumberData, UploadedImage } from '../../src/contract/dualNumber';
import type { TopUpData } from '../../src/contract/money';
import type { PaymentResult } from '../../src/contract/payments';
import { addMonths, DUAL_PRICE_CENTS } from '../../src/domain/dualNumber';
import { DAY_MS } from '../../src/domain/planCalendar';
import { isWorkingDay, pacificDate, workingDaysBetween } from '../../src/domain/workingDays';
import { pacificWall } from '../../src/domain/planCalendar';
import { newIccid } from '../../src/server/activation/sims';
import { chinaNumberAt, DEFAULT_CHINA_NUMBER_POOL } from '../../src/server/adapters/networkSandbox';
import {
  balanceLedger, balances, customers, dualNumbers, idImages, jobs, lines, outboxMessages, payments, planSubscriptions, plans,
  realNameApplications, sandboxChinaNumbers, staffAudit, stateHistory,
} from '../../src/server/db/schema';
import { applyDualEvent, DUAL_JOB, dualJob, dualJobHandlers, type DualLine } from '../../src/server/dual';
import { enqueueJob } from '../../src/server/jobs/queue';
import { GatewayError } from '../../src/server/http/errors';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, randomPhone, type Answer } from './helpers';
import { newKey } from './ordersHelpers';
import { historyOf, newActiveLine, recordersInto, walkDatabases, walkEveryPath } from './lifecycleDepth';

// ---- the server depth -------------------------------------------------------------------------

const ACTIONS = [
  'holdChinaNumber', 'dropApplication', 'recordApplication', 'remindReviewers', 'recordApproval', 'recordRejection', 'requestOpening',
  'recordOpenFailure', 'startPeriod', 'chargeMonth', 'pauseNumber', 'recordCloseRequest', 'cancelCloseRequest', 'closeNumber', 'releaseChinaNumber',
];

describe.each(walkDatabases())('dualNumber lifecycle on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const newLine = (): Promise<DualLine> => newActiveLine(server, 'dn');
  const stateOf = async (line: DualLine) => (await server.db.select().from(dualNumbers).where(eq(dualNumbers.lineId, line.id)))[0]?.state ?? null;
  const history = (line: DualLine) => historyOf(server, 'dualNumber', String(line.id));

  it('every path, on a line\'s dual_numbers row', async () => {
    await walkEveryPath({
      server, model: models.dualNumber!, initial: 'notOpened', actions: ACTIONS, minPaths: 11,
      create: newLine, load: stateOf, historyRef: (line) => String(line.id),
      apply: (line, event: DualNumberEvent, actions) => applyDualEvent(server.app.deps, line, event, actions),
    });
  });

  it('a refused event answers dualUnchanged, runs no action and writes nothing (not even the row a first event creates)', async () => {
    const line = await newLine();
    const ran: string[] = [];
    const actions = recordersInto(ran, ACTIONS);
    for (const event of [{ type: 'dual.approve', staff: 'x' }, { type: 'dual.close' }, { type: 'dual.resume', hasMainPlan: true, balanceCents: 10_000 }] as DualNumberEvent[]) {
      const refused = await applyDualEvent(server.app.deps, line, event, actions).catch((e: unknown) => e);
      expect(refused, event.type).toBeInstanceOf(GatewayError);
      expect((refused as GatewayError).code).toBe('dualUnchanged');
    }
    expect(await stateOf(line)).toBeNull();
    expect(await history(line)).toEqual([]);
    // A guard that says no is a refusal too: a month that cannot be paid does not reopen a closed number.
    for (const event of [{ type: 'dual.apply' }, { type: 'dual.submitRealName' }, { type: 'dual.approve', staff: 's' }, { type: 'dual.networkOpened' }, { type: 'dual.close' }, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 0 }] as DualNumberEvent[]) {
      await applyDualEvent(server.app.deps, line, event, actions);
    }
    expect(await stateOf(line)).toBe('closed.numberKept');
    ran.length = 0;
    const short = await applyDualEvent(server.app.deps, line, { type: 'dual.reopen', hasMainPlan: true, balanceCents: DUAL_PRICE_CENTS - 1 }, actions).catch((e: unknown) => e);
    expect((short as GatewayError).code).toBe('dualUnchanged');
    expect(ran).toEqual([]);
    expect(await stateOf(line)).toBe('closed.numberKept');
    expect((await history(line)).length).toBe(6);
    // An action that fails rolls the move back with it.
    const failing = { ...actions, chargeMonth: async () => { throw new GatewayError('120081'); } };
    const failed = await applyDualEvent(server.app.deps, line, { type: 'dual.reopen', hasMainPlan: true, balanceCents: DUAL_PRICE_CENTS }, failing).catch((e: unknown) => e);
    expect((failed as GatewayError).code).toBe('120081');
    expect(await stateOf(line)).toBe('closed.numberKept');
    expect((await history(line)).length).toBe(6);
  });
});

// ---- through the gateway ----------------------------------------------------------------------

interface Customer { customerId: number; lineId: number; phone: string; email: string }

const FORM = { nationality: 'us', idType: 'passport', idName: 'Mei Chen', idNumber: 'X12345678', issuePlace: 'Los Angeles', address: '1 Main Street, Los Angeles' } as const;
const photo = (seed: number) => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: seed % 255, g: 90, b: 160 } } }).jpeg({ quality: 80 }).toBuffer();

/** One gateway per describe, with the helpers every test below uses. */
function gateway(databaseUrl: string | undefined) {
  const g = {} as {
    server: TestServer; planId: number;
    customer(opts?: { balanceCents?: number; plan?: boolean; phone?: string; lineKind?: 'us' | 'global' | 'none' }): Promise<Customer>;
    auth(c: Customer): Promise<Record<string, string>>;
    view(c: Customer): Promise<DualNumberData>;
    apply(c: Customer): Promise<Answer<DualNumberData>>;
    uploadThree(c: Customer): Promise<Record<'handheld' | 'front' | 'back', string>>;
    submit(c: Customer, photos: Record<string, string>): Promise<Answer<DualNumberData>>;
    act(c: Customer, action: string): Promise<Answer<DualNumberData>>;
    staff(email?: string): Promise<Record<string, string>>;
    applicationOf(c: Customer): Promise<typeof realNameApplications.$inferSelect>;
    runJobs(): Promise<void>;
    setClock(at: Date): void;
    dualPayments(c: Customer): Promise<Array<typeof payments.$inferSelect>>;
    general(c: Customer): Promise<number>;
    messages(c: Customer, kind: string): Promise<Array<typeof outboxMessages.$inferSelect>>;
  };
  beforeAll(async () => {
    g.server = await startTestServer({ databaseUrl });
    await seedSandboxStaff(g.server.db);
    g.planId = (await g.server.db.select().from(plans).where(eq(plans.slug, '5gb-plan')))[0]!.id;
  });
  afterAll(async () => { await g.server?.close(); });

  g.customer = async ({ balanceCents = 10_000, plan = true, phone, lineKind = 'us' } = {}) => {
    const { server } = g;
    const msisdn = phone ?? randomPhone();
    const email = `dual${msisdn}@example.com`;
    const [c] = await server.db.insert(customers).values({ username: `dual${randomBytes(5).toString('hex')}`, phone: msisdn, email }).returning({ id: customers.id });
    let lineId = 0;
    if (lineKind !== 'none') {
      const [l] = await server.db.insert(lines).values({
        customerId: c!.id, kind: lineKind, msisdn: lineKind === 'us' ? msisdn : null, iccid: newIccid(lineKind), simType: 'esim', simStatus: 'activated',
      }).returning({ id: lines.id });
      lineId = l!.id;
      const now = server.clock.now();
      if (plan && lineKind === 'us') await server.db.insert(planSubscriptions).values({ lineId, planId: g.planId, status: 'main', startsAt: new Date(now.getTime() - DAY_MS), expiresAt: new Date(now.getTime() + 800 * DAY_MS) });
    }
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: balanceCents });
    return { customerId: c!.id, lineId, phone: msisdn, email };
  };
  // A session of the moment (the clock moves months in these tests; a session lasts 12 hours).
  g.auth = async (c) => bearer((await createSession(g.server.app.deps, c.customerId, 'password')).access_token);
  g.view = async (c) => {
    const answer = await call<DualNumberData>(g.server, endpoints.dualNumberInfo, { headers: await g.auth(c) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('200');
    return answer.body.data!;
  };
  g.apply = async (c) => call<DualNumberData>(g.server, endpoints.dualNumberApply, { headers: await g.auth(c) });
  g.uploadThree = async (c) => {
    const refs: Record<string, string> = {};
    for (const [i, slot] of (['handheld', 'front', 'back'] as const).entries()) {
      const res = await fetch(new URL(`${endpoints.dualNumberUpload.path}?slot=${slot}`, g.server.url), {
        method: 'POST', headers: { ...(await g.auth(c)), 'content-type': 'image/jpeg' }, body: await photo(c.customerId * 3 + i),
      });
      const body = (await res.json()) as Answer<UploadedImage>['body'];
      expect(body.code, JSON.stringify(body)).toBe('200');
      refs[slot] = body.data!.ref;
    }
    return refs as Record<'handheld' | 'front' | 'back', string>;
  };
  g.submit = async (c, photos) => call<DualNumberData>(g.server, endpoints.dualNumberSubmit, { body: { ...FORM, photos }, headers: await g.auth(c) });
  g.act = async (c, action) => call<DualNumberData>(g.server, endpoints.dualNumberAction, { body: { action }, headers: await g.auth(c) });
  g.staff = async (email = SANDBOX_STAFF[0].email) => {
    const password = SANDBOX_STAFF.find((s) => s.email === email)!.password;
    const login = await call(g.server, endpoints.staffLogin, { body: { email, password } });
    expect(login.body.code, JSON.stringify(login.body)).toBe('200');
    const token = /Staff-Token=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    return bearer(token!);
  };
  g.applicationOf = async (c) => (await g.server.db.select().from(realNameApplications).where(eq(realNameApplications.lineId, c.lineId)).orderBy(asc(realNameApplications.id))).at(-1)!;
  g.runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(g.server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('dual.')), 'dual jobs that failed').toEqual([]);
  };
  g.setClock = (at) => {
    const delta = at.getTime() - g.server.clock.now().getTime();
    if (delta < 0) throw new Error(`the clock is already past ${at.toISOString()}`);
    g.server.clock.advance(delta);
  };
  g.dualPayments = (c) => g.server.db.select().from(payments).where(and(eq(payments.customerId, c.customerId), eq(payments.payableKind, 'dualNumber'))).orderBy(asc(payments.id));
  g.general = async (c) => (await g.server.db.select().from(balances).where(eq(balances.customerId, c.customerId)))[0]!.generalCents;
  g.messages = (c, kind) => g.server.db.select().from(outboxMessages)
    .where(and(inArray(outboxMessages.to, [c.phone, c.email]), sql`${outboxMessages.meta}->>'kind' = ${kind}`)).orderBy(asc(outboxMessages.id));
  return g;
}

const pacificMonth = (at: Date) => { const w = pacificWall(at); return `${w.year}-${String(w.month).padStart(2, '0')}`; };

describe.each(testDatabases())('a dual number\'s life through the gateway (%s)', (_name, databaseUrl) => {
  const g = gateway(databaseUrl);

  it('apply, photos, form, a reviewer approves, opened free; $1.99 a month; paused; a top-up resumes it; closed, reopened, released', async () => {
    const { server } = g;
    const c = await g.customer({ balanceCents: 300 });
    const fresh = await g.view(c);
    expect(fresh).toMatchObject({ state: 'notOpened', usNumber: c.phone, chinaNumber: null, priceCents: 199, freeMonthAvailable: true, hasMainPlan: true, generalBalanceCents: 300, application: null });

    const applied = await g.apply(c);
    expect(applied.body.code, JSON.stringify(applied.body)).toBe('200');
    const china = applied.body.data!.chinaNumber!;
    expect(applied.body.data).toMatchObject({ state: 'realNameNeeded' });
    expect(china).toMatch(/^170\d{8}$/);
    expect(await server.app.deps.network.chinaNumberState(china)).toEqual({ lineRef: `line:${c.lineId}`, state: 'held' });

    const photos = await g.uploadThree(c);
    const submitted = await g.submit(c, photos);
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe('200');
    const app = submitted.body.data!.application!;
    expect(submitted.body.data!.state).toBe('underReview');
    expect(app).toMatchObject({ status: 'underReview', idType: 'passport', nationality: 'US', idName: 'Mei Chen', idNumberHint: '5678', reason: null });
    // "About 3 working days": due when the third US working day after the day of sending ends (a Pacific midnight).
    const due = new Date(app.reviewDueAt);
    const lastDay = new Date(due.getTime() - 1);
    expect(pacificWall(due)).toMatchObject({ hour: 0, minute: 0 });
    expect(isWorkingDay(pacificDate(lastDay))).toBe(true);
    expect(workingDaysBetween(new Date(app.submittedAt), lastDay)).toBe(3);
    expect(JSON.stringify(submitted.body.data)).not.toContain('X12345678');

    // A reviewer approves in the staff console.
    const staff = await g.staff();
    const queue = await call<{ reviews: Array<{ id: number; usNumber: string }> }>(server, endpoints.staffReviews, { query: { status: 'waiting' }, headers: staff });
    const mine = queue.body.data!.reviews.find((r) => r.usNumber === c.phone)!;
    expect(mine.id).toBe((await g.applicationOf(c)).id);
    const approved = await call(server, endpoints.staffDecide, { body: { id: mine.id, decision: 'approve' }, headers: staff });
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: '200', data: { status: 'approved', decidedBy: SANDBOX_STAFF[0].email } });
    expect((await g.view(c)).state).toBe('opening');

    await g.runJobs();
    const opened = await g.view(c);
    expect(opened).toMatchObject({ state: 'opened', chinaNumber: china, freeMonthAvailable: false, generalBalanceCents: 300 });
    expect(await server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'open' });
    // "First month free": nothing charged; the customer is told by SMS and email, with the China number.
    expect(await g.dualPayments(c)).toEqual([]);
    const told = await g.messages(c, 'dual.opened');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'sms')!.body).toContain(china.slice(7));
    const firstEnd = new Date(opened.periodEndsAt!);
    const [row] = await server.db.select().from(dualNumbers).where(eq(dualNumbers.lineId, c.lineId));
    expect(firstEnd.getTime() - row!.openedAt!.getTime()).toBe(30 * DAY_MS);

    // 30 days on: the month is due; $1.99 from the General account, in bills.
    g.setClock(new Date(firstEnd.getTime() - 60_000));
    await g.runJobs();
    expect(await g.dualPayments(c)).toEqual([]);
    g.setClock(firstEnd);
    await g.runJobs();
    const charged = await g.view(c);
    expect(charged).toMatchObject({ state: 'opened', generalBalanceCents: 101 });
    expect(charged.periodEndsAt).toBe(new Date(firstEnd.getTime() + 30 * DAY_MS).toISOString());
    const [paid] = await g.dualPayments(c);
    expect(paid).toMatchObject({ amountCents: 199, status: 'succeeded', method: 'account', provider: 'balance' });
    const debits = await server.db.select().from(balanceLedger).where(and(eq(balanceLedger.customerId, c.customerId), like(balanceLedger.reference, 'dual:%')));
    expect(debits.map((d) => d.deltaCents)).toEqual([-199]);
    const bill = await call<{ entries: Array<{ kind: string; totalCents: number; label: string }> }>(server, endpoints.billDetail, { body: { month: pacificMonth(paid!.updatedAt) }, headers: await g.auth(c) });
    expect(bill.body.data!.entries.filter((e) => e.kind === 'dualNumber')).toEqual([expect.objectContaining({ totalCents: 199, label: 'US-China dual number' })]);

    // The next month with $1.01 left: paused, at the network too, and the customer told why.
    const secondEnd = new Date(charged.periodEndsAt!);
    g.setClock(secondEnd);
    await g.runJobs();
    const paused = await g.view(c);
    expect(paused).toMatchObject({ state: 'paused', pausedBecause: 'balance', periodEndsAt: null });
    expect(paused.shutdownAt).toBe(addMonths(new Date(paused.pausedAt!), 3).toISOString());
    expect(await server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'paused' });
    expect((await g.messages(c, 'dual.paused')).length).toBe(2);
    expect(await g.dualPayments(c)).toHaveLength(1);

    // A top-up of $5 by card: the number resumes with a full month charged.
    g.setClock(new Date(secondEnd.getTime() + 5 * DAY_MS));
    const headers = { ...(await g.auth(c)), 'Idempotency-Key': newKey(), Language: 'en' };
    const topUp = await call<TopUpData>(server, endpoints.topUpCreate, { body: { account: 'general', phone: c.phone, amount: 5 }, headers });
    expect(topUp.body.code, JSON.stringify(topUp.body)).toBe('200');
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '91776' });
    const payment = await call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo: topUp.body.data!.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' }, headers: { ...headers, 'Idempotency-Key': newKey() },
    });
    expect(payment.body.data?.status, JSON.stringify(payment.body)).toBe('paid');
    await g.runJobs();
    const resumed = await g.view(c);
    expect(resumed).toMatchObject({ state: 'opened', generalBalanceCents: 101 + 500 - 199, pausedAt: null });
    expect(Math.abs(new Date(resumed.periodEndsAt!).getTime() - (server.clock.now().getTime() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(await g.dualPayments(c)).toHaveLength(2);
    expect(await server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'open' });
    expect((await g.messages(c, 'dual.resumed')).length).toBe(2);

    // Close: it works until the paid period ends, then closes with nothing more charged; the number is kept 3 months.
    const closing = await g.act(c, 'close');
    expect(closing.body.data?.state, JSON.stringify(closing.body)).toBe('pendingClose');
    g.setClock(new Date(resumed.periodEndsAt!));
    await g.runJobs();
    const closed = await g.view(c);
    expect(closed).toMatchObject({ state: 'closed.numberKept', chinaNumber: china });
    expect(closed.keptUntil).toBe(addMonths(new Date(closed.closedAt!), 3).toISOString());
    expect(await g.dualPayments(c)).toHaveLength(2);
    expect(await server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'closed' });

    // Reopened within the 3 months: the same China number, the month charged.
    g.setClock(new Date(server.clock.now().getTime() + 40 * DAY_MS));
    const reopened = await g.act(c, 'reopen');
    expect(reopened.body.data, JSON.stringify(reopened.body)).toMatchObject({ state: 'opened', chinaNumber: china, generalBalanceCents: 402 - 199 });
    await g.runJobs();
    expect(await server.app.deps.network.chinaNumberState(china)).toEqual({ lineRef: `line:${c.lineId}`, state: 'open' });
    expect(await g.dualPayments(c)).toHaveLength(3);

    // Closed again, and 3 months later the China number goes back to the partner.
    expect((await g.act(c, 'close')).body.data?.state).toBe('pendingClose');
    g.setClock(new Date(reopened.body.data!.periodEndsAt!));
    await g.runJobs();
    const closedAgain = await g.view(c);
    expect(closedAgain.state).toBe('closed.numberKept');
    g.setClock(new Date(new Date(closedAgain.keptUntil!).getTime() - 60_000));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('closed.numberKept');
    g.setClock(new Date(closedAgain.keptUntil!));
    await g.runJobs();
    const released = await g.view(c);
    expect(released).toMatchObject({ state: 'closed.numberReleased', chinaNumber: null });
    expect(await server.app.deps.network.chinaNumberState(china)).toBeNull();
    expect(await g.dualPayments(c)).toHaveLength(3);
    expect(await g.general(c)).toBe(203);

    // Opening again is a new application and a new number; the free month was the first, so this one is charged at once.
    const again = await g.apply(c);
    expect(again.body.data, JSON.stringify(again.body)).toMatchObject({ state: 'realNameNeeded', freeMonthAvailable: false });
    expect((await g.submit(c, await g.uploadThree(c))).body.code).toBe('200');
    const second = await g.applicationOf(c);
    expect((await call(server, endpoints.staffDecide, { body: { id: second.id, decision: 'approve' }, headers: await g.staff() })).body.code).toBe('200');
    await g.runJobs();
    const reopenedAgain = await g.view(c);
    expect(reopenedAgain).toMatchObject({ state: 'opened', chinaNumber: again.body.data!.chinaNumber, generalBalanceCents: 203 - 199 });
    expect(Math.abs(new Date(reopenedAgain.periodEndsAt!).getTime() - (server.clock.now().getTime() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(await g.dualPayments(c)).toHaveLength(4);

    const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'dualNumber'), eq(stateHistory.entityRef, String(c.lineId)))).orderBy(asc(stateHistory.id));
    expect(history.map((h) => h.toState)).toEqual([
      'realNameNeeded', 'underReview', 'opening', 'opened', 'opened', 'paused', 'opened', 'pendingClose', 'closed.numberKept', 'opened', 'pendingClose',
      'closed.numberKept', 'closed.numberReleased', 'realNameNeeded', 'underReview', 'opening', 'opened', 'opened',
    ]);
  });
});

describe.each(testDatabases())('a dual number refused, failed and raced (%s)', (_name, databaseUrl) => {
  const g = gateway(databaseUrl);

  async function underReview(c: Customer) {
    expect((await g.apply(c)).body.code).toBe('200');
    const submitted = await g.submit(c, await g.uploadThree(c));
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe('200');
    return g.applicationOf(c);
  }

  it('decision 0002: every dual-number route refuses an account without a US line of its own (noUsLine), and writes nothing', async () => {
    for (const lineKind of ['none', 'global'] as const) {
      const c = await g.customer({ lineKind });
      const headers = await g.auth(c);
      const answers = [
        await call(g.server, endpoints.dualNumberInfo, { headers }),
        await call(g.server, endpoints.dualNumberApply, { headers }),
        await call(g.server, endpoints.dualNumberSubmit, { headers, body: { ...FORM, photos: { handheld: 'a'.repeat(24), front: 'b'.repeat(24), back: 'c'.repeat(24) } } }),
        await call(g.server, endpoints.dualNumberAction, { headers, body: { action: 'close' } }),
        await call(g.server, endpoints.dualNumberPhoto, { headers, query: { ref: 'a'.repeat(24) } }),
      ];
      const upload = await fetch(new URL(`${endpoints.dualNumberUpload.path}?slot=front`, g.server.url), { method: 'POST', headers: { ...headers, 'content-type': 'image/jpeg' }, body: await photo(1) });
      expect(upload.status).toBe(422);
      expect(((await upload.json()) as { code: string }).code).toBe('noUsLine');
      expect(answers.map((a) => a.body.code), lineKind).toEqual(Array(5).fill('noUsLine'));
      expect(await g.server.db.select().from(idImages).where(eq(idImages.customerId, c.customerId))).toEqual([]);
      expect(await g.server.db.select().from(dualNumbers).where(eq(dualNumbers.customerId, c.customerId))).toEqual([]);
    }
  });

  it('a failed review: the customer reads the reason and until when to re-upload; 30 days later it is cancelled, photos deleted, the number back', async () => {
    const c = await g.customer();
    const app = await underReview(c);
    const china = (await g.view(c)).chinaNumber!;
    const staff = await g.staff();
    const reason = 'The photo of the back of the card is blurred.';
    const rejected = await call(g.server, endpoints.staffDecide, { body: { id: app.id, decision: 'reject', reason }, headers: staff });
    expect(rejected.body, JSON.stringify(rejected.body)).toMatchObject({ code: '200', data: { status: 'rejected', reason, decidedBy: SANDBOX_STAFF[0].email } });
    const failed = await g.view(c);
    expect(failed).toMatchObject({ state: 'auditFailed', chinaNumber: china, application: { status: 'rejected', reason } });
    const decidedAt = new Date(failed.application!.decidedAt!);
    expect(failed.reuploadUntil).toBe(new Date(decidedAt.getTime() + 30 * DAY_MS).toISOString());
    await g.runJobs();
    const told = await g.messages(c, 'dual.rejected');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.every((m) => m.body.includes(reason))).toBe(true);

    g.setClock(new Date(decidedAt.getTime() + 30 * DAY_MS - 60_000));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('auditFailed');
    g.setClock(new Date(decidedAt.getTime() + 30 * DAY_MS));
    await g.runJobs();
    const cancelled = await g.view(c);
    expect(cancelled).toMatchObject({ state: 'notOpened', chinaNumber: null, reuploadUntil: null, application: { status: 'rejected' } });
    // The staff's decision stays what it was: the application is not re-labelled when it is cancelled.
    const images = await g.server.db.select().from(idImages).where(eq(idImages.customerId, c.customerId));
    expect(images).toHaveLength(3);
    expect(images.every((i) => i.sealed === null && i.deletedAt !== null)).toBe(true);
    expect(await g.server.app.deps.network.chinaNumberState(china)).toBeNull();
    // The staff console no longer shows the photos either.
    const gone = await fetch(new URL(`${endpoints.staffReviewPhoto.path}?id=${app.id}&slot=front`, g.server.url), { headers: await g.staff() });
    expect(gone.status).toBe(404);
  });

  it('120074 when the partner has no China number left: nothing is held, the line stays not opened', async () => {
    const c = await g.customer();
    // The sandbox's pool is DEFAULT_CHINA_NUMBER_POOL numbers (startTestServer does not pass chinaNumberPool on): hold them all.
    const taken = new Set((await g.server.db.select({ n: sandboxChinaNumbers.number }).from(sandboxChinaNumbers)).map((r) => r.n));
    const filler = Array.from({ length: DEFAULT_CHINA_NUMBER_POOL }, (_, i) => chinaNumberAt(i)).filter((n) => !taken.has(n));
    await g.server.db.insert(sandboxChinaNumbers).values(filler.map((number) => ({ number, lineRef: `filler:${number}`, state: 'held' as const, updatedAt: g.server.clock.now() })));
    try {
      const refused = await g.apply(c);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('120074');
      expect(refused.body.message).toBe('No dual numbers are available right now. Please try again later.');
      expect((await g.view(c)).state).toBe('notOpened');
      expect(await g.server.db.select().from(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.lineRef, `line:${c.lineId}`))).toEqual([]);
      expect(await g.server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'dualNumber'), eq(stateHistory.entityRef, String(c.lineId))))).toEqual([]);
    } finally {
      await g.server.db.delete(sandboxChinaNumbers).where(like(sandboxChinaNumbers.lineRef, 'filler:%'));
    }
    expect((await g.apply(c)).body.data?.state).toBe('realNameNeeded');
  });

  it('120073: the partner refuses to open for a US number ending in 73; a retry fails again; giving up frees the number', async () => {
    const c = await g.customer({ phone: `626${String(200 + (randomBytes(2).readUInt16BE() % 800))}${String(randomBytes(1).readUInt8() % 100).padStart(2, '0')}73` });
    const app = await underReview(c);
    const china = (await g.view(c)).chinaNumber!;
    const approved = await call(g.server, endpoints.staffDecide, { body: { id: app.id, decision: 'approve' }, headers: await g.staff() });
    expect(approved.body.code).toBe('200');
    await g.runJobs();
    expect((await g.view(c)).state).toBe('openFailed');
    expect((await g.server.db.select().from(dualNumbers).where(eq(dualNumbers.lineId, c.lineId)))[0]!.openFailure).toBe('CN_PARTNER_REFUSED');
    expect((await g.messages(c, 'dual.openFailed')).length).toBe(2);
    expect(await g.dualPayments(c)).toEqual([]);

    const retried = await g.act(c, 'retryOpen');
    expect(retried.body.data?.state, JSON.stringify(retried.body)).toBe('opening');
    await g.runJobs();
    expect((await g.view(c)).state).toBe('openFailed');
    expect(await g.server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'held' });

    const gaveUp = await g.act(c, 'giveUp');
    expect(gaveUp.body.data).toMatchObject({ state: 'notOpened', chinaNumber: null });
    await g.runJobs();
    expect(await g.server.app.deps.network.chinaNumberState(china)).toBeNull();
    expect(await g.dualPayments(c)).toEqual([]);
  });

  it('giving up and applying again at once keeps the number the line holds again (the release sent for the first application does not take it)', async () => {
    const c = await g.customer();
    const first = (await g.apply(c)).body.data!.chinaNumber!;
    expect((await g.act(c, 'giveUp')).body.data?.state).toBe('notOpened');
    // Before the release job ran: the partner still holds the number for this line and gives it again.
    const again = await g.apply(c);
    expect(again.body.data?.state).toBe('realNameNeeded');
    const second = again.body.data!.chinaNumber!;
    expect(second).toBe(first);
    await g.runJobs();
    expect(await g.server.app.deps.network.chinaNumberState(second)).toEqual({ lineRef: `line:${c.lineId}`, state: 'held' });
    const submitted = await g.submit(c, await g.uploadThree(c));
    expect(submitted.body.code).toBe('200');
    const app = await g.applicationOf(c);
    expect((await call(g.server, endpoints.staffDecide, { body: { id: app.id, decision: 'approve' }, headers: await g.staff() })).body.code).toBe('200');
    await g.runJobs();
    expect(await g.view(c)).toMatchObject({ state: 'opened', chinaNumber: second });
    expect(await g.server.app.deps.network.chinaNumberState(second)).toMatchObject({ state: 'open' });
  });

  it('two applications at once: one goes through, the other answers dualUnchanged; one China number is held', async () => {
    const c = await g.customer();
    const headers = await g.auth(c);
    const answers = await Promise.all([1, 2].map(() => call<DualNumberData>(g.server, endpoints.dualNumberApply, { headers })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', 'dualUnchanged']);
    expect(answers.find((a) => a.body.code === 'dualUnchanged')!.status).toBe(409);
    const held = await g.server.db.select().from(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.lineRef, `line:${c.lineId}`));
    expect(held).toHaveLength(1);
    expect((await g.view(c)).chinaNumber).toBe(held[0]!.number);
    const history = await g.server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'dualNumber'), eq(stateHistory.entityRef, String(c.lineId))));
    expect(history.map((h) => h.event)).toEqual(['dual.apply']);
  });

  it('two reviewers decide one application at once: exactly one decision is written, and one audit row of it', async () => {
    const c = await g.customer();
    const app = await underReview(c);
    const [first, second] = [await g.staff(SANDBOX_STAFF[0].email), await g.staff(SANDBOX_STAFF[1].email)];
    const answers = await Promise.all([
      call(g.server, endpoints.staffDecide, { body: { id: app.id, decision: 'approve' }, headers: first }),
      call(g.server, endpoints.staffDecide, { body: { id: app.id, decision: 'reject', reason: 'Blurred' }, headers: second }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', 'dualUnchanged']);
    const won = answers[0]!.body.code === '200' ? 'approve' : 'reject';
    const decisions = await g.server.db.select().from(staffAudit)
      .where(and(eq(staffAudit.subject, `application:${app.id}`), inArray(staffAudit.action, ['review.approve', 'review.reject'])));
    expect(decisions.map((d) => d.action)).toEqual([`review.${won}`]);
    expect((await g.applicationOf(c)).status).toBe(won === 'approve' ? 'approved' : 'rejected');
    expect((await g.view(c)).state).toBe(won === 'approve' ? 'opening' : 'auditFailed');
    const history = await g.server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'dualNumber'), eq(stateHistory.entityRef, String(c.lineId))));
    expect(history.map((h) => h.event)).toEqual(['dual.apply', 'dual.submitRealName', `dual.${won}`]);
  });

  /** A line whose number is open or paused, made in the database (the way there is the first test's). */
  async function numberIn(state: 'opened' | 'paused', balanceCents: number, periodEndsAt: Date | null) {
    const c = await g.customer({ balanceCents });
    const china = (await g.apply(c)).body.data!.chinaNumber!;
    const now = g.server.clock.now();
    await g.server.db.update(dualNumbers).set({ state, freeMonthUsed: true, openedAt: now, periodEndsAt, pausedAt: state === 'paused' ? now : null }).where(eq(dualNumbers.lineId, c.lineId));
    await g.server.app.deps.network.setChinaNumber({ requestId: `test:${c.lineId}`, lineRef: `line:${c.lineId}`, number: china, usMsisdn: null, state: state === 'paused' ? 'paused' : 'open' });
    return { c, china };
  }

  it('no main plan: paused at the month\'s end whatever the balance, resume refused (120079); 3 months paused shuts it down', async () => {
    const { c, china } = await numberIn('opened', 10_000, g.server.clock.now());
    await g.server.db.delete(planSubscriptions).where(eq(planSubscriptions.lineId, c.lineId));
    const end = (await g.server.db.select().from(dualNumbers).where(eq(dualNumbers.lineId, c.lineId)))[0]!.periodEndsAt!;
    await enqueueJob(g.server.db, dualJob('periodEnd', c.lineId, end.toISOString(), end));
    await g.runJobs();
    const paused = await g.view(c);
    expect(paused).toMatchObject({ state: 'paused', pausedBecause: 'noMainPlan', hasMainPlan: false, generalBalanceCents: 10_000 });
    expect(await g.server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'paused' });
    const resume = await g.act(c, 'resume');
    expect(resume.body.code).toBe('120079');
    expect(await g.dualPayments(c)).toEqual([]);
    const shutdown = new Date(paused.shutdownAt!);
    g.setClock(new Date(shutdown.getTime() - 60_000));
    await g.runJobs();
    expect((await g.view(c)).state).toBe('paused');
    g.setClock(shutdown);
    await g.runJobs();
    expect(await g.view(c)).toMatchObject({ state: 'closed.numberKept', chinaNumber: china });
    expect(await g.server.app.deps.network.chinaNumberState(china)).toMatchObject({ state: 'closed' });
    expect(await g.dualPayments(c)).toEqual([]);
  });

  it('two "resume" presses at once: the month is charged once', async () => {
    const { c } = await numberIn('paused', 1000, null);
    const headers = await g.auth(c);
    const answers = await Promise.all([1, 2].map(() => call<DualNumberData>(g.server, endpoints.dualNumberAction, { body: { action: 'resume' }, headers })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', 'dualUnchanged']);
    expect(await g.dualPayments(c)).toHaveLength(1);
    expect(await g.general(c)).toBe(1000 - 199);
    expect((await g.view(c)).state).toBe('opened');
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so the balance cannot change between the read and the charge.
  if (databaseUrl) it('a balance spent between the month\'s check and its charge: the job tries again and pauses, never leaves the number open unpaid', async () => {
    const end = new Date(g.server.clock.now().getTime() - 60_000);
    const { c } = await numberIn('opened', 1000, end);
    await enqueueJob(g.server.db, dualJob('periodEnd', c.lineId, end.toISOString(), end));
    let run: Promise<void> | null = null;
    // Another payment holds the balance row and spends it while the job reads the old balance, then commits.
    await g.server.db.transaction(async (tx) => {
      await tx.select().from(balances).where(eq(balances.customerId, c.customerId)).for('update');
      await tx.update(balances).set({ generalCents: 0 }).where(eq(balances.customerId, c.customerId));
      run = runDueJobs(g.server.app.deps).then(() => undefined);
      for (let i = 0; i < 200; i += 1) {
        const waiting = await g.server.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (Number((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    await run;
    expect(await g.dualPayments(c)).toEqual([]);
    const [job] = await g.server.db.select().from(jobs).where(eq(jobs.dedupeKey, `${DUAL_JOB}:periodEnd:${c.lineId}:${end.toISOString()}`));
    expect(job!.doneAt, 'the job is to be tried again').toBeNull();
    g.setClock(job!.runAt);
    await g.runJobs();
    expect(await g.view(c)).toMatchObject({ state: 'paused', pausedBecause: 'balance', generalBalanceCents: 0 });
    expect(await g.dualPayments(c)).toEqual([]);
  });

  it('a periodEnd job run twice, or twice at once, charges the month once', async () => {
    const end = new Date(g.server.clock.now().getTime() - 60_000);
    const { c } = await numberIn('opened', 1000, end);
    const ref = end.toISOString();
    const job = { id: 0, kind: DUAL_JOB, dedupeKey: `${DUAL_JOB}:periodEnd:${c.lineId}:${ref}`, payload: { event: 'periodEnd', lineId: c.lineId, ref }, attempts: 1 };
    const run = () => dualJobHandlers[DUAL_JOB]!(g.server.app.deps, job);
    await Promise.all([run(), run()]);
    await run();
    const charged = await g.dualPayments(c);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.payableRef).toBe(`DN-${c.lineId}-${ref}`);
    expect(await g.general(c)).toBe(1000 - 199);
    const [row] = await g.server.db.select().from(dualNumbers).where(eq(dualNumbers.lineId, c.lineId));
    expect(row).toMatchObject({ state: 'opened', periodEndsAt: new Date(end.getTime() + 30 * DAY_MS) });
    const history = await g.server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'dualNumber'), eq(stateHistory.entityRef, String(c.lineId)), eq(stateHistory.event, 'dual.periodEnd')));
    expect(history).toHaveLength(1);
    // The queue itself runs one job per period (its dedupe key): enqueued by the charge for the next period only.
    const queued = await g.server.db.select().from(jobs).where(like(jobs.dedupeKey, `${DUAL_JOB}:periodEnd:${c.lineId}:%`));
    expect(queued.map((j) => j.dedupeKey)).toEqual([`${DUAL_JOB}:periodEnd:${c.lineId}:${new Date(end.getTime() + 30 * DAY_MS).toISOString()}`]);
  });
});
