/** The dual number's job requests (handled in jobs.ts): one per line, event and moment, by dedupe key. */
import type { ChinaNumberRequest } from '../adapters/network';
import type { JobRequest } from '../jobs/queue';

export type DualClockJob = 'open' | 'periodEnd' | 'overdue' | 'release' | 'auditDeadline' | 'reviewOverdue' | 'resumeAfterTopUp';
export type DualMessage = 'opened' | 'openFailed' | 'rejected' | 'paused' | 'resumed' | 'closed' | 'reviewOverdue';

export const DUAL_JOB = 'dual.clock';
export const DUAL_NETWORK_JOB = 'dual.network';
export const DUAL_MESSAGE_JOB = 'dual.message';

/** `ref` tells occurrences apart: the moment the job was asked for, the period's end, the application. */
export const dualJob = (event: DualClockJob, lineId: number, ref: string, runAt: Date): JobRequest => ({
  kind: DUAL_JOB, dedupeKey: `${DUAL_JOB}:${event}:${lineId}:${ref}`, payload: { event, lineId, ref }, runAt,
});

export const networkJob = (lineId: number, number: string, state: ChinaNumberRequest['state'], at: Date): JobRequest => ({
  kind: DUAL_NETWORK_JOB, dedupeKey: `${DUAL_NETWORK_JOB}:${lineId}:${number}:${state}:${at.toISOString()}`,
  payload: { lineId, number, state }, runAt: at,
});

export const dualMessageJob = (message: DualMessage, lineId: number, ref: string, runAt: Date): JobRequest => ({
  kind: DUAL_MESSAGE_JOB, dedupeKey: `${DUAL_MESSAGE_JOB}:${message}:${lineId}:${ref}`, payload: { message, lineId, ref }, runAt,
});
