/**
 * The referral programme on the gateway (issue 18 section 5, decision 0041): a referee's paid order with a referral code
 * makes one referral per SIM; each follows the referralReward chart on the server's clock (recorded, pending while the
 * card is bought and then active 35 days, qualified, credited through the ledger within 7 working days, expired after
 * 365 days; or disqualified). Credits are idempotent by their unique ledger references; milestones and per-edition
 * counts are taken with the referrer's customer row locked, so parallel credits count one after another.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReferralRewardEvent } from '../../../machines/referralReward.machine';
import type { ReferralData, ReferralProgramme } from '../../contract/referral';
import type { StaffGift } from '../../contract/referralStaff';
import {
  creditExpiresAt, EDITION_2025, EDITION_EARLIER, editionAt, MILESTONE_CREDIT, MILESTONE_GIFT, qualifiesAt, REFERRAL_ACTIVATION_DAYS,
  REFERRAL_CREDIT_WORKING_DAYS, REFERRAL_GIFT_WORKING_DAYS, referralIneligibility, rewardAmounts, sandboxEdition, TOP_REFERRER_GIFT,
  type ReferralEdition, type ReferralFacts,
} from '../../domain/referral';
import { DAY_MS } from '../../domain/planCalendar';
import { addWorkingDays } from '../../domain/workingDays';
import { referralCodeOf } from '../accounts';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import {
  activations, balanceLedger, balances, customers, lineLifecycles, lines, orders, plans, portOutRequests, referralCodes, referralCredits,
  referralEditions, referralGifts, referralRewards, sims,
} from '../db/schema';
import type { LifecycleActions } from '../db/lifecycle';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { siteUrl } from '../messages';
import { audit, type StaffSession } from '../staff';
import { applyReferralEvent, type ReferralRow } from './lifecycle';
import { referralClockJob, referralCreditJob, referralTopJob } from './jobRequests';

const COUNTED_STATES = ['credited', 'expired'];

// ---- editions (configuration) ------------------------------------------------------------------

const editionOf = (r: typeof referralEditions.$inferSelect): ReferralEdition => ({
  id: r.id, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString(), countCutoffAt: r.countCutoffAt.toISOString(),
  tiersCents: r.tiersCents ?? null, milestones: r.milestones, sandbox: r.sandbox,
});

export async function editionsOf(db: Db): Promise<ReferralEdition[]> {
  return (await db.select().from(referralEditions).orderBy(asc(referralEditions.startsAt))).map(editionOf);
}

/**
 * The spec's editions (the older tiers and 2025, both past here) and, in the sandbox, a current one around `now` unless
 * one already holds it; each edition with milestones gets its top-referrer job at its count cutoff.
 */
export async function seedReferralEditions(db: Db, now: Date, sandbox: boolean): Promise<void> {
  const existing = await editionsOf(db);
  const wanted = [EDITION_EARLIER, EDITION_2025];
  if (sandbox && !existing.some((e) => e.sandbox && editionAt([e], now))) wanted.push(sandboxEdition(now));
  for (const e of wanted) {
    const row = { startsAt: new Date(e.startsAt), endsAt: new Date(e.endsAt), countCutoffAt: new Date(e.countCutoffAt), tiersCents: e.tiersCents, milestones: e.milestones, sandbox: e.sandbox };
    await db.insert(referralEditions).values({ id: e.id, ...row }).onConflictDoUpdate({ target: referralEditions.id, set: row });
    if (e.milestones) await enqueueJob(db, referralTopJob(e.id, new Date(e.countCutoffAt)));
  }
}

// ---- facts the chart's guards read ---------------------------------------------------------------

async function customerTypeOf(tx: Db, customerId: number | null) {
  if (customerId === null) return 'individual' as const;
  const [c] = await tx.select({ type: customers.customerType }).from(customers).where(eq(customers.id, customerId));
  return c?.type ?? 'individual';
}

/** The customer's last accepted port-out, of any of its lines. */
async function lastPortOut(tx: Db, customerId: number): Promise<Date | null> {
  const [r] = await tx.select({ at: sql<Date | null>`max(${portOutRequests.createdAt})` }).from(portOutRequests)
    .innerJoin(lines, eq(lines.id, portOutRequests.lineId))
    .where(and(eq(lines.customerId, customerId), eq(portOutRequests.outcome, 'accepted')));
  return r?.at ? new Date(r.at) : null;
}

// ---- the chart's actions ---------------------------------------------------------------------------

