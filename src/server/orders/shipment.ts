/**
 * The shipment lifecycle of an order (machines/shipment.machine.ts) on the gateway: its state is
 * orders.logistics_status; events go through applyLifecycleEvent (one transaction with a state_history row).
 * 'shipment.poll' {orderNo} runs when the carrier said it would send the parcel: it asks the carrier, and once
 * sent applies `shipment.ship` (carrier, tracking number, send time) and enqueues the shipping email.
 */
import { eq } from 'drizzle-orm';
import { shipmentMachine, type ShipmentEvent } from '../../../machines/shipment.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import type { Job, JobOutcome } from '../jobs/types';
import { applyLifecycleEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';
import { fulfilmentHooksOf } from './kindHooks';
import { emailJob } from './emailJobs';

const TO_CHART = { not_shipped: 'notShipped', shipped: 'shipped' } as const;
const TO_COLUMN = { notShipped: 'not_shipped', shipped: 'shipped' } as const;

/** The order's logistics status as the chart's state, its row locked for the transaction. */
export const shipmentStore = (orderNo: string): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ status: orders.logisticsStatus }).from(orders).where(eq(orders.orderNo, orderNo)).for('update');
    return row ? TO_CHART[row.status] : null;
  },
  async save(tx, state) {
    await tx.update(orders).set({ logisticsStatus: TO_COLUMN[state as keyof typeof TO_COLUMN] }).where(eq(orders.orderNo, orderNo));
  },
});

/** Applies one shipment event to an order; throws 'alreadyShipped' when the chart refuses it. */
export function applyShipmentEvent(deps: Deps, orderNo: string, event: ShipmentEvent, actions: LifecycleActions<ShipmentEvent>, meta?: Record<string, unknown>) {
  return applyLifecycleEvent<ShipmentEvent>(deps.db, {
    chart: 'shipment', machine: shipmentMachine, entityRef: orderNo, store: shipmentStore(orderNo),
    event, actions, at: deps.clock.now(), rejectWith: 'alreadyShipped', meta,
  });
}

/** How long to wait before asking a carrier again when its pick-up time has passed and the parcel is still there. */
const ASK_AGAIN_MS = 5 * 60_000;

export async function pollShipment(deps: Deps, job: Job): Promise<JobOutcome> {
  const orderNo = String(job.payload.orderNo ?? '');
  const parcel = await deps.logistics.getShipment(orderNo);
  if (!parcel) throw new Error(`shipment.poll: the carrier knows no parcel ${orderNo}`);
  if (!parcel.shipped || !parcel.shippedAt) {
    const now = deps.clock.now();
    return { retryAt: parcel.shipsAt > now ? parcel.shipsAt : new Date(now.getTime() + ASK_AGAIN_MS) };
  }
  const sentAt = parcel.shippedAt;
  const recordShipping = async (tx: Db) => {
    const now = deps.clock.now();
    const [order] = await tx.update(orders).set({
      carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, sentAt, fulfilment: 'shipped', updatedAt: now,
    }).where(eq(orders.orderNo, orderNo)).returning({ id: orders.id, kind: orders.kind });
    await tx.update(sims).set({ shippedAt: sentAt }).where(eq(sims.orderId, order!.id));
    await enqueueJob(tx, emailJob('shipped', orderNo, now));
    // A replacement SIM (decision 0037): its own chart hears of the parcel in the same transaction.
    await fulfilmentHooksOf(order!.kind)?.shipped(tx, order!.id, { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber }, now);
  };
  try {
    await applyShipmentEvent(deps, orderNo, {
      type: 'shipment.ship', carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, sentAt: sentAt.toISOString(),
    }, { recordShipping });
  } catch (error) {
    // Shipped already (a second poll, or two gateways): the first one recorded it; nothing is written twice.
    if (!(error instanceof GatewayError && error.code === 'alreadyShipped')) throw error;
  }
}
