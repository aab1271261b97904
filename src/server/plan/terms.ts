/**
 * A line's terms: one plan_subscriptions row per 30-day cycle ("Cycle 30 days"; "multi-month plans run in sequence"),
 * status 'main' for the plan bought and renewed, 'pending' for a changed plan that waits for the current one to expire.
 * Each cycle's row counts its own high-speed data (usage draws it down), so the allowance resets every cycle. Every
 * cycle written here gets its end on the job runner (plan.cycleEnd), and the last one its reminder and renewal
 * (decision 0025): one job per line and time, whoever writes it first.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { CYCLE_MS, reminderAt, renewalRunsAt } from '../../domain/planCalendar';
import type { Db } from '../db/database';
import { jobs, planSubscriptions, plans } from '../db/schema';
import { enqueueJob } from '../jobs/queue';

export const CYCLE_END_JOB = 'plan.cycleEnd';
export const RENEW_JOB = 'plan.renew';
export const REMIND_JOB = 'plan.remind';

export type Term = typeof planSubscriptions.$inferSelect;

const lineTime = (lineId: number, at: Date) => `${lineId}:${at.toISOString()}`;

/** The cycle end, and for the last cycle its reminder and renewal try, as jobs at their exact times. */
export async function scheduleTermJobs(tx: Db, lineId: number, cycleEnds: Date[]): Promise<void> {
  for (const end of cycleEnds) {
    await enqueueJob(tx, { kind: CYCLE_END_JOB, dedupeKey: `${CYCLE_END_JOB}:${lineTime(lineId, end)}`, payload: { lineId, at: end.toISOString() }, runAt: end });
  }
  const last = cycleEnds.at(-1);
  if (!last) return;
  await enqueueJob(tx, { kind: REMIND_JOB, dedupeKey: `${REMIND_JOB}:${lineTime(lineId, last)}`, payload: { lineId, expiresAt: last.toISOString() }, runAt: reminderAt(last) });
  await enqueueJob(tx, { kind: RENEW_JOB, dedupeKey: `${RENEW_JOB}:${lineTime(lineId, last)}`, payload: { lineId, expiresAt: last.toISOString() }, runAt: renewalRunsAt(last) });
}

/** Writes `months` cycles of a plan from `from`, one row each, and schedules them. */
export async function writeCycles(tx: Db, input: { lineId: number; planId: number; months: number; from: Date; status: 'main' | 'pending'; autoRenew: boolean }): Promise<Term[]> {
  const rows = Array.from({ length: input.months }, (_, i) => ({
    lineId: input.lineId, planId: input.planId, status: input.status, autoRenew: input.autoRenew, dataUsedMb: 0,
    startsAt: new Date(input.from.getTime() + i * CYCLE_MS), expiresAt: new Date(input.from.getTime() + (i + 1) * CYCLE_MS),
  }));
  const written = await tx.insert(planSubscriptions).values(rows).returning();
  await scheduleTermJobs(tx, input.lineId, written.map((r) => r.expiresAt));
  return written;
}

/** The line's terms that have not ended, in the order they run. */
export const openTerms = (tx: Db, lineId: number, now: Date): Promise<Term[]> =>
  tx.select().from(planSubscriptions).where(and(eq(planSubscriptions.lineId, lineId), gt(planSubscriptions.expiresAt, now))).orderBy(asc(planSubscriptions.startsAt));

/** When the last paid term of the line ends (the renewal pays for what follows it); null without any. */
export async function paidUntil(tx: Db, lineId: number): Promise<Date | null> {
  const [last] = await tx.select({ expiresAt: planSubscriptions.expiresAt }).from(planSubscriptions)
    .where(eq(planSubscriptions.lineId, lineId)).orderBy(desc(planSubscriptions.expiresAt)).limit(1);
  return last?.expiresAt ?? null;
}

/** The cycle that starts at `at` (the one after a cycle ending then), if any. */
export async function cycleStartingAt(tx: Db, lineId: number, at: Date): Promise<Term | null> {
  const [row] = await tx.select().from(planSubscriptions)
    .where(and(eq(planSubscriptions.lineId, lineId), lte(planSubscriptions.startsAt, at), gt(planSubscriptions.expiresAt, at)))
    .orderBy(asc(planSubscriptions.startsAt)).limit(1);
  return row ?? null;
}

/** The plan a renewal pays for: the plan of the line's last term (the changed plan, once one is ordered). */
export async function lastTermPlan(tx: Db, lineId: number): Promise<{ planId: number; name: string; monthlyPriceCents: number } | null> {
  const [row] = await tx.select({ planId: plans.id, name: plans.name, monthlyPriceCents: plans.monthlyPriceCents })
    .from(planSubscriptions).innerJoin(plans, eq(plans.id, planSubscriptions.planId))
    .where(eq(planSubscriptions.lineId, lineId)).orderBy(desc(planSubscriptions.expiresAt)).limit(1);
  return row ?? null;
}

/** The pending plan's cycles become the main plan ("A changed plan starts when the current one expires"). */
export async function promotePending(tx: Db, lineId: number): Promise<void> {
  await tx.update(planSubscriptions).set({ status: 'main' }).where(and(eq(planSubscriptions.lineId, lineId), eq(planSubscriptions.status, 'pending')));
}

/** The line's terms carry the auto-renew flag the plan shows (spec section 3, Plan: "auto-renew flag"). */
export async function markAutoRenew(tx: Db, lineId: number, autoRenew: boolean, now: Date): Promise<void> {
  await tx.update(planSubscriptions).set({ autoRenew }).where(and(eq(planSubscriptions.lineId, lineId), gt(planSubscriptions.expiresAt, now)));
}


export const SCHEDULE_JOB = 'plan.schedule';

/**
 * Terms written before this area existed (the seed's demo line, a plan given at activation by an older gateway) have
 * no jobs: the recurring plan.schedule gives them theirs. One query when every term has its job.
 */
export async function scheduleUnscheduledTerms(db: Db, now: Date): Promise<number> {
  const iso = sql`to_char(${planSubscriptions.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const missing = await db.selectDistinct({ lineId: planSubscriptions.lineId }).from(planSubscriptions)
    .where(and(gt(planSubscriptions.expiresAt, now), sql`not exists (select 1 from ${jobs} where ${jobs.dedupeKey} = ${CYCLE_END_JOB} || ':' || ${planSubscriptions.lineId} || ':' || ${iso})`));
  for (const { lineId } of missing) {
    const ends = await db.select({ expiresAt: planSubscriptions.expiresAt }).from(planSubscriptions)
      .where(and(eq(planSubscriptions.lineId, lineId), gt(planSubscriptions.expiresAt, now))).orderBy(asc(planSubscriptions.expiresAt));
    await scheduleTermJobs(db, lineId, ends.map((e) => e.expiresAt));
  }
  return missing.length;
}
