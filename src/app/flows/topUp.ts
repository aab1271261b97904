/**
 * The host side of the top-up chart: createTopUp and loadTopUp made of real gateway calls, and the payment chart as
 * its child. The Idempotency-Key comes from the chart's submission: the same body again is the same top-up.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { topUpCreate, topUpDetail } from '../../contract/money';
import { IDEMPOTENCY_HEADER } from '../../contract/headers';
import { topUpMachine, type TopUpSubmission } from '../../../machines/topUp.machine';
import { paymentFlow } from './payment';

export const topUpActors = {
  createTopUp: fromPromise(({ input }: { input: TopUpSubmission }) =>
    call(topUpCreate, { body: input.body, headers: { [IDEMPOTENCY_HEADER]: input.key }, silent: true })),
  loadTopUp: fromPromise(({ input }: { input: { orderNo: string } }) =>
    call(topUpDetail, { body: { orderNo: input.orderNo }, silent: true })),
  payment: paymentFlow,
};

export const topUpFlow = topUpMachine.provide({ actors: topUpActors });
