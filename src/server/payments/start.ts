/**
 * Starting a payment attempt: under the order's lock, either the attempt already exists (a replay of the same
 * Idempotency-Key), or the order may be paid now and a 'pending' attempt is written and committed BEFORE any
 * provider is called, so a crash after the provider's answer leaves a row the reconciliation job can finish.
 */
import type { PayMethod } from '../../contract/personal';
import type { CardDetails } from '../adapters/payments/types';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { payments } from '../db/schema';
import { GatewayError } from '../http/errors';
import { assertOrderCardPayable, type OrderRow } from '../orders';
import { lockOrder } from './settle';
import { assertPayable, moveOrder } from './orderStatus';
import { assertOrderKindPayable } from './orderKinds';
import { cardColumns, paymentByKey, type PaymentRow } from './view';
import { RECONCILE_GRACE_MS } from './keys';

export interface Attempt {
  key: string;
  requestHash: string;
  method: PayMethod;
  customerId: number | null;
  provider: PaymentRow['provider'];
  providerPaymentId?: string | null;
  savedCardId?: number | null;
  card?: CardDetails | null;
}

/** The same key for another request is refused; for the same request it is the earlier attempt. */
export function sameAttempt(existing: PaymentRow, requestHash: string): PaymentRow {
  if (existing.requestHash !== requestHash) throw new GatewayError('120086');
  return existing;
}

/**
 * Answers { existing } for a replay, or { created } after committing the pending attempt. A card attempt holds
 * the order in 'paying' until it settles, so no second charge can start meanwhile.
 */
export async function startAttempt(deps: Deps, orderNo: string, a: Attempt): Promise<{ existing: PaymentRow } | { created: PaymentRow; order: OrderRow }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const order = await lockOrder(tx, orderNo);
    const earlier = await paymentByKey(tx, a.key);
    if (earlier) return { existing: sameAttempt(earlier, a.requestHash) };
    assertPayable(order);
    await assertOrderCardPayable(tx, order);
    await assertOrderKindPayable(tx, order, now);
    const [created] = await tx.insert(payments).values({
      payableKind: 'order', payableRef: order.orderNo, customerId: a.customerId, method: a.method, idempotencyKey: a.key,
      requestHash: a.requestHash, amountCents: order.payAmountCents, status: 'pending', provider: a.provider,
      providerPaymentId: a.providerPaymentId ?? null, savedCardId: a.savedCardId ?? null,
      ...cardColumns(a.card),
      // Reconciliation looks at it once no request of ours can still be running for it.
      nextCheckAt: new Date(now.getTime() + RECONCILE_GRACE_MS), createdAt: now, updatedAt: now,
    }).returning();
    if (a.provider === 'card_sandbox') {
      await moveOrder(tx, order, { type: 'payment.start', method: a.method }, now, { payMethod: a.method });
    }
    return { created: created!, order };
  });
}

/**
 * A payment settled inside the gateway's own database (balance, or an order that costs nothing): one transaction
 * locks the order, answers the first attempt again for a replayed key, checks the order can be paid, then lets
 * `settle` write the payment and mark the order paid — all or nothing.
 */
export async function settleInOneTransaction(
  deps: Deps, orderNo: string, pay: { key: string; requestHash: string },
  settle: (tx: Db, order: OrderRow, now: Date) => Promise<PaymentRow>,
): Promise<{ payment: PaymentRow; replay: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const locked = await lockOrder(tx, orderNo);
    const earlier = await paymentByKey(tx, pay.key);
    if (earlier) return { payment: sameAttempt(earlier, pay.requestHash), replay: true };
    assertPayable(locked);
    await assertOrderCardPayable(tx, locked);
    await assertOrderKindPayable(tx, locked, now);
    return { payment: await settle(tx, locked, now), replay: false };
  });
}