/** A credit to a General account, once: the credit row and the ledger row share a unique reference. */
async function credit(tx: Db, reward: ReferralRow, customerId: number, role: 'referrer' | 'referee' | 'milestone', cents: number, reference: string, now: Date): Promise<boolean> {
  if (cents <= 0) return false;
  const [made] = await tx.insert(referralCredits).values({ rewardId: reward.id, customerId, role, cents, reference, expiresAt: creditExpiresAt(now), createdAt: now })
    .onConflictDoNothing({ target: referralCredits.reference }).returning({ id: referralCredits.id });
  if (!made) return false;
  const [entry] = await tx.insert(balanceLedger).values({ customerId, account: 'general', deltaCents: cents, reference, createdAt: now })
    .onConflictDoNothing({ target: balanceLedger.reference }).returning({ id: balanceLedger.id });
  if (!entry) return false;
  await tx.insert(balances).values({ customerId, generalCents: cents, ildCents: 0 })
    .onConflictDoUpdate({ target: balances.customerId, set: { generalCents: sql`${balances.generalCents} + ${cents}` } });
  return true;
}

const rewardRef = async (tx: Db, reward: ReferralRow) => {
  const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, reward.orderId));
  return `${o!.orderNo}/${reward.slot}`;
};

/** The host side of the chart's actions for one referral, in the transaction that moves it. */
export function referralActions(deps: Deps, rewardId: number): LifecycleActions<ReferralRewardEvent> {
  const now = () => deps.clock.now();
  const row = async (tx: Db) => (await tx.select().from(referralRewards).where(eq(referralRewards.id, rewardId)))[0]!;
  return {
    recordPending: async (tx) => {
      const r = await row(tx);
      const edition = editionAt(await editionsOf(tx), r.paidAt);
      await tx.update(referralRewards).set({ editionId: edition?.id ?? null }).where(eq(referralRewards.id, rewardId));
      await enqueueJob(tx, referralClockJob('lapse', rewardId, new Date(r.paidAt.getTime() + REFERRAL_ACTIVATION_DAYS * DAY_MS)));
    },
    recordIneligible: async (tx, event) => {
      const reason = event.type === 'referral.record' ? referralIneligibility(event) : null;
      await tx.update(referralRewards).set({ reason, endedAt: now() }).where(eq(referralRewards.id, rewardId));
    },
    startQualifying: async (tx, event) => {
      if (event.type !== 'referral.activated') return;
      const since = new Date(event.activeSince);
      const due = qualifiesAt(since);
      await tx.update(referralRewards).set({ activeSince: since, qualifiesAt: due }).where(eq(referralRewards.id, rewardId));
      await enqueueJob(tx, referralClockJob('qualify', rewardId, due));
    },
    recordDisqualified: async (tx, event) => {
      const reason = event.type === 'referral.activationLapsed' ? 'notActivated'
        : event.type === 'referral.qualifyDue' && event.portedOut ? 'portedOut' : 'lineEnded';
      await tx.update(referralRewards).set({ reason, endedAt: now() }).where(eq(referralRewards.id, rewardId));
    },
    scheduleCredit: async (tx) => {
      const r = await row(tx);
      const [a] = r.iccid ? await tx.select({ numberKind: activations.numberKind }).from(activations)
        .where(and(eq(activations.iccid, r.iccid), eq(activations.status, 'activated'))) : [];
      await tx.update(referralRewards).set({ kind: a?.numberKind === 'port' ? 'portIn' : 'newLine', creditDueBy: addWorkingDays(now(), REFERRAL_CREDIT_WORKING_DAYS) })
        .where(eq(referralRewards.id, rewardId));
      await enqueueJob(tx, referralCreditJob(rewardId, now()));
    },
    creditRewards: async (tx) => {
      const at = now();
      const r = await row(tx);
      // The referrer's row, locked: its counts (the n-th referral, the milestones) are taken one credit at a time.
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, r.referrerId)).for('update');
      const edition = r.editionId ? (await editionsOf(tx)).find((e) => e.id === r.editionId) ?? null : null;
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(referralRewards).where(and(
        eq(referralRewards.referrerId, r.referrerId), inArray(referralRewards.state, COUNTED_STATES),
        edition ? eq(referralRewards.editionId, edition.id) : isNull(referralRewards.editionId),
      ));
      const nth = (counted?.n ?? 0) + 1;
      const amounts = rewardAmounts(r.kind ?? 'newLine', edition?.tiersCents ?? null, nth);
      const ref = await rewardRef(tx, r);
      await credit(tx, r, r.referrerId, 'referrer', amounts.referrerCents, `referral:${ref}:referrer`, at);
      if (r.refereeId !== null) await credit(tx, r, r.refereeId, 'referee', amounts.refereeCents, `referral:${ref}:referee`, at);
      let milestoneCents = 0;
      if (edition?.milestones && at < new Date(edition.countCutoffAt)) {
        if (nth >= MILESTONE_CREDIT.count
          && await credit(tx, r, r.referrerId, 'milestone', MILESTONE_CREDIT.cents, `referral:milestone${MILESTONE_CREDIT.count}:${edition.id}:${r.referrerId}`, at)) {
          milestoneCents = MILESTONE_CREDIT.cents;
        }
        if (nth >= MILESTONE_GIFT.count) {
          await tx.insert(referralGifts).values({
            editionId: edition.id, referrerId: r.referrerId, gift: MILESTONE_GIFT.gift, referrals: nth, shipBy: addWorkingDays(at, REFERRAL_GIFT_WORKING_DAYS), createdAt: at,
          }).onConflictDoNothing();
        }
      }
      const expiresAt = creditExpiresAt(at);
      await tx.update(referralRewards).set({
        referrerCents: amounts.referrerCents, refereeCents: r.refereeId !== null ? amounts.refereeCents : 0, milestoneCents, creditedAt: at, expiresAt,
      }).where(eq(referralRewards.id, rewardId));
      await enqueueJob(tx, referralClockJob('expire', rewardId, expiresAt));
    },
    expireCredits: async (tx) => {
      const at = now();
      const credits = await tx.select().from(referralCredits).where(and(eq(referralCredits.rewardId, rewardId), isNull(referralCredits.withdrawnCents)));
      for (const c of credits) {
        // What of the credit is unspent: at most what the General account still holds (decision 0041).
        const [b] = await tx.select({ general: balances.generalCents }).from(balances).where(eq(balances.customerId, c.customerId)).for('update');
        const take = Math.min(c.cents, b?.general ?? 0);
        const [entry] = take > 0
          ? await tx.insert(balanceLedger).values({ customerId: c.customerId, account: 'general', deltaCents: -take, reference: `${c.reference}:expired`, createdAt: at })
            .onConflictDoNothing({ target: balanceLedger.reference }).returning({ id: balanceLedger.id })
          : [null];
        if (entry) await tx.update(balances).set({ generalCents: sql`${balances.generalCents} - ${take}` }).where(eq(balances.customerId, c.customerId));
        await tx.update(referralCredits).set({ withdrawnCents: entry ? take : 0 }).where(eq(referralCredits.id, c.id));
      }
    },
  };
}

