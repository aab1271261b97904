/**
 * The referral programme on the gateway (issue 18 section 5, decision 0041).
 * - The server depth of the `referralReward` chart: every generated path (the same paths as the pure depth) applied with
 *   applyReferralEvent on a referral_rewards row, the chart's named actions replaced by recorders: after each event the
 *   row holds the path's state, a state_history row records it and the actions ran in order. Coverage: depth 'server'.
 * - Through the jobs on the server's clock: a paid order with a code makes one referral per SIM; the card's activation
 *   starts the 35 days; at their end the referral qualifies and is credited through the ledger ($15 each for a new line,
 *   $25 and $20 for a port-in) with a 365-day expiry, which takes back what is unspent; the sandbox's qualifiesIn.
 * - Who does not take part: a business referrer, the 500MB plan, a recent port-out, a line ended before 35 days.
 * - Parallel runs of the credit job credit once; parallel credits of one referrer's 5th and 6th referral give the $50
 *   milestone once. Both databases where configured (concurrency needs PostgreSQL).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import type { ReferralRewardEvent } from '../../machines/referralReward.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { ReferralProgramme } from '../../src/contract/referral';
import type { StaffGift } from '../../src/contract/referralStaff';
import { STAFF_COOKIE } from '../../src/contract/staff';
import { DAY_MS } from '../../src/domain/planCalendar';
import { REFERRAL_QUALIFY_DAYS } from '../../src/domain/referral';
import { newIccid } from '../../src/server/activation/sims';
import {
  activations, balanceLedger, balances, customers, lineLifecycles, lines, orders, plans, portOutRequests, referralCodes, referralCredits, referralGifts,
  referralRewards, sims,
} from '../../src/server/db/schema';
import { applyReferralEvent, REFERRAL_ACTIVATED_JOB, REFERRAL_CREDIT_JOB, REFERRAL_RECORD_JOB, REFERRAL_TOP_JOB, seedReferralEditions } from '../../src/server/referral';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import type { GatewayError } from '../../src/server/http/errors';
import { createSession } from '../../src/server/http/sessions';
import { enqueueJob } from '../../src/server/jobs/queue';
import { runDueJobs } from '../../src/server/jobs/runner';
import { jobHandlers } from '../../src/server/jobs/handlers';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, randomPhone } from './helpers';
import { historyOf, walkEveryPath } from './lifecycleDepth';

const ACTIONS = ['recordPending', 'recordIneligible', 'startQualifying', 'recordDisqualified', 'scheduleCredit', 'creditRewards', 'expireCredits'];

describe.each(testDatabases())('referral programme on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let planIds: Record<string, number>;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    // The editions as npm start seeds them in the sandbox (the test template is seeded without them).
    await seedReferralEditions(server.db, server.clock.now(), true);
    planIds = Object.fromEntries((await server.db.select({ id: plans.id, slug: plans.slug }).from(plans)).map((p) => [p.slug, p.id]));
  });
  afterAll(async () => { await server?.close(); });

  async function customer(type: 'individual' | 'business' = 'individual') {
    const phone = randomPhone();
    const [c] = await server.db.insert(customers).values({ username: `rf${randomBytes(5).toString('hex')}`, phone, email: `rf${phone}@example.com`, customerType: type })
      .returning({ id: customers.id });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: 0 });
    return { id: c!.id, phone };
  }
  async function referrer(type: 'individual' | 'business' = 'individual') {
    const c = await customer(type);
    const code = randomBytes(3).toString('hex').toUpperCase().slice(0, 4);
    await server.db.insert(referralCodes).values({ code, customerId: c.id, createdAt: server.clock.now() });
    return { ...c, code };
  }
  async function paidOrder(buyerId: number, code: string, opts: { slug?: string; simCount?: number } = {}) {
    const [o] = await server.db.insert(orders).values({
      orderNo: `LBR${randomBytes(5).toString('hex').toUpperCase()}`, kind: 'plan', customerId: buyerId, idempotencyKey: randomUUID(), requestHash: 'h',
      accessTokenHash: randomUUID(), status: 'paid', planId: planIds[opts.slug ?? '5gb-plan']!, planName: 'plan', months: 1, simType: 'physical',
      simCount: opts.simCount ?? 1, unitPriceCents: 2500, planCostCents: 2500, multiMonthDiscountCents: 0, discountCents: 0, referralCode: code,
      shippingMethod: 'standard', shippingFeeCents: 0, taxRateBps: 0, taxCents: 0, payAmountCents: 2500, channel: 'eshop', email: 'buyer@example.com',
      lang: 'en', paidAt: server.clock.now(),
      shipping: { country: 'US', firstNameEn: 'Ann', lastNameEn: 'Lee', phone: '6265550100', email: 'buyer@example.com', address1: '1 Main St', city: 'San Gabriel', state: 'CA', zip: '91776' },
      billing: { country: 'US', address1: '1 Main St', city: 'San Gabriel', state: 'CA', zip: '91776' },
    }).returning({ id: orders.id, orderNo: orders.orderNo });
    return o!;
  }
  /** The card of the order, activated (a new number, or a port-in) on a line of the buyer, as the activation area leaves it. */
  async function activate(order: { id: number }, buyerId: number, numberKind: 'new' | 'port' = 'new') {
    const iccid = newIccid('us');
    const msisdn = randomPhone();
    await server.db.insert(sims).values({ iccid, simType: 'physical', activationCodeHash: 'unused', status: 'activated', orderId: order.id });
    const [l] = await server.db.insert(lines).values({ customerId: buyerId, msisdn, iccid, simType: 'physical', simStatus: 'activated' }).returning({ id: lines.id });
    await server.db.insert(lineLifecycles).values({ lineId: l!.id, planState: 'main.only', updatedAt: server.clock.now() });
    const now = server.clock.now();
    await server.db.insert(activations).values({
      publicId: `ACT${randomBytes(5).toString('hex')}`, iccid, customerId: buyerId, lineId: l!.id, kind: 'us', simType: 'physical', numberKind, msisdn,
      birthday: '1990-01-01', email: 'buyer@example.com', zip: '91776', status: 'activated', idempotencyKey: randomUUID(), requestHash: 'h', lang: 'en',
      submittedAt: now, activatedAt: now,
    });
    await enqueueJob(server.db, { kind: REFERRAL_ACTIVATED_JOB, dedupeKey: `${REFERRAL_ACTIVATED_JOB}:${iccid}`, payload: { iccid }, runAt: now });
    return { iccid, lineId: l!.id };
  }
  const runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('referral.')), 'referral jobs that failed').toEqual([]);
  };
  const record = async (orderNo: string) => {
    await enqueueJob(server.db, { kind: REFERRAL_RECORD_JOB, dedupeKey: `${REFERRAL_RECORD_JOB}:${orderNo}`, payload: { orderNo }, runAt: server.clock.now() });
    await runJobs();
  };
  const rewardsOf = (orderId: number) => server.db.select().from(referralRewards).where(eq(referralRewards.orderId, orderId)).orderBy(asc(referralRewards.slot));
  const general = async (customerId: number) => (await server.db.select().from(balances).where(eq(balances.customerId, customerId)))[0]!.generalCents;
  const advance = (ms: number) => server.clock.advance(ms);

  // ---- the server depth -------------------------------------------------------------------------

  it('every path, on a referral_rewards row', async () => {
    const ref = await referrer();
    await walkEveryPath({
      server, model: models.referralReward!, initial: 'recorded', actions: ACTIONS, minPaths: 7,
      async create() {
        const buyer = await customer();
        const order = await paidOrder(buyer.id, ref.code);
        const [row] = await server.db.insert(referralRewards).values({
          orderId: order.id, slot: 1, code: ref.code, referrerId: ref.id, refereeId: buyer.id, state: 'recorded', paidAt: server.clock.now(), updatedAt: server.clock.now(),
        }).returning({ id: referralRewards.id });
        return { id: row!.id, orderNo: order.orderNo };
      },
      load: async ({ id }) => (await server.db.select({ state: referralRewards.state }).from(referralRewards).where(eq(referralRewards.id, id)))[0]!.state,
      apply: ({ id }, event: ReferralRewardEvent, actions) => applyReferralEvent(server.app.deps, id, event, actions),
      historyRef: ({ orderNo }) => `${orderNo}/1`,
    });
  });

  it('a refused event answers referralUnchanged and writes nothing', async () => {
    const ref = await referrer();
    const buyer = await customer();
    const order = await paidOrder(buyer.id, ref.code);
    const [row] = await server.db.insert(referralRewards).values({
      orderId: order.id, slot: 1, code: ref.code, referrerId: ref.id, refereeId: buyer.id, state: 'recorded', paidAt: server.clock.now(), updatedAt: server.clock.now(),
    }).returning({ id: referralRewards.id });
    for (const event of [{ type: 'referral.credit' }, { type: 'referral.activated', activeSince: server.clock.now().toISOString() }] as ReferralRewardEvent[]) {
      const refused = await applyReferralEvent(server.app.deps, row!.id, event, {}).catch((e: unknown) => e);
      expect((refused as GatewayError).code, event.type).toBe('referralUnchanged');
    }
    expect((await rewardsOf(order.id))[0]!.state).toBe('recorded');
    expect(await historyOf(server, 'referralReward', `${order.orderNo}/1`)).toEqual([]);
  });

  // ---- through the jobs, on the server's clock ----------------------------------------------------

  it('a new line: pending while bought, 35 days active, qualified, $15 each credited once through the ledger, expired after 365 days', async () => {
    const ref = await referrer();
    const buyer = await customer();
    const order = await paidOrder(buyer.id, ref.code, { simCount: 2 });
    await record(order.orderNo);
    const rows = await rewardsOf(order.id);
    expect(rows.map((r) => r.state)).toEqual(['pending.notActivated', 'pending.notActivated']);

    const card = await activate(order, buyer.id);
    await runJobs();
    const [first, second] = await rewardsOf(order.id);
    expect(first!.state).toBe('pending.active');
    expect(first!.iccid).toBe(card.iccid);
    expect(first!.qualifiesAt!.getTime() - first!.activeSince!.getTime()).toBe(REFERRAL_QUALIFY_DAYS * DAY_MS);
    expect(second!.state).toBe('pending.notActivated');

    // A minute before the 35 days nothing moves; at the 35 days the referral qualifies and is credited.
    advance(first!.qualifiesAt!.getTime() - server.clock.now().getTime() - 60_000);
    await runJobs();
    expect((await rewardsOf(order.id))[0]!.state).toBe('pending.active');
    advance(60_000);
    await runJobs();
    const [credited] = await rewardsOf(order.id);
    expect(credited!.state).toBe('credited');
    expect(credited!.creditDueBy!.getTime()).toBeGreaterThan(credited!.creditedAt!.getTime());
    expect(await general(ref.id)).toBe(1500);
    expect(await general(buyer.id)).toBe(1500);
    const ledger = await server.db.select().from(balanceLedger).where(like(balanceLedger.reference, `referral:${order.orderNo}/1:%`));
    expect(ledger.map((l) => [l.reference.split(':').pop(), l.deltaCents]).sort()).toEqual([['referee', 1500], ['referrer', 1500]]);
    const credits = await server.db.select().from(referralCredits).where(eq(referralCredits.rewardId, credited!.id));
    expect(credits.every((c) => c.expiresAt.getTime() - credited!.creditedAt!.getTime() === 365 * DAY_MS)).toBe(true);

    // The referee spends $10; at 365 days what is unspent of each credit is taken back, and the referral has expired.
    await server.db.update(balances).set({ generalCents: 500 }).where(eq(balances.customerId, buyer.id));
    advance(365 * DAY_MS);
    await runJobs();
    expect((await rewardsOf(order.id))[0]!.state).toBe('expired');
    expect(await general(ref.id)).toBe(0);
    expect(await general(buyer.id)).toBe(0);
    const after = await server.db.select().from(referralCredits).where(eq(referralCredits.rewardId, credited!.id));
    expect(after.map((c) => [c.role, c.withdrawnCents]).sort()).toEqual([['referee', 500], ['referrer', 1500]]);
    // My information still says what was earned: the expiry does not unearn it.
    const token = (await createSession(server.app.deps, ref.id, 'password')).access_token;
    const profile = await call<{ referral: { bonusCents: number; count: number } }>(server, endpoints.profileInfo, { headers: bearer(token) });
    expect(profile.body.data!.referral).toMatchObject({ bonusCents: 1500, count: 1 });
  });

  it('a port-in: $25 to the referrer and $20 to the referee; the sandbox brings the 35 days minutes close', async () => {
    const ref = await referrer();
    const buyer = await customer();
    const order = await paidOrder(buyer.id, ref.code);
    await record(order.orderNo);
    await activate(order, buyer.id, 'port');
    await runJobs();
    const moved = await server.app.inject({ method: 'POST', url: '/sandbox/api/referral/qualifiesIn', payload: { orderNo: order.orderNo, minutes: 5 } });
    expect(moved.json().code, moved.body).toBe('200');
    advance(5 * 60_000);
    await runJobs();
    const [r] = await rewardsOf(order.id);
    expect(r!.state).toBe('credited');
    expect(r!.kind).toBe('portIn');
    expect([await general(ref.id), await general(buyer.id)]).toEqual([2500, 2000]);

    // The customer's page: the referral, its state and the credits with their expiry.
    const token = (await createSession(server.app.deps, ref.id, 'password')).access_token;
    const answer = await call<ReferralProgramme>(server, endpoints.referralProgramme, { headers: bearer(token) });
    expect(answer.body.code).toBe('200');
    const mine = answer.body.data!.mine!;
    expect(mine.code).toBe(ref.code);
    expect(mine.link).toContain(`?recommendCode=${ref.code}`);
    expect(mine.referrals.map((x) => [x.state, x.kind, x.referrerCents])).toEqual([['credited', 'portIn', 2500]]);
    expect(mine.credits.map((c) => [c.role, c.cents, c.expiresAt === r!.expiresAt!.toISOString()])).toEqual([['referrer', 2500, true]]);
    const visitor = await call<ReferralProgramme>(server, endpoints.referralProgramme, {});
    expect(visitor.body.data!.mine).toBeNull();
    expect(visitor.body.data!.past.map((e) => e.id)).toEqual(expect.arrayContaining(['2025-autumn', 'earlier-tiers']));
  });

  it('who does not take part: a business referrer, the 500MB plan, a referrer who ported out 100 days ago; a line ended before 35 days', async () => {
    const business = await referrer('business');
    const small = await referrer();
    const portedOut = await referrer();
    const [ownLine] = await server.db.insert(lines).values({ customerId: portedOut.id, iccid: newIccid('us'), simType: 'physical', simStatus: 'activated' }).returning({ id: lines.id });
    await server.db.insert(portOutRequests).values({ lineId: ownLine!.id, msisdn: portedOut.phone, requestingCarrier: 'Other', outcome: 'accepted', createdAt: new Date(server.clock.now().getTime() - 100 * DAY_MS) });
    const cases = [
      { code: business.code, slug: '5gb-plan', reason: 'customerType' },
      { code: small.code, slug: '500mb-plan', reason: 'plan500mb' },
      { code: portedOut.code, slug: '5gb-plan', reason: 'portOut' },
    ];
    for (const c of cases) {
      const buyer = await customer();
      const order = await paidOrder(buyer.id, c.code, { slug: c.slug });
      await record(order.orderNo);
      const [r] = await rewardsOf(order.id);
      expect([r!.state, r!.reason], c.reason).toEqual(['disqualified', c.reason]);
    }
    const ref = await referrer();
    const buyer = await customer();
    const order = await paidOrder(buyer.id, ref.code);
    await record(order.orderNo);
    const card = await activate(order, buyer.id);
    await runJobs();
    await server.db.update(lineLifecycles).set({ serviceState: 'numberRemoved' }).where(eq(lineLifecycles.lineId, card.lineId));
    await server.app.inject({ method: 'POST', url: '/sandbox/api/referral/qualifiesIn', payload: { orderNo: order.orderNo, minutes: 1 } });
    advance(60_000);
    await runJobs();
    const [ended] = await rewardsOf(order.id);
    expect([ended!.state, ended!.reason]).toEqual(['disqualified', 'lineEnded']);
    expect(await general(ref.id)).toBe(0);
  });

  it('credits once under parallel runs of the credit job; the $50 milestone once under parallel 5th and 6th referrals', async () => {
    // Earlier tests moved the clock a year: the sandbox seeds a current edition again, as a restart would.
    await seedReferralEditions(server.db, server.clock.now(), true);
    const ref = await referrer();
    const qualifiedReferral = async () => {
      const buyer = await customer();
      const order = await paidOrder(buyer.id, ref.code);
      await record(order.orderNo);
      await activate(order, buyer.id);
      await runJobs();
      const [r] = await rewardsOf(order.id);
      // Qualified, its credit job not run yet: the row as the qualify job leaves it.
      await applyReferralEvent(server.app.deps, r!.id, { type: 'referral.qualifyDue', qualifiesAt: r!.qualifiesAt!.toISOString(), at: r!.qualifiesAt!.toISOString(), lineInService: true, portedOut: false }, {
        scheduleCredit: async () => undefined,
      });
      return r!.id;
    };
    const handler = jobHandlers[REFERRAL_CREDIT_JOB]!;
    const creditJob = (rewardId: number) => handler(server.app.deps, { id: 0, kind: REFERRAL_CREDIT_JOB, dedupeKey: `x:${rewardId}`, payload: { rewardId }, attempts: 0 } as never);

    const first = await qualifiedReferral();
    await Promise.all(Array.from({ length: 6 }, () => creditJob(first)));
    expect(await general(ref.id)).toBe(1500);
    expect(await server.db.select().from(balanceLedger).where(and(eq(balanceLedger.customerId, ref.id), like(balanceLedger.reference, 'referral:%')))).toHaveLength(1);

    // Three more credited one by one (4 in all), then the 5th and 6th credited at the same moment.
    for (let i = 0; i < 3; i++) await creditJob(await qualifiedReferral());
    expect(await general(ref.id)).toBe(4 * 1500);
    const fifth = await qualifiedReferral();
    const sixth = await qualifiedReferral();
    await Promise.all([creditJob(fifth), creditJob(sixth), creditJob(fifth), creditJob(sixth)]);
    const milestone = await server.db.select().from(referralCredits).where(and(eq(referralCredits.customerId, ref.id), eq(referralCredits.role, 'milestone')));
    const rewards = await server.db.select().from(referralRewards).where(eq(referralRewards.referrerId, ref.id));
    // The sandbox's current edition holds today: its milestones apply.
    expect(rewards.every((r) => r.editionId?.startsWith('sandbox-'))).toBe(true);
    expect(milestone.map((m) => m.cents)).toEqual([5000]);
    expect(await general(ref.id)).toBe(6 * 1500 + 5000);
    expect(await server.db.select().from(referralGifts).where(eq(referralGifts.referrerId, ref.id))).toEqual([]);
  });

  it('10 referrals: the gold plate once, to ship within 15 working days, listed for staff; the top referrer\'s iPhone at the count cutoff', async () => {
    await seedReferralEditions(server.db, server.clock.now(), true);
    const ref = await referrer();
    for (let i = 0; i < 11; i++) {
      const buyer = await customer();
      const order = await paidOrder(buyer.id, ref.code);
      await record(order.orderNo);
      await activate(order, buyer.id);
      await runJobs();
      await server.app.inject({ method: 'POST', url: '/sandbox/api/referral/qualifiesIn', payload: { orderNo: order.orderNo, minutes: 1 } });
    }
    advance(60_000);
    await runJobs();
    const credited = await server.db.select().from(referralRewards).where(and(eq(referralRewards.referrerId, ref.id), eq(referralRewards.state, 'credited')));
    expect(credited).toHaveLength(11);
    const gifts = await server.db.select().from(referralGifts).where(eq(referralGifts.referrerId, ref.id));
    expect(gifts.map((g) => [g.gift, g.referrals])).toEqual([['goldPlate', 10]]);
    expect(gifts[0]!.shipBy.getTime()).toBeGreaterThan(server.clock.now().getTime() + 15 * DAY_MS);

    // Staff see it; a customer's session does not open the list.
    await seedSandboxStaff(server.db);
    const login = await call(server, endpoints.staffLogin, { body: { email: SANDBOX_STAFF[0]!.email, password: SANDBOX_STAFF[0]!.password } });
    const cookie = new RegExp(`${STAFF_COOKIE}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')![1]!;
    const list = await call<{ gifts: StaffGift[] }>(server, endpoints.staffReferralGifts, { headers: bearer(cookie) });
    expect(list.body.code).toBe('200');
    expect(list.body.data!.gifts.filter((g) => g.id === gifts[0]!.id).map((g) => g.gift)).toEqual(['goldPlate']);
    const customerSession = (await createSession(server.app.deps, ref.id, 'password')).access_token;
    expect((await call(server, endpoints.staffReferralGifts, { headers: bearer(customerSession) })).status).toBe(401);

    // At the count cutoff the referrer with most referrals of the edition gets the iPhone, once.
    const editionId = credited[0]!.editionId!;
    const top = jobHandlers[REFERRAL_TOP_JOB]!;
    await Promise.all([1, 2].map(() => top(server.app.deps, { id: 0, kind: REFERRAL_TOP_JOB, dedupeKey: 'x', payload: { editionId }, attempts: 0 } as never)));
    const iphones = await server.db.select().from(referralGifts).where(and(eq(referralGifts.editionId, editionId), eq(referralGifts.gift, 'iphone')));
    expect(iphones.map((g) => [g.referrerId, g.referrals])).toEqual([[ref.id, 11]]);
  });
});
