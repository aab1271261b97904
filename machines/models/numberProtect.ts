/**
 * Models of number keeping (issue 16): the numberProtect lifecycle, whose guards read the event (one payload per guard
 * branch: a start on the day after expiry and a moment before, a line not suspended for an unpaid plan, more than 120
 * days; an extension within and past the 120 days; each clock event a moment before and at its deadline), and the
 * protectPage flow (one payload per guard branch of its answers).
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';
import { PAYMENT_UNSETTLED } from '../payment.machine';

/** The last paid term ended 2026-11-10 15:00 PST; keeping may start at 00:00 Pacific on November 11 (08:00 UTC). */
export const EXPIRED_AT = '2026-11-10T23:00:00.000Z';
export const EARLIEST_AT = '2026-11-11T08:00:00.000Z';
export const KEPT_UNTIL = '2026-12-11T08:00:00.000Z';
export const EARLY_END_AT = '2026-11-20T13:30:00.000Z';

const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const start = (extra: Record<string, unknown> = {}) => ({ service: 'suspended.unpaid', earliestAt: EARLIEST_AT, at: EARLIEST_AT, days: 30, ...extra });

export const numberProtectModel: ChartModel = {
  entry: chartById('numberProtect')!,
  payloads: {
    'protect.start': [
      start(), start({ at: before(EARLIEST_AT) }), start({ service: 'active' }), start({ service: 'suspended.byStaff' }),
      start({ days: 150 }), start({ days: 45 }),
    ],
    'protect.extend': [{ days: 30, keptDays: 90 }, { days: 30, keptDays: 120 }, { days: 60, keptDays: 90 }],
    'protect.periodEnd': [{ keptUntil: KEPT_UNTIL, at: KEPT_UNTIL }, { keptUntil: KEPT_UNTIL, at: before(KEPT_UNTIL) }],
    'protect.earlyEndDue': [{ endsAt: EARLY_END_AT, at: EARLY_END_AT }, { endsAt: EARLY_END_AT, at: before(EARLY_END_AT) }],
  },
};

const apiError = (code: string, status = 409, data?: Record<string, unknown>) => ({ code, message: '', status, ...(data ? { data } : {}) });
/** What protectInfo answers, by state. */
export const protectPage = (state: string, extra: Record<string, unknown> = {}) => ({
  state, msisdn: '6265550100', service: state === 'notKept' ? 'suspended.unpaid' : state === 'kept' || state === 'endingEarly' ? 'suspended.kept' : 'suspended.unpaid',
  planExpiredAt: EXPIRED_AT, planExpiresAt: null, earliestAt: EARLIEST_AT, canBuy: state === 'notKept' || state === 'kept', refusal: state === 'notKept' || state === 'kept' ? null : 'protectEnded',
  priceCents: 300, periodDays: 30, maxDays: 120, voiceMinutes: 30, texts: 100, taxRateBps: 725,
  keptFrom: state === 'notKept' ? null : EARLIEST_AT, keptUntil: state === 'notKept' ? null : KEPT_UNTIL, keptDays: state === 'notKept' ? 0 : 30,
  daysLeft: state === 'notKept' ? 120 : 90, periodsLeft: state === 'notKept' ? 4 : state === 'kept' ? 3 : 0, periods: [],
  endRequestedAt: null, endsAt: null, endedAt: null, recycleAt: null, recycledAt: null, payMethods: ['account', 'bank_card', 'wechat_pay'],
  ...extra,
});
const order = (status: string) => ({
  orderNo: 'LB20261111PROTECT', status, msisdn: '6265550100', periods: 1, days: 30, subtotalCents: 300, taxCents: 22, amountCents: 322,
  startsAt: EARLIEST_AT, endsAt: KEPT_UNTIL, extended: false, payMethods: ['account', 'bank_card', 'wechat_pay'], failureCode: null,
  paidAt: status === 'paid' ? EARLIEST_AT : null, createdAt: EARLIEST_AT,
});

/** The keeping pages (a flow): one payload per guard branch; the chosen periods tell the choice apart. */
export const protectPageModel: ChartModel = {
  entry: chartById('protectPage')!,
  abstractContext: (c: { data: { state: string; canBuy: boolean } | null; periods: number; order: { status: string } | null }) => ({
    state: c.data?.state ?? null, canBuy: c.data?.canBuy ?? null, periods: c.periods, order: c.order?.status ?? null,
  }),
  payloads: {
    'protect.open': [{ entry: { kind: 'page' } }, { entry: { kind: 'status', orderNo: 'LB20261111PROTECT' } }],
    'periods.choose': [{ periods: 2 }, { periods: 9 }],
    'done:loadProtect': [{ output: protectPage('notKept') }, { output: protectPage('kept') }, { output: protectPage('ended') }],
    'error:loadProtect': [{ error: apiError('noUsLine') }],
    'done:createOrder': [{ output: order('awaiting_payment') }],
    'error:createOrder': [{ error: apiError('protectNotYet', 409, { earliestAt: EARLIEST_AT }) }],
    'done:loadOrder': [{ output: order('paid') }, { output: order('cancelled') }, { output: order('payment_failed') }],
    'error:loadOrder': [{ error: apiError('noRecord', 404) }],
    'done:endEarly': [{ output: protectPage('endingEarly', { endRequestedAt: EARLIEST_AT, endsAt: EARLY_END_AT }) }],
    'error:endEarly': [{ error: apiError('protectUnchanged') }],
    'xstate.snapshot.payment': [
      { snapshot: { status: 'active', tags: [PAYMENT_UNSETTLED], hasTag: (tag: string) => tag === PAYMENT_UNSETTLED } },
      { snapshot: { status: 'active', tags: [], hasTag: () => false } },
    ],
    'done:payment': [{ output: { outcome: 'paid', failure: null, result: null } }, { output: { outcome: 'expired', failure: null, result: null } }, { output: { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null } }],
  },
};
