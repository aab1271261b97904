/**
 * An order's status moves only through its lifecycle chart (machines/order.machine.ts), inside the transaction that
 * holds the order's row locked (lockOrder): the chart refuses what it does not accept, the new status and a
 * state_history row are written with the rest of the payment.
 */
import { eq } from 'drizzle-orm';
import { orderMachine, type OrderEvent } from '../../../machines/order.machine';
import type { Db } from '../db/database';
import { applyLifecycleEventIn } from '../db/lifecycle';
import { orders } from '../db/schema';
import type { OrderRow } from '../orders';

type OrderColumns = Partial<Pick<typeof orders.$inferInsert, 'payMethod' | 'paidAt' | 'failureCode'>>;

/** Moves a locked order by one event of its chart and writes the columns that go with it; answers the new status. */
export async function moveOrder(tx: Db, order: OrderRow, event: OrderEvent, now: Date, columns: OrderColumns = {}): Promise<OrderRow['status']> {
  const { to } = await applyLifecycleEventIn(tx, {
    chart: 'order', machine: orderMachine, entityRef: order.orderNo, event, at: now, actions: {},
    store: {
      load: async () => order.status,
      save: async (t, state) => { await t.update(orders).set({ status: state as OrderRow['status'], updatedAt: now }).where(eq(orders.id, order.id)); },
    },
    // Paid or closed: "do not resubmit, refresh to reorder"; a card attempt running: "do not submit twice" (120086).
    rejectWith: (from) => (from === 'paying' ? '120086' : 'resubmit'),
  });
  if (Object.keys(columns).length) await tx.update(orders).set({ ...columns, updatedAt: now }).where(eq(orders.id, order.id));
  return to as OrderRow['status'];
}
