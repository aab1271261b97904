/**
 * The dual number on the server's clock (decision 0014: exact times, one run per line and moment by dedupe key):
 * - dual.clock {event: open}: asks the partner to open the held China number; the answer moves the chart
 *   (networkOpened, or networkFailed: 120073).
 * - dual.clock {event: periodEnd, ref: the period's end}: the month is due: charged when the line has a main plan and
 *   the General account $1.99, otherwise the number is paused; a pending close closes.
 * - dual.clock {event: overdue | release | auditDeadline | reviewOverdue}: the chart's deadlines, each guarded by the
 *   chart itself (3 months paused, 3 months closed, 30 days after a failed review, 3 working days of review).
 * - dual.clock {event: resumeAfterTopUp}: a top-up was credited: a paused number pays its month and resumes.
 * - dual.network: the partner pauses, resumes, closes or releases a China number (idempotent by the job's key).
 * - dual.message: one email and SMS to the customer, or the reviewers' reminder.
 * A job whose moment has passed (the line moved meanwhile) does nothing: the chart or the stored dates say no.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DualNumberEvent } from '../../../machines/dualNumber.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import type { LifecycleActions } from '../db/lifecycle';
import { dualNumbers, lines, realNameApplications } from '../db/schema';
import type { JobHandler } from '../jobs/types';
import { GatewayError } from '../http/errors';
import { usLineOf, linesOf } from '../portal';
import { applyDualEvent, dualRowOf, partnerLineRef, type DualLine } from './lifecycle';
import { dualActions, payFacts } from './service';
import { DUAL_JOB, DUAL_MESSAGE_JOB, DUAL_NETWORK_JOB, type DualClockJob } from './jobRequests';
import { sendDualMessage } from './messages';

async function lineById(deps: Deps, lineId: number): Promise<(DualLine & { msisdn: string | null }) | null> {
  const [line] = await deps.db.select({ id: lines.id, customerId: lines.customerId, msisdn: lines.msisdn }).from(lines).where(eq(lines.id, lineId));
  return line ?? null;
}

/**
 * Applies a clock event the line may have moved past: the chart refusing it (dualUnchanged) is not a failure, nor is
 * a balance that fell short (120081) unless `retryShort`: then the job fails and its retry reads the facts again.
 */
async function applyIfStill(deps: Deps, line: DualLine, event: DualNumberEvent, actions: LifecycleActions<DualNumberEvent> = dualActions(deps, line), retryShort = false): Promise<void> {
  try {
    await applyDualEvent(deps, line, event, actions);
  } catch (error) {
    if (error instanceof GatewayError && (error.code === 'dualUnchanged' || (error.code === '120081' && !retryShort))) return;
    throw error;
  }
}

const clock: JobHandler = async (deps, job) => {
  const event = job.payload.event as DualClockJob;
  if (event === 'resumeAfterTopUp') {
    const us = usLineOf(await linesOf(deps, Number(job.payload.customerId)));
    if (!us) return;
    const line = { id: us.id, customerId: us.customerId };
    const row = await dualRowOf(deps.db, line.id);
    if (row?.state !== 'paused') return;
    await applyIfStill(deps, line, { type: 'dual.resume', ...(await payFacts(deps, line)) });
    return;
  }
  const line = await lineById(deps, Number(job.payload.lineId));
  const row = line ? await dualRowOf(deps.db, line.id) : null;
  if (!line || !row) return;
  const ref = String(job.payload.ref);
  const now = deps.clock.now().toISOString();
  switch (event) {
    case 'open': {
      if (row.state !== 'opening' || !row.chinaNumber) return;
      const answer = await deps.network.setChinaNumber({ requestId: job.dedupeKey, lineRef: partnerLineRef(line.id), number: row.chinaNumber, usMsisdn: line.msisdn, state: 'open' });
      await applyIfStill(deps, line, answer.state === 'done' ? { type: 'dual.networkOpened' } : { type: 'dual.networkFailed', failure: answer.failure ?? 'UNKNOWN' });
      return;
    }
    case 'periodEnd': {
      // Only the period this job was made for: a resume or a reopen since started another with its own job.
      if (row.periodEndsAt?.toISOString() !== ref) return;
      // Checked again with the row locked: a run of the same job at once (a lease that ran out) that read the row
      // before this one charged would otherwise charge the next period now.
      const base = dualActions(deps, line);
      const samePeriod = async (tx: Db) => {
        const [locked] = await tx.select({ periodEndsAt: dualNumbers.periodEndsAt }).from(dualNumbers).where(eq(dualNumbers.lineId, line.id));
        if (locked?.periodEndsAt?.toISOString() !== ref) throw new GatewayError('dualUnchanged');
      };
      const actions: LifecycleActions<DualNumberEvent> = Object.fromEntries(Object.entries(base).map(([name, run]) => [name, async (tx: Db, e: DualNumberEvent) => {
        await samePeriod(tx);
        await run(tx, e);
      }]));
      // The balance spent since it was read (120081): done here, the number would stay open past its paid period with
      // no job left to charge or pause it. The job's retry reads the balance again and charges or pauses.
      await applyIfStill(deps, line, { type: 'dual.periodEnd', ...(await payFacts(deps, line)) }, actions, true);
      return;
    }
    case 'overdue':
      if (row.state !== 'paused' || !row.pausedAt) return;
      await applyIfStill(deps, line, { type: 'dual.overdue', pausedAt: row.pausedAt.toISOString(), at: now });
      return;
    case 'release':
      if (row.state !== 'closed.numberKept' || !row.closedAt) return;
      await applyIfStill(deps, line, { type: 'dual.releaseNumber', closedAt: row.closedAt.toISOString(), at: now });
      return;
    case 'auditDeadline': {
      if (row.state !== 'auditFailed') return;
      const [failed] = await deps.db.select({ decidedAt: realNameApplications.decidedAt }).from(realNameApplications)
        .where(and(eq(realNameApplications.lineId, line.id), eq(realNameApplications.status, 'rejected'))).orderBy(desc(realNameApplications.id)).limit(1);
      if (!failed?.decidedAt) return;
      await applyIfStill(deps, line, { type: 'dual.auditDeadline', failedAt: failed.decidedAt.toISOString(), at: now });
      return;
    }
    case 'reviewOverdue': {
      const [app] = await deps.db.select({ status: realNameApplications.status }).from(realNameApplications).where(eq(realNameApplications.id, Number(ref)));
      if (app?.status !== 'underReview') return;
      await applyIfStill(deps, line, { type: 'dual.reviewOverdue' });
      return;
    }
  }
};

const network: JobHandler = async (deps, job) => {
  const lineId = Number(job.payload.lineId);
  const line = await lineById(deps, lineId);
  // A release asked for an application given up is not sent when the line holds the number again (it applied again
  // before this job ran, and the partner gave it the number it still held for the line).
  if (job.payload.state === 'released' && (await dualRowOf(deps.db, lineId))?.chinaNumber === String(job.payload.number)) return;
  await deps.network.setChinaNumber({
    requestId: job.dedupeKey, lineRef: partnerLineRef(lineId), number: String(job.payload.number), usMsisdn: line?.msisdn ?? null,
    state: job.payload.state as 'open' | 'paused' | 'closed' | 'released',
  });
};

export const dualJobHandlers: Record<string, JobHandler> = {
  [DUAL_JOB]: clock,
  [DUAL_NETWORK_JOB]: network,
  [DUAL_MESSAGE_JOB]: sendDualMessage,
};
