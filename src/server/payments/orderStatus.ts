/**
 * An order's status moves only through its lifecycle chart (machines/order.machine.ts), inside the transaction that
 * holds the order's row locked (lockOrder): the chart refuses what it does not accept, the new status and a
 * state_history row are written with the rest of the payment. Whether a payment may start is the chart's answer too.
 */
import { eq } from 'drizzle-orm';
import { orderMachine, type OrderEvent } from '../../../machines/order.machine';
import type { ErrorCode } from '../../contract/errors';
import type { Db } from '../db/database';
import { applyLifecycleEventIn } from '../db/lifecycle';
import { orders } from '../db/schema';
import { GatewayError } from '../http/errors';
import type { OrderRow } from '../orders';

type OrderColumns = Partial<Pick<typeof orders.$inferInsert, 'payMethod' | 'paidAt' | 'failureCode'>>;

/** Paid or closed: "do not resubmit, refresh to reorder". A card attempt running: "do not submit twice" (120086). */
const refusalIn = (status: string): ErrorCode => (status === 'paying' ? '120086' : 'resubmit');

/** A payment may start only where the order's chart accepts one (awaiting payment, payment failed). */
export function assertPayable(order: Pick<OrderRow, 'status'>): void {
  const snapshot = orderMachine.resolveState({ value: order.status, context: {} });
  if (orderMachine.getTransitionData(snapshot, { type: 'payment.start', method: '' }).length === 0) throw new GatewayError(refusalIn(order.status));
}

/** Moves a locked order by one event of its chart and writes the columns that go with it; answers the new status. */
export async function moveOrder(tx: Db, order: OrderRow, event: OrderEvent, now: Date, columns: OrderColumns = {}): Promise<OrderRow['status']> {
  let saved = false;
  const { to } = await applyLifecycleEventIn(tx, {
    chart: 'order', machine: orderMachine, entityRef: order.orderNo, event, at: now, actions: {},
    store: {
      load: async () => order.status,
      // The new status and its columns in one statement.
      save: async (t, state) => {
        saved = true;
        await t.update(orders).set({ status: state as OrderRow['status'], ...columns, updatedAt: now }).where(eq(orders.id, order.id));
      },
    },
    rejectWith: refusalIn,
  });
  // A move that keeps the status (another failure of a failed order) still records its columns (the new reason).
  if (!saved && Object.keys(columns).length) await tx.update(orders).set({ ...columns, updatedAt: now }).where(eq(orders.id, order.id));
  return to as OrderRow['status'];
}
