/** Number keeping's job requests (handled in jobs.ts): one per line, event and moment, by dedupe key. */
import type { JobRequest } from '../jobs/queue';

export type ProtectClockJob = 'periodEnd' | 'earlyEnd';
export type ProtectMessage = 'started' | 'extended' | 'ending' | 'ended';

export const PROTECT_CLOCK_JOB = 'protect.clock';
export const PROTECT_NETWORK_JOB = 'protect.network';
export const PROTECT_MESSAGE_JOB = 'protect.message';

/** `ref` is the moment the job was made for: the end of the days bought, or when the early end takes effect. */
export const protectClockJob = (event: ProtectClockJob, lineId: number, at: Date): JobRequest => ({
  kind: PROTECT_CLOCK_JOB, dedupeKey: `${PROTECT_CLOCK_JOB}:${event}:${lineId}:${at.toISOString()}`, payload: { event, lineId, ref: at.toISOString() }, runAt: at,
});

/** The network keeps the line's number (from `from`, with the period's allowance), or stops keeping it. */
export const protectNetworkJob = (lineId: number, from: Date | null, now: Date): JobRequest => ({
  kind: PROTECT_NETWORK_JOB, dedupeKey: `${PROTECT_NETWORK_JOB}:${lineId}:${from ? 'keep' : 'end'}:${now.toISOString()}`,
  payload: { lineId, from: from?.toISOString() ?? null }, runAt: now,
});

export const protectMessageJob = (message: ProtectMessage, lineId: number, ref: string, runAt: Date): JobRequest => ({
  kind: PROTECT_MESSAGE_JOB, dedupeKey: `${PROTECT_MESSAGE_JOB}:${message}:${lineId}:${ref}`, payload: { message, lineId, ref }, runAt,
});
