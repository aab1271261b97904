/**
 * Orders in the states the checkout screen paths open on (a result link, a reload while paying), made over the
 * gateway's API as a buyer makes them: createOrder with an Idempotency-Key, the sandbox's test cards tokenized as
 * the card form does, payOrder. The order token is kept where the browser keeps it (src/app/flows/orderKeys.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { call } from '../../src/api/client';
import { endpoints } from '../../src/contract';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER, type CheckoutForm, type OrderData } from '../../src/contract/orders';
import { orders } from '../../src/server/db/schema';
import { runDueJobs } from '../../src/server/jobs/runner';
import { toOrderBody, type CheckoutDraft } from '../../machines/checkoutForm';
import { rememberOrderToken, submissionKeyFor } from '../../src/app/flows/orderKeys';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import type { TestServer } from '../support/server';

export type OrderShape = 'awaiting' | 'paidPending' | 'paidFulfilled' | 'paymentFailed' | 'cancelled';

const bodyOf = (draft: CheckoutDraft): CheckoutForm => toOrderBody(draft);

export async function createOrder(draft: CheckoutDraft, key: string = randomUUID()): Promise<{ order: OrderData; orderToken: string }> {
  const created = await call(endpoints.createOrder, { body: bodyOf(draft), headers: { [IDEMPOTENCY_HEADER]: key }, silent: true });
  rememberOrderToken(created.order.orderNo, created.orderToken);
  return created;
}

export async function payByCard(server: TestServer, order: OrderData, orderToken: string, card: 'visa' | 'declined', zip: string) {
  const c = TEST_CARDS[card];
  const sourceId = await tokenizeCard(server.paymentsUrl, { number: c.number, exp: c.exp, cvv: c.cvv, postalCode: zip });
  return call(endpoints.payOrder, {
    body: { orderNo: order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Lin' },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), [ORDER_TOKEN_HEADER]: orderToken }, silent: true,
  });
}

/** An order of this draft in the given state, its token kept in this browser. */
export async function orderIn(server: TestServer, draft: CheckoutDraft, shape: OrderShape): Promise<OrderData> {
  const { order, orderToken } = await createOrder(draft);
  const zip = draft.billing.zip;
  if (shape === 'paidPending' || shape === 'paidFulfilled') {
    const paid = await payByCard(server, order, orderToken, 'visa', zip);
    if (paid.status !== 'paid') throw new Error(`the test card did not pay: ${JSON.stringify(paid)}`);
    if (shape === 'paidFulfilled') await runDueJobs(server.app.deps);
  }
  if (shape === 'paymentFailed') await payByCard(server, order, orderToken, 'declined', zip);
  // The back office closes orders; no buyer-facing call does.
  if (shape === 'cancelled') await server.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, order.orderNo));
  return order;
}

/**
 * The same submission of the same purchase, made and paid before (in another tab): submitting it again answers that
 * paid order (never a second one).
 */
export async function paidSubmission(server: TestServer, draft: CheckoutDraft, purchaseId: string): Promise<void> {
  const key = submissionKeyFor(bodyOf(draft), { purchaseId, buyer: 'anonymous' });
  const { order, orderToken } = await createOrder(draft, key);
  await payByCard(server, order, orderToken, 'visa', draft.billing.zip);
}
