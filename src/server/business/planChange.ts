/**
 * A plan change once paid (spec section 4: "A changed plan starts when the current one expires; multi-month plans run
 * in sequence"): the new plan's terms are written as pending plans, a 30-day term per month, the first starting when
 * the current plan expires. A small module on purpose: the plan lifecycle chart (issue 15, `plan`) takes the pending
 * plan over from here.
 */
import type { Db } from '../db/database';
import { planSubscriptions, stateHistory } from '../db/schema';

const MONTH_MS = 30 * 86_400_000;

export async function schedulePlanChange(
  tx: Db, change: { lineId: number; planId: number; months: number; startsAt: Date; orderNo: string; now: Date },
): Promise<void> {
  for (let i = 0; i < change.months; i++) {
    const startsAt = new Date(change.startsAt.getTime() + i * MONTH_MS);
    const [sub] = await tx.insert(planSubscriptions).values({
      lineId: change.lineId, planId: change.planId, status: 'pending', startsAt, expiresAt: new Date(startsAt.getTime() + MONTH_MS), autoRenew: false,
    }).returning({ id: planSubscriptions.id });
    await tx.insert(stateHistory).values({
      chart: 'plan', entityRef: `subscription:${sub!.id}`, fromState: 'none', event: 'plan.changeOrdered', toState: 'pending',
      meta: { orderNo: change.orderNo, lineId: change.lineId }, at: change.now,
    });
  }
}
