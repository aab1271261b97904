/**
 * The top-up chart's model. Context decides one guard: whether the draft passes the contract's rules (spec section 5).
 */
import { chartById } from '../index';
import { PAYMENT_UNSETTLED } from '../payment.machine';
import { topUpProblems, type TopUpContext, type TopUpInput } from '../topUp.machine';
import type { TopUpData } from '../../src/contract/money';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 422, field: string | null = null) => ({ code, message: '', status, ...(field ? { data: { field } } : {}) });

export const TOP_UP_INPUT: TopUpInput = { defaultPhone: '6265550100' };

export const topUpData = (over: Partial<TopUpData> = {}): TopUpData => ({
  orderNo: 'LB7K3M9Q2P', status: 'awaiting_payment', account: 'general', phone: '6265550100', amountCents: 2000,
  payMethods: ['bank_card', 'wechat_pay', 'default_card'], failureCode: null, paidAt: null, createdAt: '2026-11-25T12:00:00.000Z', ...over,
});

export const topUpModel: ChartModel = {
  entry: chartById('topUp')!,
  input: TOP_UP_INPUT,
  abstractContext: (c: TopUpContext) => ({ valid: Object.keys(topUpProblems(c.draft)).length === 0 }),
  payloads: {
    'topUp.open': [{ entry: { kind: 'form' } }, { entry: { kind: 'status', orderNo: 'LB7K3M9Q2P' } }],
    'field.change': [{ field: 'amount', value: '20' }, { field: 'amount', value: '0' }],
    'xstate.snapshot.payment': [
      { snapshot: { status: 'active', tags: [PAYMENT_UNSETTLED], hasTag: (tag: string) => tag === PAYMENT_UNSETTLED } },
      { snapshot: { status: 'active', tags: [], hasTag: () => false } },
    ],
    'done:createTopUp': [{ output: topUpData() }],
    'error:createTopUp': [{ error: apiError('validation', 400, 'phone') }, { error: apiError('http', 502) }],
    'done:loadTopUp': [{ output: topUpData({ status: 'paid', paidAt: '2026-11-25T12:01:00.000Z' }) }, { output: topUpData({ status: 'cancelled' }) }, { output: topUpData() }],
    'error:loadTopUp': [{ error: apiError('noRecord', 404) }],
    'done:payment': [{ output: { outcome: 'paid', failure: null, result: null } }, { output: { outcome: 'expired', failure: null, result: null } }, { output: { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null } }],
  },
};
