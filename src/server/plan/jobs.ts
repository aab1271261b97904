/**
 * The plan's jobs on the server's clock (decision 0014: exact times, one run per line and time by dedupe key):
 * - plan.remind {lineId, expiresAt}: 10 AM Pacific three days before the last paid term ends: the renewal to come
 *   (auto-renewal open) or the expiry (not open).
 * - plan.renew {lineId, expiresAt}: 0:00 Pacific the day before expiry, tries again at 1:00 and 2:00 (decision 0025);
 *   after the last failed try the customer is told (email and SMS) and the term's end tries once more.
 * - plan.cycleEnd {lineId, at}: a 30-day cycle ends: a last renewal try when nothing follows and auto-renewal is on,
 *   then the plan chart's plan.cycleEnd; nothing paid after it: the line is suspended (service chart).
 * - plan.renewalPaid {orderNo}: enqueued by the payment that paid a renewal or recovery: the term is written to the line.
 * - plan.networkBar {lineId, barred}: tells the network to bar the line (911 and 611 only) or lift it.
 * - service.removeNumber {lineId, suspendedAt}: 90 days after a suspension: the number goes back to the network.
 * - plan.recoverAfterTopUp {customerId}: a top-up was credited: a line suspended for an unpaid renewal is recovered
 *   from the balance when it covers the plan and the fee.
 * - plan.message: one email and SMS (src/server/plan/messages.ts).
 */
import { and, eq } from 'drizzle-orm';
import { renewalTryAt, RENEWAL_TRY_HOURS } from '../../domain/planCalendar';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balances, lineLifecycles, lines } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler, JobOutcome, RecurringJob } from '../jobs/types';
import { GatewayError } from '../http/errors';
import { applyServiceEvent, unlessMoved, type LineRef } from './lifecycles';
import { endCycle, lifecyclesOf, lineRef } from './plan';
import { lastTermPlan, paidUntil, scheduleUnscheduledTerms, CYCLE_END_JOB, REMIND_JOB, RENEW_JOB, SCHEDULE_JOB } from './terms';
import { messageJob, MESSAGE_JOB, sendPlanMessage } from './messages';
import { startPlanOfActivatedCard } from './activation';
import { applyPaidRenewal, BAR_JOB, chargeRenewal, REMOVE_NUMBER_JOB, renewalFor, suspendUnpaid } from './renewal';
import { recoveryFeeOf } from './keeping';

export const RENEWAL_PAID_JOB = 'plan.renewalPaid';
export const RECOVER_AFTER_TOP_UP_JOB = 'plan.recoverAfterTopUp';

const renews = (state: string) => state.startsWith('open') || state === 'closing';
const methodOf = (state: string, method: string | null): 'card' | 'balance' => (state === 'open.card' || (state === 'closing' && method === 'card') ? 'card' : 'balance');
/** When a card attempt's answer is not known yet, the renewal looks again then (reconciliation settles it meanwhile). */
const PENDING_LOOK_AGAIN_MS = 2 * 60_000;

/** The term this job was scheduled for is still the last one paid (nothing renewed or changed it since). */
async function stillLastTerm(deps: Deps, lineId: number, expiresAt: Date): Promise<boolean> {
  const until = await paidUntil(deps.db, lineId);
  return until !== null && until.getTime() === expiresAt.getTime();
}

/** One try to renew the term that ends at `expiresAt`; answers the outcome, or null when there is nothing to renew. */
async function tryRenewal(deps: Deps, line: LineRef, expiresAt: Date) {
  const lc = await lifecyclesOf(deps, line);
  if (!renews(lc.autoRenewalState) || lc.serviceState !== 'active' || lc.planState === 'none') return null;
  const renewal = await renewalFor(deps, { line, kind: 'renewal', periodStart: expiresAt, method: methodOf(lc.autoRenewalState, lc.autoRenewalMethod) });
  if (renewal.appliedAt) return { outcome: { status: 'succeeded' as const, failureCode: null }, renewal };
  return { outcome: await chargeRenewal(deps, renewal), renewal };
}

const renew: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const line = await lineRef(deps.db, Number(job.payload.lineId));
  const expiresAt = new Date(String(job.payload.expiresAt));
  if (!(await stillLastTerm(deps, line.id, expiresAt))) return;
  const tried = await tryRenewal(deps, line, expiresAt);
  if (!tried) return;
  const { outcome, renewal } = tried;
  if (outcome.status === 'pending') return { retryAt: new Date(deps.clock.now().getTime() + PENDING_LOOK_AGAIN_MS) };
  if (outcome.status === 'succeeded') return;
  // `renewal` is the row as this try found it: this try was its tries + 1.
  const tries = renewal.tries + 1;
  const next = renewalTryAt(expiresAt, tries);
  if (tries < RENEWAL_TRY_HOURS.length && next > deps.clock.now()) return { retryAt: next };
  // Every try of the night failed: the customer hears why and what to do; the term's end tries once more.
  await enqueueJob(deps.db, messageJob('renewalFailed', line.id, renewal.orderNo, deps.clock.now()));
};

const remind: JobHandler = async (deps, job) => {
  const line = await lineRef(deps.db, Number(job.payload.lineId));
  const expiresAt = new Date(String(job.payload.expiresAt));
  if (!(await stillLastTerm(deps, line.id, expiresAt))) return;
  const lc = await lifecyclesOf(deps, line);
  if (lc.serviceState !== 'active' || lc.planState === 'none') return;
  await enqueueJob(deps.db, messageJob('reminder', line.id, expiresAt.toISOString(), deps.clock.now()));
};

