/**
 * Usage (issue 14): the ILD per-country rates, reading and rating each line's usage from the network (calls paid from
 * the ILD account, data drawing down the plan's allowance, then 128 kbps), the usage pages' records and the data
 * allowance. The composition roots register its routes and jobs, and the seed its rates, through this index.
 */
export { addOnMbInCycle, addOnsInCycle } from './addOns';
export { collectCustomerUsage, collectLineUsage } from './collect';
export { usageJobHandlers, usageRecurringJobs } from './jobs';
export { ILD_RATES, seedIldRates } from './rates';
export { dataAllowanceOf } from './records';
export { usageRoutes } from './routes';
