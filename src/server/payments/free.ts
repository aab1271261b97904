/**
 * An order that costs nothing (a fixed-amount discount code worth at least its price). No provider takes a payment
 * of $0 (Square and WeChat Pay both need at least one cent), so nothing is sent to one: the order is paid by the
 * method the buyer chose, with a payment row of 0, its fulfilment job enqueued in the same transaction.
 */
import type { PayMethod } from '../../contract/personal';
import type { Deps } from '../context';
import { payments } from '../db/schema';
import type { OrderRow } from '../orders';
import { markOrderPaid } from './settle';
import { settleInOneTransaction } from './start';
import type { PaymentRow } from './view';

export function payNothing(
  deps: Deps, order: OrderRow, pay: { key: string; requestHash: string; method: PayMethod; customerId: number | null },
): Promise<{ payment: PaymentRow; replay: boolean }> {
  return settleInOneTransaction(deps, order.orderNo, pay, async (tx, locked, now) => {
    if (locked.payAmountCents !== 0) throw new Error(`order ${locked.orderNo} costs ${locked.payAmountCents}, not nothing`);
    const [payment] = await tx.insert(payments).values({
      payableKind: 'order', payableRef: locked.orderNo, customerId: pay.customerId, method: pay.method, idempotencyKey: pay.key,
      requestHash: pay.requestHash, amountCents: 0, status: 'succeeded', provider: 'none', createdAt: now, updatedAt: now,
    }).returning();
    await markOrderPaid(deps, tx, locked, pay.method, now);
    return payment!;
  });
}
