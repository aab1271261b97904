/**
 * Campaign rewards on the server's clock (decision 0014: exact times, one run per participation and event):
 * - campaign.clock {event: reviewOpens}: the edition's review days begin: submitted goes under review.
 * - campaign.clock {event: credit}: an approved reward is credited to the General account (once: the ledger's reference).
 * A job whose participation moved meanwhile does nothing: the chart refuses (rewardUnchanged).
 */
import type { CampaignRewardEvent } from '../../../machines/campaignReward.machine';
import type { Db } from '../db/database';
import { GatewayError } from '../http/errors';
import type { JobHandler } from '../jobs/types';
import { CAMPAIGN_JOB, type CampaignClockJob } from './jobRequests';
import { applyClockEvent } from './service';

const EVENTS: Record<CampaignClockJob, CampaignRewardEvent> = { reviewOpens: { type: 'reward.reviewOpens' }, credit: { type: 'reward.credit' } };

const clock: JobHandler = async (deps, job) => {
  const event = EVENTS[job.payload.event as CampaignClockJob];
  if (!event) return;
  try {
    await deps.db.transaction(async (trx) => applyClockEvent(deps, trx as unknown as Db, Number(job.payload.rewardId), event));
  } catch (error) {
    if (error instanceof GatewayError && (error.code === 'rewardUnchanged' || error.code === 'noRecord')) return;
    throw error;
  }
};

export const campaignJobHandlers: Record<string, JobHandler> = { [CAMPAIGN_JOB]: clock };