/** Applies a clock or job event the referral may have moved past: the chart refusing it is not a failure. */
export async function applyIfStill(deps: Deps, rewardId: number, event: ReferralRewardEvent): Promise<boolean> {
  try {
    await applyReferralEvent(deps, rewardId, event, referralActions(deps, rewardId));
    return true;
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'referralUnchanged') return false;
    throw error;
  }
}

// ---- what the jobs do ------------------------------------------------------------------------------

/** A paid order with a referral code: one referral per SIM, each recorded and checked once. */
export async function recordReferrals(deps: Deps, orderNo: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order?.referralCode || order.status !== 'paid' || order.kind !== 'plan') return;
  const [code] = await deps.db.select().from(referralCodes).where(eq(referralCodes.code, order.referralCode));
  // A code nobody owns (a promotion's) earns nobody a reward.
  if (!code?.customerId || code.customerId === order.customerId) return;
  const now = deps.clock.now();
  const paidAt = order.paidAt ?? now;
  for (let slot = 1; slot <= order.simCount; slot++) {
    await deps.db.insert(referralRewards).values({
      orderId: order.id, slot, code: order.referralCode, referrerId: code.customerId, refereeId: order.customerId, state: 'recorded', paidAt, updatedAt: now,
    }).onConflictDoNothing();
  }
  const [plan] = order.planId ? await deps.db.select({ slug: plans.slug }).from(plans).where(eq(plans.id, order.planId)) : [];
  const portedOut = await lastPortOut(deps.db, code.customerId);
  const facts: ReferralFacts = {
    referrerType: await customerTypeOf(deps.db, code.customerId), refereeType: await customerTypeOf(deps.db, order.customerId),
    plan500mb: plan?.slug === '500mb-plan', referrerPortedOutAt: portedOut?.toISOString() ?? null, at: paidAt.toISOString(),
  };
  const rows = await deps.db.select({ id: referralRewards.id }).from(referralRewards)
    .where(and(eq(referralRewards.orderId, order.id), eq(referralRewards.state, 'recorded'))).orderBy(asc(referralRewards.slot));
  for (const r of rows) await applyIfStill(deps, r.id, { type: 'referral.record', ...facts });
}

