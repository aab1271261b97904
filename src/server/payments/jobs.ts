/** The job kinds of the payments area (decision 0006), gathered with every area's by jobs/handlers.ts. */
import type { JobHandler, RecurringJob } from '../jobs/types';
import { reconcilePayments } from './reconciliation';

export const paymentJobHandlers: Record<string, JobHandler> = {
  'payments.reconcile': async (deps) => { await reconcilePayments(deps); },
};

export const paymentRecurringJobs: readonly RecurringJob[] = [
  /** Decision 0006: finishes payments left pending by a crash between the provider's charge and our commit. */
  { kind: 'payments.reconcile', everyMs: 60_000 },
];
