/**
 * What a line holds now, read for the orders of issue 15: its main plan in force (spec section 4: "Plan status: main
 * plan, pending plan, or none"), the 30-day cycle of that plan (section 9: "Cycle 30 days"), the data add-ons bought in
 * the cycle (section 5: "Data add-on max five per cycle") and a global data SIM's pack in force.
 */
import { and, count, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { cycleAt } from '../../domain/usage';
import type { Db } from '../db/database';
import type { lines} from '../db/schema';
import { activations, globalPacks, lineAddOns, orders, planSubscriptions, plans, sims } from '../db/schema';

export type LineRow = typeof lines.$inferSelect;

export interface MainPlan {
  subscriptionId: number;
  planId: number;
  name: string;
  startsAt: Date;
  expiresAt: Date;
  highSpeedDataMb: number | null;
}

/** The main plan in force: "only with an active main plan" (120079 without one). */
export async function mainPlanOf(db: Db, lineId: number, now: Date): Promise<MainPlan | null> {
  const [row] = await db.select({ sub: planSubscriptions, plan: plans }).from(planSubscriptions)
    .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
    .where(and(eq(planSubscriptions.lineId, lineId), eq(planSubscriptions.status, 'main'), lte(planSubscriptions.startsAt, now), gt(planSubscriptions.expiresAt, now)))
    .orderBy(desc(planSubscriptions.expiresAt)).limit(1);
  if (!row) return null;
  return {
    subscriptionId: row.sub.id, planId: row.plan.id, name: row.plan.name, startsAt: row.sub.startsAt, expiresAt: row.sub.expiresAt,
    highSpeedDataMb: row.plan.highSpeedDataMb,
  };
}

/**
 * When the plans already paid for run out: "multi-month plans run in sequence", so a changed plan starts after the
 * last term of the current plan.
 */
export async function mainSequenceEnd(db: Db, lineId: number, now: Date): Promise<Date | null> {
  const [row] = await db.select({ end: max(planSubscriptions.expiresAt) }).from(planSubscriptions)
    .where(and(eq(planSubscriptions.lineId, lineId), eq(planSubscriptions.status, 'main'), gt(planSubscriptions.expiresAt, now)));
  return row?.end ? new Date(row.end) : null;
}

/** 120080: "pending plan exists, cannot order main plan". */
export async function hasPendingPlan(db: Db, lineId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(planSubscriptions)
    .where(and(eq(planSubscriptions.lineId, lineId), eq(planSubscriptions.status, 'pending'), gt(planSubscriptions.expiresAt, now)));
  return Number(row?.n ?? 0) > 0;
}

/** The 30-day cycle of the main plan holding `now`, ending at the plan's expiry at the latest. */
export function cycleOf(main: MainPlan, now: Date): { start: Date; end: Date } {
  const cycle = cycleAt(main.startsAt, now);
  return { start: cycle.start, end: new Date(Math.min(cycle.end.getTime(), main.expiresAt.getTime())) };
}

/**
 * Data add-ons that count against the cycle's five: bought in it, plus those being paid by card right now (a card
 * attempt holds its order in 'paying'), so parallel payments cannot pass the limit together.
 */
export async function dataAddOnsTaken(db: Db, lineId: number, cycleStart: Date, exceptOrderNo: string | null = null): Promise<number> {
  const [bought] = await db.select({ n: count() }).from(lineAddOns)
    .where(and(eq(lineAddOns.lineId, lineId), eq(lineAddOns.kind, 'data'), eq(lineAddOns.cycleStart, cycleStart)));
  const [paying] = await db.select({ n: count() }).from(orders)
    .where(and(eq(orders.lineId, lineId), eq(orders.kind, 'addOn'), eq(orders.status, 'paying'),
      exceptOrderNo ? sql`${orders.orderNo} <> ${exceptOrderNo}` : sql`true`));
  return Number(bought?.n ?? 0) + Number(paying?.n ?? 0);
}

export interface GlobalTerm { packId: number; regionCode: string; dataMb: number; days: number; startsAt: Date; expiresAt: Date }

/**
 * A global data SIM's pack in force and what follows it: the pack bought with the card (from activation, for its
 * days) and the renewals since, each starting when the one before ends.
 */
export async function globalTermsOf(db: Db, line: LineRow): Promise<GlobalTerm[]> {
  const terms: GlobalTerm[] = [];
  const [first] = await db.select({ pack: globalPacks, sim: sims, activatedAt: activations.activatedAt }).from(sims)
    .innerJoin(globalPacks, eq(globalPacks.id, sims.globalPackId))
    .leftJoin(activations, and(eq(activations.iccid, sims.iccid), eq(activations.status, 'activated')))
    .where(eq(sims.iccid, line.iccid)).limit(1);
  if (first) {
    const startsAt = first.activatedAt ?? line.createdAt;
    const days = first.pack.days * (first.sim.months ?? 1);
    terms.push({ packId: first.pack.id, regionCode: first.pack.regionCode, dataMb: first.pack.dataMb, days, startsAt, expiresAt: new Date(startsAt.getTime() + days * 86_400_000) });
  }
  const renewals = await db.select({ addOn: lineAddOns, pack: globalPacks }).from(lineAddOns)
    .innerJoin(globalPacks, eq(globalPacks.id, lineAddOns.globalPackId))
    .where(and(eq(lineAddOns.lineId, line.id), eq(lineAddOns.kind, 'global'))).orderBy(lineAddOns.startsAt);
  for (const r of renewals) {
    terms.push({ packId: r.pack.id, regionCode: r.pack.regionCode, dataMb: r.pack.dataMb, days: r.pack.days, startsAt: r.addOn.startsAt, expiresAt: r.addOn.expiresAt });
  }
  return terms;
}
