/**
 * Usage (issue 14): the ILD per-country rates, reading and rating each line's usage from the network (calls paid from
 * the ILD account, data drawing down the plan's allowance, then 128 kbps), the usage pages' records and the data
 * allowance. The composition roots register its routes and jobs through this index; the rates are a data set
 * (src/server/datasets, decision 0038).
 */
export { addOnMbInCycle, addOnsInCycle } from './addOns';
export { collectCustomerUsage, collectLineUsage } from './collect';
export { usageJobHandlers, usageRecurringJobs } from './jobs';
export { listIldRates } from './rates';
export { dataAllowanceOf } from './records';
export { usageRoutes } from './routes';
