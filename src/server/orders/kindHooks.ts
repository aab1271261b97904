/**
 * What fulfilment and shipment ask the area that owns an order's kind (decision 0037: a replacement SIM). That area
 * registers its answers at its composition (src/server/replacement/index.ts) rather than this area importing it: the
 * owner itself orders and pays through orders and payments, so a direct import would tie the areas in a circle.
 */
import type { Db } from '../db/database';

export interface FulfilmentHooks {
  /** About to make the order's cards: false when the owner no longer wants them (nothing is made or shipped). */
  stillWanted(tx: Db, orderId: number): Promise<boolean>;
  /** The order's parcel left, in the transaction that records it. */
  shipped(tx: Db, orderId: number, parcel: { carrier: string; trackingNumber: string }, now: Date): Promise<void>;
}

const byKind = new Map<string, FulfilmentHooks>();

export function registerFulfilmentHooks(kind: string, hooks: FulfilmentHooks): void {
  byKind.set(kind, hooks);
}

export const fulfilmentHooksOf = (kind: string): FulfilmentHooks | null => byKind.get(kind) ?? null;
