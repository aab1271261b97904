/**
 * The referral programme's job requests (handled in jobs.ts): one per referral, event and moment, by dedupe key.
 * The payments and activation areas enqueue REFERRAL_RECORD_JOB and REFERRAL_ACTIVATED_JOB by these names in their own
 * transactions, so they need not import this area.
 */
import type { JobRequest } from '../jobs/queue';

export const REFERRAL_RECORD_JOB = 'referral.record';
export const REFERRAL_ACTIVATED_JOB = 'referral.activated';
export const REFERRAL_CLOCK_JOB = 'referral.clock';
export const REFERRAL_CREDIT_JOB = 'referral.credit';
export const REFERRAL_TOP_JOB = 'referral.topReferrer';

export type ReferralClockEvent = 'lapse' | 'qualify' | 'expire';

/** `ref` is the moment the job was made for: a job whose moment moved (the sandbox's qualifiesIn) does nothing. */
export const referralClockJob = (event: ReferralClockEvent, rewardId: number, at: Date): JobRequest => ({
  kind: REFERRAL_CLOCK_JOB, dedupeKey: `${REFERRAL_CLOCK_JOB}:${event}:${rewardId}:${at.toISOString()}`, payload: { event, rewardId, ref: at.toISOString() }, runAt: at,
});

export const referralCreditJob = (rewardId: number, at: Date): JobRequest => ({
  kind: REFERRAL_CREDIT_JOB, dedupeKey: `${REFERRAL_CREDIT_JOB}:${rewardId}`, payload: { rewardId }, runAt: at,
});

/** The top referrer of an edition, at its count cutoff. */
export const referralTopJob = (editionId: string, at: Date): JobRequest => ({
  kind: REFERRAL_TOP_JOB, dedupeKey: `${REFERRAL_TOP_JOB}:${editionId}`, payload: { editionId }, runAt: at,
});
