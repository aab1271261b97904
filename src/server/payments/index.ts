/**
 * Payments (decision 0009): paying an order by card, WeChat Pay QR, account balance or nothing at all, settling and
 * refunding attempts, reconciliation, and the pay, status, saved-cards and WeChat notification routes. No other area
 * uses it; the composition roots register its routes and jobs through this index.
 */
export { paymentJobHandlers, paymentRecurringJobs } from './jobs';
export { paymentRoutes } from './routes';
