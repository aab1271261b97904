/**
 * Payments (decision 0009): paying an order by card, WeChat Pay QR, account balance or nothing at all, settling and
 * refunding attempts, reconciliation, and the pay, status, saved-cards and WeChat notification routes. The plan area
 * charges renewals and recoveries on file through chargeOrderOnFile (issue 15); the composition roots register its
 * routes and jobs through this index.
 */
export { paymentJobHandlers, paymentRecurringJobs } from './jobs';
export { paymentRoutes } from './routes';
export { registerOrderKinds, type OrderKindRules } from './orderKinds';
// A replacement SIM (decision 0037) is an order of nothing, paid in the transaction that makes it.
export { markOrderPaid } from './settle';
export { chargeOrderOnFile, INSUFFICIENT_BALANCE, NO_SAVED_CARD, type OnFileMethod, type OnFileOutcome } from './onFile';
// Decision 0046: a top-up paid under the customer's signed WeChat Pay agreement.
export { CONTRACT_REFUSED, payByWechatContract, type ContractPayment } from './wechatContract';
export { notifyUrlOf } from './routes';
