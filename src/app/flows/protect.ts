/**
 * The host side of number keeping's pages (machines/protectPage.machine.ts, issue 16): loadProtect, createOrder,
 * loadOrder and endEarly made of real gateway calls, `silent` because the chart shows the errors itself, and the payment
 * chart as their child. The Idempotency-Key comes from the chart's submission.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { IDEMPOTENCY_HEADER } from '../../contract/headers';
import { protectCreate, protectDetail, protectEndEarly, protectInfo } from '../../contract/protect';
import { protectPageMachine, type ProtectSubmission } from '../../../machines/protectPage.machine';
import { paymentFlow } from './payment';

export const protectActors = {
  loadProtect: fromPromise(() => call(protectInfo, { silent: true })),
  createOrder: fromPromise(({ input }: { input: ProtectSubmission }) =>
    call(protectCreate, { body: input.body, headers: { [IDEMPOTENCY_HEADER]: input.key }, silent: true })),
  loadOrder: fromPromise(({ input }: { input: { orderNo: string } }) => call(protectDetail, { body: { orderNo: input.orderNo }, silent: true })),
  endEarly: fromPromise(() => call(protectEndEarly, { silent: true })),
  payment: paymentFlow,
};

export const protectFlow = protectPageMachine.provide({ actors: protectActors });
