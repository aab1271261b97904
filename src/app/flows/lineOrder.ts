/**
 * The host side of the line-order charts (issue 15): loadOffers, createOrder and loadOrder made of real gateway calls,
 * and the payment chart as their child. The Idempotency-Key comes from the chart's submission.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { lineOrderOffers as lineOrderOffersEndpoint, lineOrderCreate as lineOrderCreateEndpoint, lineOrderDetail as lineOrderDetailEndpoint } from '../../contract/business';
import type { LineOrderKind } from '../../contract/business';
import { IDEMPOTENCY_HEADER } from '../../contract/headers';
import {
  bundleChangeMachine, flowPacketMachine, globalRenewalMachine, roamPackMachine, type LineOrderSubmission,
} from '../../../machines/lineOrder.machine';
import { paymentFlow } from './payment';

export const lineOrderActors = {
  loadOffers: fromPromise(({ input }: { input: { kind: LineOrderKind } }) =>
    call(lineOrderOffersEndpoint, { body: { kind: input.kind }, silent: true })),
  createOrder: fromPromise(({ input }: { input: LineOrderSubmission }) =>
    call(lineOrderCreateEndpoint, { body: input.body, headers: { [IDEMPOTENCY_HEADER]: input.key }, silent: true })),
  loadOrder: fromPromise(({ input }: { input: { orderNo: string } }) =>
    call(lineOrderDetailEndpoint, { body: { orderNo: input.orderNo }, silent: true })),
  payment: paymentFlow,
};

export const lineOrderFlows = {
  planChange: bundleChangeMachine.provide({ actors: lineOrderActors }),
  addOn: flowPacketMachine.provide({ actors: lineOrderActors }),
  roaming: roamPackMachine.provide({ actors: lineOrderActors }),
  globalRenewal: globalRenewalMachine.provide({ actors: lineOrderActors }),
} as const;
