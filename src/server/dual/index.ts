/** The US-China dual number (issue 16): its lifecycle, the customer's changes, the ID photos, and its jobs. */
export { applyDualEvent, dualRowOf, type DualLine } from './lifecycle';
export { applyForDualNumber, dualActions, dualNumberAction, dualNumberView, shortenDualPeriod, submitRealName } from './service';
export { applicationPhoto, ownPhoto, uploadPhoto } from './photos';
export { decryptIdNumber } from './realName';
export { dualJobHandlers } from './jobs';
export { dualRoutes } from './routes';
export { DUAL_JOB, dualJob } from './jobRequests';