/** A card of a referee's order was activated: the first pending referral of the order takes it and its 35 days start. */
export async function referralCardActivated(deps: Deps, iccid: string): Promise<void> {
  const [sim] = await deps.db.select({ orderId: sims.orderId }).from(sims).where(eq(sims.iccid, iccid));
  if (!sim?.orderId) return;
  const [a] = await deps.db.select().from(activations).where(and(eq(activations.iccid, iccid), eq(activations.status, 'activated')));
  if (!a) return;
  const candidates = await deps.db.select().from(referralRewards).where(and(
    eq(referralRewards.orderId, sim.orderId),
    or(eq(referralRewards.iccid, iccid), and(isNull(referralRewards.iccid), eq(referralRewards.state, 'pending.notActivated'))),
  )).orderBy(asc(referralRewards.slot));
  if (candidates.some((c) => c.iccid === iccid)) return;
  const activeSince = (a.activatedAt ?? deps.clock.now()).toISOString();
  for (const c of candidates) {
    const base = referralActions(deps, c.id);
    const claimed = await applyReferralEvent(deps, c.id, { type: 'referral.activated', activeSince }, {
      ...base,
      startQualifying: async (tx, event) => {
        await tx.update(referralRewards).set({ iccid, lineId: a.lineId, refereeId: a.customerId }).where(eq(referralRewards.id, c.id));
        await base.startQualifying!(tx, event);
      },
    }).then(() => true, (error: unknown) => {
      if (error instanceof GatewayError && error.code === 'referralUnchanged') return false;
      throw error;
    });
    if (claimed) return;
  }
}

/** The referee's line is still ours and in service; whether it ported out since it became active. */
export async function lineFacts(db: Db, r: ReferralRow): Promise<{ lineInService: boolean; portedOut: boolean }> {
  if (r.lineId === null || r.iccid === null) return { lineInService: false, portedOut: false };
  const [life] = await db.select({ service: lineLifecycles.serviceState }).from(lineLifecycles).where(eq(lineLifecycles.lineId, r.lineId));
  const [sim] = await db.select({ status: sims.status }).from(sims).where(eq(sims.iccid, r.iccid));
  const [out] = await db.select({ id: portOutRequests.id }).from(portOutRequests).where(and(
    eq(portOutRequests.lineId, r.lineId), eq(portOutRequests.outcome, 'accepted'), r.activeSince ? sql`${portOutRequests.createdAt} >= ${r.activeSince}` : sql`true`,
  )).limit(1);
  return { lineInService: life?.service !== 'numberRemoved' && sim?.status === 'activated', portedOut: !!out };
}

/** The top referrer of an edition at its count cutoff: the most referrals credited before it (the earliest to reach it on a tie). */
export async function awardTopReferrer(deps: Deps, editionId: string): Promise<void> {
  const edition = (await editionsOf(deps.db)).find((e) => e.id === editionId);
  if (!edition?.milestones) return;
  const cutoff = new Date(edition.countCutoffAt);
  const [top] = await deps.db.select({ referrerId: referralRewards.referrerId, n: sql<number>`count(*)::int`, last: sql<Date>`max(${referralRewards.creditedAt})` })
    .from(referralRewards)
    .where(and(eq(referralRewards.editionId, editionId), inArray(referralRewards.state, COUNTED_STATES), lt(referralRewards.creditedAt, cutoff)))
    .groupBy(referralRewards.referrerId).orderBy(desc(sql`count(*)`), asc(sql`max(${referralRewards.creditedAt})`)).limit(1);
  if (!top) return;
  const now = deps.clock.now();
  await deps.db.insert(referralGifts).values({
    editionId, referrerId: top.referrerId, gift: TOP_REFERRER_GIFT, referrals: top.n, shipBy: addWorkingDays(now, REFERRAL_GIFT_WORKING_DAYS), createdAt: now,
  }).onConflictDoNothing();
}

// ---- the sandbox ---------------------------------------------------------------------------------

