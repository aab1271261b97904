/**
 * Every job kind the runner knows, by the name written in `jobs.kind`. Whoever enqueues a kind (enqueueJob in
 * the transaction that causes it) finds its handler here.
 */
import { paymentJobHandlers, paymentRecurringJobs } from '../payments';
import { orderJobGiveUps, orderJobHandlers } from '../orders';
import { trackingJobGiveUps, trackingJobHandlers } from '../tracking';
import { activationJobHandlers, activationRecurringJobs } from '../activation';
import type { GiveUpPayload, JobHandler, RecurringJob } from './types';

export const jobHandlers: Record<string, JobHandler> = {
  /** order.fulfil, shipment.poll, the order emails. */
  ...orderJobHandlers,
  /** payments.reconcile. */
  ...paymentJobHandlers,
  /** email.trackingCode. */
  ...trackingJobHandlers,
  /** activation.provision {activationId}: enqueued by the activation submit and each port-in correction; sims.expire; activation emails. */
  ...activationJobHandlers,
};

/** What a job that gave up keeps: the kinds whose payloads carry codes on their way to the buyer drop them (decision 0007). */
export const jobGiveUpPayloads: Record<string, GiveUpPayload> = {
  ...orderJobGiveUps,
  ...trackingJobGiveUps,
};

/** Jobs that come back on their own: one row per kind, run again `everyMs` after each run. */
export const recurringJobs: readonly RecurringJob[] = [
  ...paymentRecurringJobs,
  ...activationRecurringJobs,
];
