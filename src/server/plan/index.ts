/**
 * Plans over time (issue 15): a line's plan, auto-renewal and service lifecycles on the server's clock, renewals,
 * reminders, suspension and recovery. Other areas use:
 * - currentPlan(deps, lineId): the plan chart's state, the cycle in force (its start and end bound "per cycle" limits),
 *   the pending plan and until when the line is paid;
 * - requireMainPlan(deps, lineId): the cycle in force, or 120079 "no current main plan" (add-ons, roaming packs);
 * - assertCanOrderChange(deps, lineId): before a plan change is paid, 120079 / 120080;
 * - orderPlanChange(deps, line, { planId, months }, tx?): the paid change waits as the pending plan (in the caller's
 *   transaction when given), refused by the chart with 120079 / 120080;
 * - startPlan / renewPlan: a plan bought for a line without one; a paid renewal;
 * - suspendByStaff / restoreByStaff: customer service suspends a line for commercial or illegal use, and lifts it.
 */
export { assertCanOrderChange, currentPlan, endCycle, lifecyclesOf, lineRef, orderPlanChange, renewPlan, requireMainPlan, startPlan, type CurrentPlan, type PlanOrder } from './plan';
export type { LineRef } from './lifecycles';
export { planJobHandlers, planRecurringJobs, recoverFromBalance, RECOVER_AFTER_TOP_UP_JOB } from './jobs';
export { scheduleUnscheduledTerms } from './terms';
export { lockLifecycles, onServiceChange, type ServiceListener } from './lifecycles';
// Issue 16 (decision 0035): the service chart's side of number keeping.
export { endNumberKeeping, keepNumber } from './keeping';
export { lastTermPlan, paidUntil } from './terms';
export { planRoutes } from './routes';
export { lineByNumberOrIccid, restoreByStaff, STAFF_REASON_MAX, suspendByStaff } from './staff';
