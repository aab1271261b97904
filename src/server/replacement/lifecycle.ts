/**
 * The simReplacement chart (machines/simReplacement.machine.ts) on sim_replacements.state, and the two places the
 * order's fulfilment tells it something (decision 0037): whether the card is still wanted when it is about to be made,
 * and that the parcel shipped. Kept free of the orders area's imports: fulfilment and shipment import this file.
 */
import { and, eq } from 'drizzle-orm';
import { simReplacementMachine, type SimReplacementEvent, type SimReplacementState } from '../../../machines/simReplacement.machine';
import type { Db } from '../db/database';
import { applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';
import { simReplacements } from '../db/schema';
import type { ErrorCode } from '../../contract';

export type ReplacementRow = typeof simReplacements.$inferSelect;

/** The replacement's chart state, its row locked for the transaction. */
export const replacementStore = (id: number, now: Date): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ state: simReplacements.state }).from(simReplacements).where(eq(simReplacements.id, id)).for('update');
    return row?.state ?? null;
  },
  async save(tx, state) {
    const s = state as SimReplacementState;
    await tx.update(simReplacements).set({
      state: s,
      ...(s === 'shipped' ? { shippedAt: now } : s === 'moved' ? { movedAt: now } : s === 'cancelled' ? { cancelledAt: now } : {}),
    }).where(eq(simReplacements.id, id));
  },
});

export function applyReplacementEvent(
  tx: Db, row: Pick<ReplacementRow, 'id' | 'publicId'>, event: SimReplacementEvent, actions: LifecycleActions<SimReplacementEvent>, now: Date, rejectWith: ErrorCode = 'replacementNotReady',
): Promise<AppliedEvent> {
  return applyLifecycleEventIn<SimReplacementEvent>(tx, {
    chart: 'simReplacement', machine: simReplacementMachine, entityRef: row.publicId, store: replacementStore(row.id, now),
    event, actions, at: now, rejectWith,
  });
}

/** Fulfilment, about to make the card: false once the replacement was cancelled. Locks the replacement's row. */
export async function replacementStillWanted(tx: Db, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ state: simReplacements.state }).from(simReplacements).where(eq(simReplacements.orderId, orderId)).for('update');
  return row !== undefined && row.state !== 'cancelled';
}

/** Shipment: the parcel with the new card left (a cancelled replacement stays cancelled: its card is void). */
export async function replacementShipped(tx: Db, orderId: number, parcel: { carrier: string; trackingNumber: string }, now: Date): Promise<void> {
  const [row] = await tx.select().from(simReplacements).where(and(eq(simReplacements.orderId, orderId), eq(simReplacements.state, 'ordered')));
  if (!row) return;
  await applyReplacementEvent(tx, row, { type: 'replacement.shipped', ...parcel }, { recordShipping: async () => undefined }, now);
}
