/**
 * Logistics sandbox: a carrier that takes a parcel, prints its label (carrier and tracking number at once) and
 * sends it `shipDelayMs` after the request, on the server's clock. Its state is sandbox_parcels. The parcel holds
 * the cards with their printed activation codes, what a person opening it sees: sandboxParcel() shows them
 * (loopback /sandbox/api/parcels/<orderNo>) once it has shipped, so a tester can activate a delivered SIM.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { sandboxParcels } from '../db/schema';
import type { Carrier, Logistics, ParcelAddress, ShipmentState } from './logistics';
import { carrierFor, newTrackingNumber } from './logisticsTrackingNumbers';

type ParcelRow = typeof sandboxParcels.$inferSelect;

export interface SandboxParcel extends ShipmentState {
  service: 'standard' | 'express';
  address: Record<string, unknown>;
  /** Only once shipped: nobody can open a parcel still in the warehouse. */
  contents: { iccid: string; activationCode: string }[] | null;
}

/** A parcel has shipped once its ship time has come; the send time is written then, as a carrier scan would. */
async function current(db: Db, clock: Clock, row: ParcelRow): Promise<ParcelRow> {
  if (row.shippedAt || row.shipAt > clock.now()) return row;
  const [updated] = await db.update(sandboxParcels).set({ shippedAt: row.shipAt })
    .where(eq(sandboxParcels.id, row.id)).returning();
  return updated ?? row;
}

const stateOf = (row: ParcelRow): ShipmentState => ({
  reference: row.reference,
  carrier: row.carrier as Carrier,
  trackingNumber: row.trackingNumber,
  shipped: row.shippedAt !== null,
  shippedAt: row.shippedAt,
  shipsAt: row.shipAt,
});

async function find(db: Db, clock: Clock, reference: string): Promise<ParcelRow | null> {
  const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.reference, reference));
  return row ? current(db, clock, row) : null;
}

export async function sandboxParcel(db: Db, clock: Clock, reference: string): Promise<SandboxParcel | null> {
  const row = await find(db, clock, reference);
  if (!row) return null;
  return { ...stateOf(row), service: row.service, address: row.address, contents: row.shippedAt ? row.contents : null };
}

export function createLogisticsSandbox(opts: { db: Db; clock: Clock; shipDelayMs: number }): Logistics {
  const { db, clock } = opts;
  return {
    async createShipment(req) {
      for (;;) {
        const existing = await find(db, clock, req.reference);
        if (existing) return stateOf(existing);
        const carrier = carrierFor(req.address.country, req.service);
        const now = clock.now();
        // Conflicts on the reference (another request won) or, rarely, on the tracking number: look again.
        await db.insert(sandboxParcels).values({
          reference: req.reference, carrier, trackingNumber: newTrackingNumber(carrier), service: req.service,
          address: req.address, contents: req.contents, shipAt: new Date(now.getTime() + opts.shipDelayMs), createdAt: now,
        }).onConflictDoNothing();
      }
    },

    async getShipment(reference) {
      const row = await find(db, clock, reference);
      return row ? stateOf(row) : null;
    },

    async updateAddress(reference, address: ParcelAddress) {
      const row = await find(db, clock, reference);
      if (!row) return 'unknown';
      if (row.shippedAt) return 'shipped';
      // The parcel may leave between the read and the write: the write itself checks it is still here.
      const updated = await db.update(sandboxParcels).set({ address })
        .where(and(eq(sandboxParcels.id, row.id), isNull(sandboxParcels.shippedAt), gt(sandboxParcels.shipAt, clock.now())))
        .returning({ id: sandboxParcels.id });
      return updated.length ? 'updated' : 'shipped';
    },
  };
}
