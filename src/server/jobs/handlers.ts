/**
 * Every job kind the runner knows, by the name written in `jobs.kind`: the composition of each area's jobs.ts
 * (src/server/<area>/jobs.ts, through the area's index). Whoever enqueues a kind (enqueueJob in the transaction
 * that causes it) finds its handler in its area's jobs.ts.
 */
import { activationJobHandlers, activationRecurringJobs } from '../activation';
import { lineOrderJobHandlers } from '../business';
import { orderJobGiveUps, orderJobHandlers } from '../orders';
import { paymentJobHandlers, paymentRecurringJobs } from '../payments';
import { trackingJobGiveUps, trackingJobHandlers } from '../tracking';
import { usageJobHandlers, usageRecurringJobs } from '../usage';
import { planJobHandlers, planRecurringJobs } from '../plan';
import { dualJobHandlers } from '../dual';
import { simSecurityJobHandlers } from '../simSecurity';
import { protectJobHandlers } from '../protect';
import { referralJobHandlers } from '../referral';
import { enquiryJobHandlers } from '../enquiries';
import { campaignJobHandlers } from '../campaigns';
import { welfareJobHandlers } from '../welfare';
import type { GiveUpPayload, JobHandler, RecurringJob } from './types';

export const jobHandlers: Record<string, JobHandler> = {
  /** order.fulfil, shipment.poll, the order emails. */
  ...orderJobHandlers,
  /** payments.reconcile. */
  ...paymentJobHandlers,
  /** email.trackingCode. */
  ...trackingJobHandlers,
  /** activation.provision, sims.expire, the activation emails. */
  ...activationJobHandlers,
  /** usage.collect. */
  ...usageJobHandlers,
  /** Issue 15: plan.cycleEnd, plan.remind, plan.renew, plan.renewalPaid, plan.networkBar, service.removeNumber, plan.recoverAfterTopUp, plan.message. */
  ...planJobHandlers,
  /** lineOrder.roaming. */
  ...lineOrderJobHandlers,
  /** Issue 16: dual.clock, dual.network, dual.message. */
  ...dualJobHandlers,
  /** Issue 16: simSecurity.notice, simSecurity.esimProfile, simSecurity.moveNumber. */
  ...simSecurityJobHandlers,
  /** Issue 16: protect.clock, protect.network, protect.message (number keeping). */
  ...protectJobHandlers,
  ...referralJobHandlers,
  /** Issue 18: enquiry.confirm (the contact form's and the dealer application's confirmations). */
  ...enquiryJobHandlers,
  /** Issue 18: campaign.clock (a campaign reward's review opening and credit). */
  ...campaignJobHandlers,
  /** Issue 18: welfare.cardPaid (a card payment looked at for bank card points), welfare.close (the edition's end). */
  ...welfareJobHandlers,
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
  ...usageRecurringJobs,
  ...planRecurringJobs,
];
