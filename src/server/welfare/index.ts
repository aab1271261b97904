/** Bank card points (issue 18 section 6, decision 0043): editions, joining, cashback on the server's clock. */
export { welfareRoutes } from './routes';
export { welfareJobHandlers } from './jobs';
export { applyWelfareEvent } from './lifecycle';
export { closeParticipation, earnCashback, welfareActions } from './service';
export { currentWelfareEdition } from './editions';
export { WELFARE_CARD_PAID_JOB } from './jobRequests';