/**
 * Sandbox only (POST /sandbox/api/referral/qualifiesIn): the active referrals of an order reach their 35 days `minutes`
 * from now, with a clock job at that moment (the old job finds its moment moved and does nothing), so a tester moves the
 * clock minutes, not 35 days.
 */
export async function referralQualifiesIn(deps: Deps, orderNo: string, minutes: number) {
  const due = new Date(deps.clock.now().getTime() + minutes * 60_000);
  const moved = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const rows = await tx.select({ id: referralRewards.id }).from(referralRewards).innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .where(and(eq(orders.orderNo, orderNo), eq(referralRewards.state, 'pending.active')));
    for (const r of rows) {
      await tx.update(referralRewards).set({ qualifiesAt: due }).where(eq(referralRewards.id, r.id));
      await enqueueJob(tx, referralClockJob('qualify', r.id, due));
    }
    return rows.length;
  });
  if (moved === 0) throw new GatewayError('noRecord');
  return { orderNo, referrals: moved, qualifiesAt: due.toISOString() };
}

// ---- what the customer sees ------------------------------------------------------------------------

const masked = (msisdn: string | null) => (msisdn ? `••• ${msisdn.slice(-4)}` : null);

export async function referralProgramme(deps: Deps, customerId: number | null): Promise<ReferralProgramme> {
  const now = deps.clock.now();
  const editions = await editionsOf(deps.db);
  const current = editionAt(editions.filter((e) => e.sandbox), now) ?? editionAt(editions, now);
  const past = editions.filter((e) => Date.parse(e.endsAt) <= now.getTime()).reverse();
  return { current, past, mine: customerId === null ? null : await referralData(deps, customerId) };
}

async function referralData(deps: Deps, customerId: number): Promise<ReferralData> {
  const code = await referralCodeOf(deps, customerId);
  const rows = await deps.db.select({ r: referralRewards, msisdn: lines.msisdn }).from(referralRewards)
    .leftJoin(lines, eq(lines.id, referralRewards.lineId))
    .where(eq(referralRewards.referrerId, customerId)).orderBy(desc(referralRewards.paidAt), asc(referralRewards.slot));
  const credits = await deps.db.select().from(referralCredits).where(eq(referralCredits.customerId, customerId)).orderBy(desc(referralCredits.createdAt));
  const gifts = await deps.db.select().from(referralGifts).where(eq(referralGifts.referrerId, customerId)).orderBy(desc(referralGifts.createdAt));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    code, link: `${siteUrl(deps)}/?recommendCode=${encodeURIComponent(code)}`,
    referrals: rows.map(({ r, msisdn }) => ({
      id: r.id, state: r.state as ReferralData['referrals'][number]['state'], reason: r.reason as ReferralData['referrals'][number]['reason'], kind: r.kind, friend: masked(msisdn),
      paidAt: r.paidAt.toISOString(), activeSince: iso(r.activeSince), qualifiesAt: iso(r.qualifiesAt), creditDueBy: iso(r.creditDueBy),
      creditedAt: iso(r.creditedAt), expiresAt: iso(r.expiresAt), referrerCents: r.referrerCents, milestoneCents: r.milestoneCents,
    })),
    credits: credits.map((c) => ({ role: c.role, cents: c.cents, creditedAt: c.createdAt.toISOString(), expiresAt: c.expiresAt.toISOString(), withdrawnCents: c.withdrawnCents })),
    gifts: gifts.map((g) => ({ gift: g.gift, editionId: g.editionId, referrals: g.referrals, shipBy: g.shipBy.toISOString() })),
  };
}

// ---- what staff see ------------------------------------------------------------------------------

/** The gifts to ship, soonest ship-by date first, with whom to send them to; the list is in the staff audit log. */
export async function staffGiftList(deps: Deps, staff: StaffSession): Promise<{ gifts: StaffGift[] }> {
  const rows = await deps.db.select({ g: referralGifts, username: customers.username, phone: customers.phone, email: customers.email })
    .from(referralGifts).innerJoin(customers, eq(customers.id, referralGifts.referrerId)).orderBy(asc(referralGifts.shipBy), asc(referralGifts.id));
  await audit(deps.db, staff.staffId, 'referral.gifts', 'referral:gifts', { count: rows.length }, deps.clock.now());
  return {
    gifts: rows.map(({ g, username, phone, email }) => ({
      id: g.id, gift: g.gift, editionId: g.editionId, referrals: g.referrals, shipBy: g.shipBy.toISOString(), createdAt: g.createdAt.toISOString(),
      referrer: { username, phone, email },
    })),
  };
}
