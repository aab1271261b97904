/** The bank card points' job requests (handled in jobs.ts), by dedupe key. */
import type { JobRequest } from '../jobs/queue';

/** Named by the payments area too (src/server/payments/settle.ts): a settled card payment, looked at for cashback. */
export const WELFARE_CARD_PAID_JOB = 'welfare.cardPaid';
export const WELFARE_CLOSE_JOB = 'welfare.close';
/**
 * The edition's close runs this long after its end, so a payment settled just before the end (its job retried, or the
 * payment settled by reconciliation a few minutes late) is credited before the participation ends.
 */
export const CLOSE_AFTER_MS = 60 * 60_000;

export const closeJob = (participationId: number, endsAt: Date): JobRequest => ({
  kind: WELFARE_CLOSE_JOB, dedupeKey: `${WELFARE_CLOSE_JOB}:${participationId}`, payload: { participationId, endsAt: endsAt.toISOString() },
  runAt: new Date(endsAt.getTime() + CLOSE_AFTER_MS),
});
