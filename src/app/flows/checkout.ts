/**
 * The host side of the checkout chart: its named actors made of real gateway calls. createOrder carries the
 * Idempotency-Key this browser keeps for the purchase, the buyer and the submitted body (src/app/flows/orderKeys.ts),
 * so a double click, a retry or a second tab gets the same order; orderDetail carries the order token kept for the order.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { bundleList } from '../../contract/catalog';
import { userInfo } from '../../contract/personal';
import { createOrder, IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER, orderDetail, quote, type QuoteRequest } from '../../contract/orders';
import { studentSendEduCode, studentVerifyEduCode } from '../../contract/students';
import { checkoutMachine, type CreatedOrder, type EduProof, type LoadedOrder, type OrderSubmission } from '../../../machines/checkout.machine';
import { sessionKey } from '../session';
import { orderTokenFor, rememberOrderToken, submissionKeyFor } from './orderKeys';
import { paymentFlow } from './payment';

const identities = new Map<string, Promise<string>>();
/**
 * Who submits, as the gateway's request hash names them: the logged-in customer's id, or 'anonymous'. Asked once per
 * session; a login or logout between two submits is another buyer, so another key.
 */
export function buyerIdentity(): Promise<string> {
  const session = sessionKey();
  if (!session) return Promise.resolve('anonymous');
  let known = identities.get(session);
  if (!known) {
    known = call(userInfo, { silent: true, background: true }).then((u) => `customer:${u.userId}`);
    known.catch(() => identities.delete(session));
    identities.set(session, known);
  }
  return known;
}

export const checkoutActors = {
  loadCatalog: fromPromise(() => call(bundleList, { body: {}, silent: true })),
  // The summary is asked while the customer types: no loading overlay.
  quote: fromPromise(({ input }: { input: QuoteRequest }) => call(quote, { body: input, silent: true, background: true })),
  createOrder: fromPromise(async ({ input }: { input: OrderSubmission }): Promise<CreatedOrder> => {
    const key = submissionKeyFor(input.form, { purchaseId: input.purchaseId, buyer: await buyerIdentity() });
    const created = await call(createOrder, { body: input.form, headers: { [IDEMPOTENCY_HEADER]: key }, silent: true });
    rememberOrderToken(created.order.orderNo, created.orderToken);
    return created;
  }),
  loadOrder: fromPromise(async ({ input }: { input: { orderNo: string } }): Promise<LoadedOrder> => {
    const orderToken = orderTokenFor(input.orderNo);
    const order = await call(orderDetail, {
      body: { orderNo: input.orderNo }, headers: orderToken ? { [ORDER_TOKEN_HEADER]: orderToken } : {}, silent: true, background: true,
    });
    return { order, orderToken };
  }),
  payment: paymentFlow,
  sendEduCode: fromPromise(({ input }: { input: { eduEmail: string } }) => call(studentSendEduCode, { body: input, silent: true })),
  verifyEduCode: fromPromise(({ input }: { input: { eduEmail: string; code: string } }): Promise<EduProof> => call(studentVerifyEduCode, { body: input, silent: true })),
};

/** The checkout chart with real calls and the payment chart as its child. */
export const checkoutFlow = checkoutMachine.provide({ actors: checkoutActors });

/** The flows' clock (observe.ts), under the name the checkout's callers know. */
export { flowClock } from './observe';
