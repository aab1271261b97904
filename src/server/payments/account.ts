/**
 * Paying from the General account balance (spec section 3, Balances): one transaction locks the order and the
 * balance, debits the ledger with a unique reference, records the payment and marks the order paid with its
 * fulfilment job — all or nothing. 120081 when the balance is short.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { balanceLedger, balances, payments } from '../db/schema';
import { GatewayError } from '../http/errors';
import type { OrderRow } from '../orders';
import { markOrderPaid } from './settle';
import { settleInOneTransaction } from './start';
import type { PaymentRow } from './view';

export function payByAccount(
  deps: Deps, order: OrderRow, pay: { key: string; requestHash: string; customerId: number },
): Promise<{ payment: PaymentRow; replay: boolean }> {
  return settleInOneTransaction(deps, order.orderNo, pay, async (tx, locked, now) => {
    const [balance] = await tx.select().from(balances).where(eq(balances.customerId, pay.customerId)).for('update');
    // "Plan account balance insufficient" (120081): nothing is written, the buyer may pay another way.
    if (!balance || balance.generalCents < locked.payAmountCents) throw new GatewayError('120081');
    const [payment] = await tx.insert(payments).values({
      payableKind: 'order', payableRef: locked.orderNo, customerId: pay.customerId, method: 'account', idempotencyKey: pay.key,
      requestHash: pay.requestHash, amountCents: locked.payAmountCents, status: 'succeeded', provider: 'balance',
      createdAt: now, updatedAt: now,
    }).returning();
    await tx.insert(balanceLedger).values({
      customerId: pay.customerId, account: 'general', deltaCents: -locked.payAmountCents, reference: `payment:${payment!.id}`, createdAt: now,
    });
    await tx.update(balances).set({ generalCents: sql`${balances.generalCents} - ${locked.payAmountCents}` })
      .where(eq(balances.customerId, pay.customerId));
    await markOrderPaid(deps, tx, locked, 'account', now);
    return payment!;
  });
}
