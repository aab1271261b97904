/** SIM-swap and port-out protection (issue 16, FCC 23-95): lock, transfer PIN, SIM changes, notices, CPNI opt-out. */
export { simSecurityRoutes } from './routes';
export { simSecurityJobHandlers } from './jobs';
export { accountNumberOf, receivePortOutRequest } from './service';
// SIM replacement (decision 0037) re-authenticates and tells the customer as the other SIM changes do.
export { checkReauth, type Reauth, type ReauthChannel } from './reauth';
export { moveNumberJob, noticeJob } from './jobs';