const cycleEnd: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const line = await lineRef(deps.db, Number(job.payload.lineId));
  const at = new Date(String(job.payload.at));
  if (await stillLastTerm(deps, line.id, at)) {
    // Nothing follows this cycle yet: the renewal's last chance (a top-up or a new card since the night's tries).
    const tried = await tryRenewal(deps, line, at);
    if (tried?.outcome.status === 'pending') return { retryAt: new Date(deps.clock.now().getTime() + PENDING_LOOK_AGAIN_MS) };
  }
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const next = await endCycle(deps, line, at, tx);
    if (next === 'nothing') await suspendUnpaid(deps, line, tx);
  });
};

const renewalPaid: JobHandler = async (deps, job) => { await applyPaidRenewal(deps, String(job.payload.orderNo)); };

const networkBar: JobHandler = async (deps, job) => {
  const [line] = await deps.db.select({ iccid: lines.iccid }).from(lines).where(eq(lines.id, Number(job.payload.lineId)));
  if (!line) return;
  await deps.network.setBarring({ requestId: job.dedupeKey, iccid: line.iccid, barred: job.payload.barred === true });
};

const removeNumber: JobHandler = async (deps, job) => {
  const line = await lineRef(deps.db, Number(job.payload.lineId));
  const suspendedAt = String(job.payload.suspendedAt);
  const now = deps.clock.now();
  // Recovered meanwhile (active), or suspended again later (its own job): the chart or the date says no. The date is
  // the suspension this job was made for: a line suspended again since, or whose number was kept meanwhile (issue 16:
  // the 90 days start again when keeping ends, decision 0035), has a later suspended_at and a job of its own.
  await unlessMoved(() => applyServiceEvent(deps, line, { type: 'service.removeNumber', suspendedAt, at: now.toISOString() }, {
    releaseNumber: async (tx) => {
      const [lc] = await tx.select({ suspendedAt: lineLifecycles.suspendedAt }).from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id));
      if (lc?.suspendedAt?.toISOString() !== suspendedAt) throw new GatewayError('serviceUnchanged');
      const [row] = await tx.select({ msisdn: lines.msisdn, iccid: lines.iccid }).from(lines).where(eq(lines.id, line.id));
      await tx.update(lines).set({ msisdn: null }).where(eq(lines.id, line.id));
      await enqueueJob(tx, messageJob('numberRemoved', line.id, row?.msisdn ?? '', now));
    },
  }), 'serviceUnchanged');
};

/**
 * Recovery from the General balance, when it covers the plan and the fee (decision 0026); also of a line whose number is
 * kept, which ends the keeping (decision 0035; a top-up alone does not: recoverAfterTopUp looks at unpaid lines only).
 */
export async function recoverFromBalance(deps: Deps, line: LineRef, method: 'balance' | 'card' = 'balance') {
  const lc = await lifecyclesOf(deps, line);
  if ((lc.serviceState !== 'suspended.unpaid' && lc.serviceState !== 'suspended.kept') || !lc.suspendedAt) throw new GatewayError('notSuspended');
  const now = deps.clock.now();
  const plan = await lastTermPlan(deps.db, line.id);
  const feeCents = recoveryFeeOf(lc, now);
  if (method === 'balance') {
    const [balance] = await deps.db.select({ general: balances.generalCents }).from(balances).where(eq(balances.customerId, line.customerId));
    if ((balance?.general ?? 0) < (plan?.monthlyPriceCents ?? 0) + feeCents) throw new GatewayError('120081');
  }
  // One recovery per suspension: its period starts when the suspension did, so two runs find one row and one order.
  const renewal = await renewalFor(deps, { line, kind: 'recovery', periodStart: lc.suspendedAt, method, feeCents });
  return { renewal, outcome: await chargeRenewal(deps, renewal) };
}

const recoverAfterTopUp: JobHandler = async (deps, job) => {
  const customerId = Number(job.payload.customerId);
  const suspended = await deps.db.select({ id: lines.id }).from(lines).innerJoin(lineLifecycles, eq(lineLifecycles.lineId, lines.id))
    .where(and(eq(lines.customerId, customerId), eq(lineLifecycles.serviceState, 'suspended.unpaid')));
  for (const { id } of suspended) {
    await unlessMoved(() => recoverFromBalance(deps, { id, customerId }), '120081', 'notSuspended');
  }
};

export const planJobHandlers: Record<string, JobHandler> = {
  [REMIND_JOB]: remind,
  [RENEW_JOB]: renew,
  [CYCLE_END_JOB]: cycleEnd,
  [RENEWAL_PAID_JOB]: renewalPaid,
  [BAR_JOB]: networkBar,
  [REMOVE_NUMBER_JOB]: removeNumber,
  [RECOVER_AFTER_TOP_UP_JOB]: recoverAfterTopUp,
  [MESSAGE_JOB]: sendPlanMessage,
  'plan.startAtActivation': async (deps, job) => {
    await startPlanOfActivatedCard(deps, { lineId: Number(job.payload.lineId), customerId: Number(job.payload.customerId), iccid: String(job.payload.iccid) });
  },
  [SCHEDULE_JOB]: async (deps) => { await scheduleUnscheduledTerms(deps.db, deps.clock.now()); },
};

/** The plan jobs that come back on their own (jobs/handlers.ts gathers every area's). */
export const planRecurringJobs: readonly RecurringJob[] = [{ kind: SCHEDULE_JOB, everyMs: 10 * 60_000 }];
