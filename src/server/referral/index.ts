/**
 * The referral programme (issue 18 section 5, decision 0041): the referralReward lifecycle of each referral, its jobs on
 * the server's clock, the editions (configuration), the programme's route and the sandbox's qualifiesIn.
 */
export { applyReferralEvent, type ReferralRow } from './lifecycle';
export { referralActions, referralQualifiesIn, seedReferralEditions, editionsOf } from './service';
export { referralJobHandlers } from './jobs';
export { referralRoutes } from './routes';
export { REFERRAL_ACTIVATED_JOB, REFERRAL_CLOCK_JOB, REFERRAL_CREDIT_JOB, REFERRAL_RECORD_JOB, REFERRAL_TOP_JOB } from './jobRequests';
