/**
 * Models of a line's lifecycles (issue 15): plan, autoRenewal and service. Their guards read the event, so there is
 * one payload per guard branch: what follows a cycle; a change asked outside and inside the maintenance window
 * (0-3 AM Pacific), with and without the terms, by card and by balance; a number removal at 90 days and a day before.
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

/** 10:00 AM Pacific (PST): outside maintenance. */
export const OUTSIDE = '2026-11-25T18:00:00.000Z';
/** 1:30 AM Pacific (PST): inside "Maintenance 0-3 AM Pacific". */
export const INSIDE = '2026-11-25T09:30:00.000Z';
export const SUSPENDED_AT = '2026-11-01T08:00:00.000Z';
/** 90 days after SUSPENDED_AT, to the millisecond. */
export const NINETY_DAYS_LATER = '2027-01-30T08:00:00.000Z';

export const planModel: ChartModel = {
  entry: chartById('plan')!,
  payloads: {
    'plan.start': [{ planId: 3, months: 3 }],
    'plan.orderChange': [{ planId: 4, months: 1 }],
    'plan.renew': [{ planId: 3, months: 1 }],
    'plan.cycleEnd': [{ next: 'cycle' }, { next: 'pendingPlan' }, { next: 'nothing' }],
  },
};

export const autoRenewalModel: ChartModel = {
  entry: chartById('autoRenewal')!,
  payloads: {
    'autoRenewal.open': [
      { method: 'card', termsAccepted: true, hasCard: true, at: OUTSIDE },
      { method: 'balance', termsAccepted: true, hasCard: false, at: OUTSIDE },
      { method: 'card', termsAccepted: false, hasCard: true, at: OUTSIDE },
      { method: 'card', termsAccepted: true, hasCard: false, at: OUTSIDE },
      { method: 'balance', termsAccepted: true, hasCard: true, at: INSIDE },
    ],
    'autoRenewal.changeMethod': [
      { method: 'card', hasCard: true, at: OUTSIDE },
      { method: 'balance', hasCard: true, at: OUTSIDE },
      { method: 'balance', hasCard: true, at: INSIDE },
    ],
    'autoRenewal.requestClose': [{ at: OUTSIDE }, { at: INSIDE }],
    'autoRenewal.confirmClose': [{ at: OUTSIDE }, { at: INSIDE }],
    'autoRenewal.keepOpen': [{ method: 'card', at: OUTSIDE }, { method: 'balance', at: OUTSIDE }],
  },
};

export const serviceModel: ChartModel = {
  entry: chartById('service')!,
  payloads: {
    'service.staffSuspend': [{ reason: 'Commercial use: SIM box traffic' }],
    'service.recover': [{ feeCents: 500 }],
    'service.removeNumber': [
      { suspendedAt: SUSPENDED_AT, at: NINETY_DAYS_LATER },
      { suspendedAt: SUSPENDED_AT, at: '2027-01-30T07:59:59.999Z' },
    ],
  },
};

const INFO = {
  state: 'open.card', method: 'card', hasCard: true, expiresAt: '2026-12-10T20:00:00.000Z', nextRenewalAt: '2026-12-09T08:00:00.000Z',
  amountCents: 2500, planName: '5GB', maintenance: false, maintenanceEndsAt: null,
};
const apiError = (code: string, status = 422) => ({ code, message: '', status });

/** The auto-renewal page (a flow): one payload per guard branch of its answers and of the terms rule. */
export const autoRenewalPageModel: ChartModel = {
  entry: chartById('autoRenewalPage')!,
  input: { token: 'signed-link-token' },
  payloads: {
    'renewal.change': [
      { change: { action: 'open', method: 'card', termsAccepted: true } },
      { change: { action: 'open', method: 'card', termsAccepted: false } },
    ],
    'done:loadAutoRenewal': [{ output: INFO }],
    'error:loadAutoRenewal': [{ error: apiError('renewalLinkInvalid', 403) }, { error: apiError('http', 502) }],
    'done:changeAutoRenewal': [{ output: INFO }],
    'error:changeAutoRenewal': [{ error: apiError('renewalLinkInvalid', 403) }, { error: apiError('autoRenewalMaintenance', 503) }],
  },
};
