/** Campaigns (issue 18, decision 0042): the Lunar New Year campaign's editions, participations, screenshots, review and jobs. */
export { campaignRoutes } from './routes';
export { campaignJobHandlers } from './jobs';
export { applyRewardEvent } from './lifecycle';
export { CAMPAIGN_JOB, campaignJob } from './jobRequests';
export { currentEdition, lunarNewYearEditions } from './editions';
export { eligibilityOf, rewardActions } from './service';
export { drawLottery, lotteryView, takePrize } from './lottery';
