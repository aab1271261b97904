/** The campaign reward's job requests (handled in jobs.ts): one per participation and event, by dedupe key. */
import type { JobRequest } from '../jobs/queue';

export type CampaignClockJob = 'reviewOpens' | 'credit';
export const CAMPAIGN_JOB = 'campaign.clock';

export const campaignJob = (event: CampaignClockJob, rewardId: number, runAt: Date): JobRequest => ({
  kind: CAMPAIGN_JOB, dedupeKey: `${CAMPAIGN_JOB}:${event}:${rewardId}`, payload: { event, rewardId }, runAt,
});
