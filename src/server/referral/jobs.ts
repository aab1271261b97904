/**
 * The referral programme on the server's clock (decision 0014: exact times, one run per referral and moment by dedupe
 * key; decision 0041):
 * - referral.record {orderNo}: a paid order with a code (enqueued by the payments area in the paying transaction).
 * - referral.activated {iccid}: a card was activated (enqueued by the activation area in the activating transaction).
 * - referral.clock {event: lapse | qualify | expire, rewardId, ref}: the card's activation window ended, the 35 days,
 *   the credits' 365 days. A job whose moment moved (the sandbox's qualifiesIn) does nothing; the chart guards the rest.
 * - referral.credit {rewardId}: the reward, credited once (the chart moves once; the ledger references are unique).
 * - referral.topReferrer {editionId}: the top referrer's iPhone at the count cutoff.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { referralRewards } from '../db/schema';
import type { JobHandler } from '../jobs/types';
import { REFERRAL_ACTIVATION_DAYS } from '../../domain/referral';
import { DAY_MS } from '../../domain/planCalendar';
import { REFERRAL_ACTIVATED_JOB, REFERRAL_CLOCK_JOB, REFERRAL_CREDIT_JOB, REFERRAL_RECORD_JOB, REFERRAL_TOP_JOB, type ReferralClockEvent } from './jobRequests';
import { applyIfStill, awardTopReferrer, lineFacts, recordReferrals, referralCardActivated } from './service';

const rowOf = async (deps: Deps, id: number) => (await deps.db.select().from(referralRewards).where(eq(referralRewards.id, id)))[0] ?? null;

const clock: JobHandler = async (deps, job) => {
  const event = job.payload.event as ReferralClockEvent;
  const r = await rowOf(deps, Number(job.payload.rewardId));
  if (!r) return;
  const ref = String(job.payload.ref);
  const at = deps.clock.now().toISOString();
  if (event === 'lapse') {
    const lapsesAt = new Date(r.paidAt.getTime() + REFERRAL_ACTIVATION_DAYS * DAY_MS).toISOString();
    await applyIfStill(deps, r.id, { type: 'referral.activationLapsed', lapsesAt, at });
    return;
  }
  if (event === 'qualify') {
    // Only the moment this job was made for: the sandbox may have moved it, with a job of its own.
    if (r.qualifiesAt?.toISOString() !== ref) return;
    await applyIfStill(deps, r.id, { type: 'referral.qualifyDue', qualifiesAt: ref, at, ...(await lineFacts(deps.db, r)) });
    return;
  }
  if (r.expiresAt?.toISOString() !== ref) return;
  await applyIfStill(deps, r.id, { type: 'referral.creditExpired', expiresAt: ref, at });
};

export const referralJobHandlers: Record<string, JobHandler> = {
  [REFERRAL_RECORD_JOB]: async (deps, job) => recordReferrals(deps, String(job.payload.orderNo)),
  [REFERRAL_ACTIVATED_JOB]: async (deps, job) => referralCardActivated(deps, String(job.payload.iccid)),
  [REFERRAL_CLOCK_JOB]: clock,
  [REFERRAL_CREDIT_JOB]: async (deps, job) => { await applyIfStill(deps, Number(job.payload.rewardId), { type: 'referral.credit' }); },
  [REFERRAL_TOP_JOB]: async (deps, job) => awardTopReferrer(deps, String(job.payload.editionId)),
};
