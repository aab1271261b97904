/**
 * Model of the referral reward lifecycle (issue 18 section 5, decision 0041). Its guards read the event: one payload per
 * guard branch (a referral that counts, and one refused for each rule: a business referrer, an employee referee, the
 * 500MB plan, a port-out of the referrer 179 days before; each clock event a moment before and at its deadline; the
 * referee's line in service, ended, or ported out).
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const PAID_AT = '2026-11-02T18:00:00.000Z';
export const ACTIVE_SINCE = '2026-11-03T18:00:00.000Z';
/** 35 days after ACTIVE_SINCE. */
export const QUALIFIES_AT = '2026-12-08T18:00:00.000Z';
/** 90 days after PAID_AT. */
export const LAPSES_AT = '2027-01-31T18:00:00.000Z';
/** 365 days after QUALIFIES_AT. */
export const EXPIRES_AT = '2027-12-08T18:00:00.000Z';

const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const record = (extra: Record<string, unknown> = {}) => ({ referrerType: 'individual', refereeType: 'individual', plan500mb: false, referrerPortedOutAt: null, at: PAID_AT, ...extra });
const due = (extra: Record<string, unknown> = {}) => ({ qualifiesAt: QUALIFIES_AT, at: QUALIFIES_AT, lineInService: true, portedOut: false, ...extra });

export const referralRewardModel: ChartModel = {
  entry: chartById('referralReward')!,
  payloads: {
    'referral.record': [
      record(), record({ referrerType: 'business' }), record({ refereeType: 'employee' }), record({ plan500mb: true }),
      record({ referrerPortedOutAt: '2026-05-07T18:00:00.000Z' }), record({ referrerPortedOutAt: '2026-05-01T18:00:00.000Z' }),
    ],
    'referral.activated': [{ activeSince: ACTIVE_SINCE }],
    'referral.activationLapsed': [{ lapsesAt: LAPSES_AT, at: LAPSES_AT }, { lapsesAt: LAPSES_AT, at: before(LAPSES_AT) }],
    'referral.qualifyDue': [due(), due({ at: before(QUALIFIES_AT) }), due({ lineInService: false }), due({ portedOut: true, at: before(QUALIFIES_AT) })],
    'referral.creditExpired': [{ expiresAt: EXPIRES_AT, at: EXPIRES_AT }, { expiresAt: EXPIRES_AT, at: before(EXPIRES_AT) }],
  },
};
