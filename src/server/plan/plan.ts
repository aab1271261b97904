/**
 * The plan of a line on the plan chart (machines/plan.machine.ts): start, change, renew and the end of each 30-day
 * cycle, each one event applied in one transaction with the terms it writes. What other areas use goes through
 * src/server/plan/index.ts: the plan in force, whether a change may be ordered, ordering it, starting a plan.
 */
import { eq } from 'drizzle-orm';
import type { NextCycle } from '../../../machines/plan.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lineLifecycles, lines, planSubscriptions, plans } from '../db/schema';
import { GatewayError } from '../http/errors';
import { applyPlanEvent, lockLifecycles, type LineRef } from './lifecycles';
import { cycleStartingAt, paidUntil, promotePending, writeCycles, type Term } from './terms';

export async function lineRef(db: Db, lineId: number): Promise<LineRef> {
  const [line] = await db.select({ id: lines.id, customerId: lines.customerId }).from(lines).where(eq(lines.id, lineId));
  if (!line) throw new GatewayError('noRecord');
  return line;
}

/** The line's lifecycle row (created from its terms when it has none), read in its own short transaction. */
export async function lifecyclesOf(deps: Deps, line: LineRef) {
  return deps.db.transaction(async (trx) => lockLifecycles(trx as unknown as Db, line.id, line.customerId, deps.clock.now()));
}

const renewing = async (tx: Db, lineId: number) => {
  const [row] = await tx.select({ state: lineLifecycles.autoRenewalState }).from(lineLifecycles).where(eq(lineLifecycles.lineId, lineId));
  return !!row && (row.state.startsWith('open') || row.state === 'closing');
};

export interface PlanOrder { planId: number; months: number }

/**
 * A plan bought for a line without one starts now: `months` cycles in sequence (none -> main). `from` is for the
 * sandbox's test lines only, whose plan may have started earlier (a plan that ends soon, to try what follows it).
 */
export function startPlan(deps: Deps, line: LineRef, order: PlanOrder, db: Db = deps.db, from: Date = deps.clock.now()) {
  return applyPlanEvent(deps, line, { type: 'plan.start', ...order }, {
    startTerm: async (tx) => {
      await writeCycles(tx, { lineId: line.id, planId: order.planId, months: order.months, from, status: 'main', autoRenew: await renewing(tx, line.id) });
    },
  }, db);
}

/**
 * A changed plan, ordered while one is in force, waits as the pending plan and starts when the last paid term of the
 * current one expires. Refused with 120079 without a plan, 120080 when a pending plan already exists.
 */
export function orderPlanChange(deps: Deps, line: LineRef, order: PlanOrder, db: Db = deps.db) {
  return applyPlanEvent(deps, line, { type: 'plan.orderChange', ...order }, {
    recordPendingPlan: async (tx) => {
      const from = (await paidUntil(tx, line.id)) ?? deps.clock.now();
      await writeCycles(tx, { lineId: line.id, planId: order.planId, months: order.months, from, status: 'pending', autoRenew: await renewing(tx, line.id) });
    },
  }, db);
}

/** Auto-renewal (or a renewal package) paid: the plan's cycles follow the last paid term. */
export function renewPlan(deps: Deps, line: LineRef, order: PlanOrder, db: Db = deps.db) {
  return applyPlanEvent(deps, line, { type: 'plan.renew', ...order }, {
    extendTerm: async (tx) => {
      const from = (await paidUntil(tx, line.id)) ?? deps.clock.now();
      await writeCycles(tx, { lineId: line.id, planId: order.planId, months: order.months, from, status: 'main', autoRenew: await renewing(tx, line.id) });
    },
  }, db);
}

/** What follows the cycle that ends at `at`, as the line's terms say. */
export async function nextCycleAfter(tx: Db, lineId: number, at: Date): Promise<NextCycle> {
  const next = await cycleStartingAt(tx, lineId, at);
  if (!next) return 'nothing';
  return next.status === 'pending' ? 'pendingPlan' : 'cycle';
}

/**
 * A cycle ended at `at`: the next cycle starts (its allowance unused), or the pending plan does, or the line has no
 * plan. Answers what followed, or null when the chart had already moved past it (another run).
 */
export async function endCycle(deps: Deps, line: LineRef, at: Date, db: Db = deps.db): Promise<NextCycle | null> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const row = await lockLifecycles(tx, line.id, line.customerId, deps.clock.now());
    if (row.planState === 'none') return null;
    const next = await nextCycleAfter(tx, line.id, at);
    await applyPlanEvent(deps, line, { type: 'plan.cycleEnd', next }, {
      startNextCycle: async () => undefined,
      startPendingPlan: async (t) => { await promotePending(t, line.id); },
      endTerm: async () => undefined,
    }, tx);
    return next;
  });
}

export interface CurrentPlan {
  state: 'none' | 'main.only' | 'main.pending';
  /** The cycle in force. */
  main: (Term & { planName: string; monthlyPriceCents: number }) | null;
  /** The changed plan's first cycle, when one waits. */
  pending: (Term & { planName: string }) | null;
  /** When the last paid term ends. */
  paidUntil: Date | null;
}

/** The line's plan: its chart state, the cycle in force, the pending plan, and until when it is paid. */
export async function currentPlan(deps: Deps, lineId: number): Promise<CurrentPlan> {
  const line = await lineRef(deps.db, lineId);
  const row = await lifecyclesOf(deps, line);
  const now = deps.clock.now();
  const terms = await deps.db.select({ term: planSubscriptions, name: plans.name, price: plans.monthlyPriceCents })
    .from(planSubscriptions).innerJoin(plans, eq(plans.id, planSubscriptions.planId))
    .where(eq(planSubscriptions.lineId, lineId));
  const live = terms.filter((t) => t.term.expiresAt > now).sort((a, b) => a.term.startsAt.getTime() - b.term.startsAt.getTime());
  const main = row.planState === 'none' ? undefined : live.find((t) => t.term.status === 'main' && t.term.startsAt <= now);
  const pending = live.find((t) => t.term.status === 'pending');
  return {
    state: row.planState as CurrentPlan['state'],
    main: main ? { ...main.term, planName: main.name, monthlyPriceCents: main.price } : null,
    pending: pending ? { ...pending.term, planName: pending.name } : null,
    paidUntil: (await paidUntil(deps.db, lineId)),
  };
}

/** Add-ons and roaming packs need "an active main plan" (spec section 1): the cycle in force, or 120079. */
export async function requireMainPlan(deps: Deps, lineId: number): Promise<NonNullable<CurrentPlan['main']>> {
  const plan = await currentPlan(deps, lineId);
  if (!plan.main) throw new GatewayError('120079');
  return plan.main;
}

/** A plan change may be ordered (before paying for it): 120079 without a plan, 120080 with a pending one. */
export async function assertCanOrderChange(deps: Deps, lineId: number): Promise<void> {
  const plan = await currentPlan(deps, lineId);
  if (plan.state === 'none' || !plan.main) throw new GatewayError('120079');
  if (plan.state === 'main.pending') throw new GatewayError('120080');
}

