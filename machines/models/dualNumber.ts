/**
 * Model of the dual-number lifecycle (issue 16). Its guards read the event, so there is one payload per guard branch:
 * a month that can be paid and one that cannot (no main plan, and a short balance), and each clock event a moment before
 * and at its deadline.
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const FAILED_AT = '2026-11-02T18:00:00.000Z';
/** 30 days after FAILED_AT (the deadline to re-upload, decision 0034). */
export const AUDIT_DEADLINE = '2026-12-02T18:00:00.000Z';
export const PAUSED_AT = '2026-11-30T08:00:00.000Z';
/** 3 calendar months after PAUSED_AT: Nov 30 + 3 months is Feb 28. */
export const THREE_MONTHS_AFTER_PAUSE = '2027-02-28T08:00:00.000Z';
export const CLOSED_AT = '2026-11-15T08:00:00.000Z';
export const THREE_MONTHS_AFTER_CLOSE = '2027-02-15T08:00:00.000Z';

const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const pay = [{ hasMainPlan: true, balanceCents: 199 }, { hasMainPlan: false, balanceCents: 5000 }, { hasMainPlan: true, balanceCents: 198 }];

export const dualNumberModel: ChartModel = {
  entry: chartById('dualNumber')!,
  payloads: {
    'dual.approve': [{ staff: 'reviewer@linkbridge.test' }],
    'dual.reject': [{ staff: 'reviewer@linkbridge.test', reason: 'The photo of the back of the card is blurred.' }],
    'dual.auditDeadline': [{ failedAt: FAILED_AT, at: AUDIT_DEADLINE }, { failedAt: FAILED_AT, at: before(AUDIT_DEADLINE) }],
    'dual.networkFailed': [{ failure: 'CN_PARTNER_REFUSED' }],
    'dual.periodEnd': pay,
    'dual.resume': pay,
    'dual.reopen': pay,
    'dual.overdue': [{ pausedAt: PAUSED_AT, at: THREE_MONTHS_AFTER_PAUSE }, { pausedAt: PAUSED_AT, at: before(THREE_MONTHS_AFTER_PAUSE) }],
    'dual.releaseNumber': [{ closedAt: CLOSED_AT, at: THREE_MONTHS_AFTER_CLOSE }, { closedAt: CLOSED_AT, at: before(THREE_MONTHS_AFTER_CLOSE) }],
  },
};
