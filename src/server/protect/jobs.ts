/**
 * Number keeping on the server's clock (decision 0014: exact times, one run per line and moment by dedupe key):
 * - protect.clock {event: periodEnd, ref: the end of the days bought}: the days ran out: keeping ends (the number stays
 *   suspended 90 days, then is recycled by the service chart's removal).
 * - protect.clock {event: earlyEnd, ref: when the early end takes effect}: 4-5 hours after the customer asked.
 * - protect.network: the network keeps the number with its allowance, or stops keeping it (idempotent by the job's key).
 * - protect.message: one email and SMS to the customer.
 * A job whose moment has passed (more periods bought since, the line recovered) does nothing: the stored dates or the
 * chart say no.
 */
import { eq } from 'drizzle-orm';
import type { NumberProtectEvent } from '../../../machines/numberProtect.machine';
import { PROTECT_TEXTS, PROTECT_VOICE_MINUTES } from '../../domain/numberKeeping';
import type { Deps } from '../context';
import { lines } from '../db/schema';
import { GatewayError } from '../http/errors';
import type { JobHandler } from '../jobs/types';
import { applyProtectEvent, keepingRowOf, type KeepingLine } from './lifecycle';
import { protectActions } from './service';
import { PROTECT_CLOCK_JOB, PROTECT_MESSAGE_JOB, PROTECT_NETWORK_JOB, type ProtectClockJob } from './jobRequests';
import { sendProtectMessage } from './messages';

async function lineById(deps: Deps, lineId: number): Promise<(KeepingLine & { iccid: string }) | null> {
  const [line] = await deps.db.select({ id: lines.id, customerId: lines.customerId, iccid: lines.iccid }).from(lines).where(eq(lines.id, lineId));
  return line ?? null;
}

/** Applies a clock event the line may have moved past: the chart refusing it (protectUnchanged) is not a failure. */
async function applyIfStill(deps: Deps, line: KeepingLine, event: NumberProtectEvent): Promise<void> {
  try {
    await applyProtectEvent(deps, line, event, protectActions(deps, line));
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'protectUnchanged') return;
    throw error;
  }
}

const clock: JobHandler = async (deps, job) => {
  const event = job.payload.event as ProtectClockJob;
  const line = await lineById(deps, Number(job.payload.lineId));
  const row = line ? await keepingRowOf(deps.db, line.id) : null;
  if (!line || !row) return;
  const ref = String(job.payload.ref);
  const at = deps.clock.now().toISOString();
  if (event === 'periodEnd') {
    // Only the end this job was made for: periods bought since moved it, with a job of their own.
    if (row.keptUntil?.toISOString() !== ref) return;
    await applyIfStill(deps, line, { type: 'protect.periodEnd', keptUntil: ref, at });
    return;
  }
  if (row.endsAt?.toISOString() !== ref) return;
  await applyIfStill(deps, line, { type: 'protect.earlyEndDue', endsAt: ref, at });
};

const network: JobHandler = async (deps, job) => {
  const line = await lineById(deps, Number(job.payload.lineId));
  if (!line) return;
  const from = job.payload.from ? new Date(String(job.payload.from)) : null;
  await deps.network.setKeeping({
    requestId: job.dedupeKey, iccid: line.iccid,
    keeping: from ? { from, voiceSeconds: PROTECT_VOICE_MINUTES * 60, texts: PROTECT_TEXTS } : null,
  });
};

export const protectJobHandlers: Record<string, JobHandler> = {
  [PROTECT_CLOCK_JOB]: clock,
  [PROTECT_NETWORK_JOB]: network,
  [PROTECT_MESSAGE_JOB]: sendProtectMessage,
};
