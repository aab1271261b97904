/**
 * The models of the four line-order charts (issue 15): context decides one guard, whether the form passes its rules
 * (an offer of the list chosen, the terms accepted). One payload per guard branch.
 */
import { chartById } from '../index';
import { lineOrderProblems, type LineOrderContext } from '../lineOrder.machine';
import { PAYMENT_UNSETTLED } from '../payment.machine';
import type { LineOffers, LineOrderData, LineOrderKind } from '../../src/contract/business';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 422) => ({ code, message: '', status });

export const OFFER = {
  id: 1, name: 'data-1gb', priceCents: 500, dataMb: 1024, minutes: null, texts: null, days: null, zone: null, roamingType: null,
  destinations: [], promotionEligible: false,
};

export const offersOf = (kind: LineOrderKind, over: Partial<LineOffers> = {}): LineOffers => ({
  kind, line: { msisdn: '6265550100', iccid: '8901260123456789012' }, refusal: null, current: { name: '5GB', expiresAt: '2026-12-15T08:00:00.000Z' },
  startsAt: '2026-11-25T12:00:00.000Z', cycle: null, offers: [OFFER], multiMonth: [], payMethods: ['account', 'bank_card', 'wechat_pay', 'default_card'], ...over,
});

export const lineOrderData = (kind: LineOrderKind, over: Partial<LineOrderData> = {}): LineOrderData => ({
  orderNo: 'LB7K3M9Q2P', kind, status: 'awaiting_payment', offer: OFFER, months: 1, amountCents: 500, multiMonthDiscountCents: 0,
  msisdn: '6265550100', startsAt: '2026-11-25T12:00:00.000Z', expiresAt: '2026-12-15T08:00:00.000Z',
  payMethods: ['account', 'bank_card', 'wechat_pay', 'default_card'], failureCode: null, paidAt: null, createdAt: '2026-11-25T12:00:00.000Z', ...over,
});

const modelOf = (id: string, kind: LineOrderKind): ChartModel => ({
  entry: chartById(id)!,
  abstractContext: (c: LineOrderContext) => ({
    valid: Object.keys(lineOrderProblems(c)).length === 0, wantsForm: c.wantsForm && c.selection.offerId !== null,
    closed: c.order?.status === 'cancelled',
  }),
  payloads: {
    'lineOrder.open': [{ entry: { kind: 'list' } }, { entry: { kind: 'form', offerId: 1, months: 1 } }, { entry: { kind: 'status', orderNo: 'LB7K3M9Q2P' } }],
    'offer.choose': [{ offerId: 1 }, { offerId: 99 }],
    'months.choose': [{ months: 3 }],
    'terms.toggle': [{ accepted: true }, { accepted: false }],
    'xstate.snapshot.payment': [
      { snapshot: { status: 'active', tags: [PAYMENT_UNSETTLED], hasTag: (tag: string) => tag === PAYMENT_UNSETTLED } },
      { snapshot: { status: 'active', tags: [], hasTag: () => false } },
    ],
    'done:loadOffers': [{ output: offersOf(kind, { refusal: '120079' }) }, { output: offersOf(kind) }],
    'error:loadOffers': [{ error: apiError('http', 502) }],
    'done:createOrder': [{ output: lineOrderData(kind) }],
    'error:createOrder': [{ error: apiError(kind === 'planChange' ? '120080' : 'addOnLimit', 409) }],
    'done:loadOrder': [
      { output: lineOrderData(kind, { status: 'paid', paidAt: '2026-11-25T12:01:00.000Z' }) }, { output: lineOrderData(kind, { status: 'cancelled' }) },
      { output: lineOrderData(kind) },
    ],
    'error:loadOrder': [{ error: apiError('noRecord', 404) }],
    'done:payment': [{ output: { outcome: 'paid', failure: null, result: null } }, { output: { outcome: 'expired', failure: null, result: null } }, { output: { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null } }],
  },
});

export const bundleChangeModel = modelOf('bundleChange', 'planChange');
export const flowPacketModel = modelOf('flowPacket', 'addOn');
export const roamPackModel = modelOf('roamPack', 'roaming');
export const globalRenewalModel = modelOf('globalRenewal', 'globalRenewal');
