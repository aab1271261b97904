/** Models of issue 18's campaign charts: the campaign reward's lifecycle (one payload per event). */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const campaignRewardModel: ChartModel = {
  entry: chartById('campaignReward')!,
  payloads: {
    'reward.approve': [{ staff: 'reviewer@linkbridge.test' }],
    'reward.reject': [{ staff: 'reviewer@linkbridge.test', reason: 'The screenshots show groups of fewer than 300 members.' }],
  },
};
