/**
 * 'order.fulfil' {orderNo}: what follows a paid order (issue 3, section 4). Enqueued by payment in the
 * transaction that marks the order paid; run by the job runner; safe to run again at any point (a re-run
 * creates nothing twice):
 * 1. the order's SIM rows, with the confirmation email, in one transaction; the activation codes exist in clear
 *    only in this job's payload until handed on (printed in the parcel, or in each eSIM's email job);
 * 2. a physical order: one parcel at the carrier (idempotent on the order number), then 'awaiting_shipment' and a
 *    'shipment.poll' at the time the carrier will send it;
 * 3. an eSIM order: a profile per SIM from the SM-DP+ (idempotent on the ICCID). When the SM-DP+ cannot give one,
 *    the order becomes 'esim_failed' (the payment stands: spec section 8, "payment succeeded but eSIM allocation
 *    failed"), the buyer is told once by email, and the job fails so the runner tries again later.
 * An order for a card being activated (issue 4) creates, ships and allocates nothing: the card got its plan when the
 * order was paid; this job sends the confirmation email, which says the plan is ready to activate.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { jobs, orders, sims } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import type { GiveUpPayload, Job, JobOutcome } from '../jobs/types';
import type { ParcelAddress } from '../adapters/logistics';
import { createSims, type NewSim } from '../activation';
import { fulfilmentHooksOf } from './kindHooks';
import { emailJob } from './emailJobs';

type OrderRow = typeof orders.$inferSelect;

/** Spec section 9: "eSIM QR 30 days". */
export const ESIM_QR_VALID_MS = 30 * 86_400_000;

const codesOf = (job: Job): NewSim[] | null => {
  const carried = job.payload.sims;
  return Array.isArray(carried) ? (carried as NewSim[]) : null;
};

/** Step 1, in one transaction with the order row locked: the SIMs, the codes kept in this job, the confirmation email. */
async function ensureSims(deps: Deps, job: Job, orderNo: string): Promise<{ order: OrderRow; codes: NewSim[] | null } | null> {
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
    if (!order || order.status !== 'paid') return null;
    // A replacement SIM cancelled before its card was made makes and ships nothing (decision 0037); the owner's row stays
    // locked until the card exists, so a cancel meanwhile waits and then voids the card.
    const hooks = fulfilmentHooksOf(order.kind);
    if (hooks && !(await hooks.stillWanted(tx, order.id))) return null;
    if (order.activationIccid) {
      await enqueueJob(tx, emailJob('orderConfirmation', orderNo, deps.clock.now()));
      return { order, codes: null };
    }
    const existing = await tx.select({ iccid: sims.iccid }).from(sims).where(eq(sims.orderId, order.id)).limit(1);
    if (existing.length) return { order, codes: codesOf(job) };
    const now = deps.clock.now();
    const codes = await createSims(tx, deps.config.codePepper, {
      orderId: order.id, kind: order.kind === 'global' ? 'global' : 'us', simType: order.simType, count: order.simCount,
      planId: order.planId, months: order.months, purchasedAt: order.paidAt ?? now,
    });
    await tx.update(jobs).set({ payload: { ...job.payload, sims: codes } }).where(eq(jobs.id, job.id));
    // A replacement SIM's confirmation is the security notice sent when it was ordered (decision 0037).
    if (order.kind !== 'replacement') await enqueueJob(tx, emailJob('orderConfirmation', orderNo, now));
    return { order, codes };
  });
}

export const parcelAddress = (s: OrderRow['shipping']): ParcelAddress => ({
  country: s.country, name: `${s.firstNameEn} ${s.lastNameEn}`, phone: s.phone,
  address1: s.address1 ?? '', address2: s.address2 ?? null, city: s.city ?? '', state: s.state ?? '', zip: s.zip ?? '',
});

async function requestShipment(deps: Deps, order: OrderRow, codes: NewSim[] | null): Promise<JobOutcome> {
  const sent = parcelAddress(order.shipping);
  // Without the codes the cards cannot be printed; once the parcel exists they are no longer needed.
  const parcel = codes
    ? await deps.logistics.createShipment({ reference: order.orderNo, service: order.shippingMethod, address: sent, contents: codes })
    : await deps.logistics.getShipment(order.orderNo);
  if (!parcel) throw new Error(`order ${order.orderNo}: SIMs exist but neither their codes nor a parcel do`);
  const now = deps.clock.now();
  const latest = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    await tx.update(orders).set({ fulfilment: 'awaiting_shipment', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.fulfilment, 'pending')));
    await enqueueJob(tx, { kind: 'shipment.poll', dedupeKey: `shipment.poll:${order.orderNo}`, payload: { orderNo: order.orderNo }, runAt: parcel.shipsAt });
    return row!;
  });
  // The buyer changed the address on /tracking/modify while the parcel was being created: the carrier gets it too.
  const latestAddress = parcelAddress(latest.shipping);
  if (JSON.stringify(latestAddress) !== JSON.stringify(sent)) await deps.logistics.updateAddress(order.orderNo, latestAddress);
  return { payload: { orderNo: order.orderNo } };
}

async function markEsimFailed(deps: Deps, order: OrderRow) {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.update(orders).set({ fulfilment: 'esim_failed', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.fulfilment, 'pending')));
    await enqueueJob(tx, emailJob('esimFailed', order.orderNo, now));
  });
}

async function allocateEsims(deps: Deps, order: OrderRow, codes: NewSim[] | null): Promise<JobOutcome> {
  const orderSims = await deps.db.select().from(sims).where(eq(sims.orderId, order.id)).orderBy(sims.iccid);
  for (const sim of orderSims.filter((s) => !s.matchingId)) {
    let profile;
    try {
      profile = await deps.smdp.allocateProfile({ iccid: sim.iccid, reference: order.orderNo, email: order.email });
    } catch (error) {
      await markEsimFailed(deps, order);
      throw error;
    }
    await deps.db.update(sims).set({
      smdpAddress: profile.smdpAddress, matchingId: profile.matchingId, qrExpiresAt: new Date(deps.clock.now().getTime() + ESIM_QR_VALID_MS),
    }).where(and(eq(sims.iccid, sim.iccid), isNull(sims.matchingId)));
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // Each eSIM's email carries its activation code; once enqueued, this job no longer needs to hold it.
    // In ICCID order, the order the emails number them in ("SIM 1 of 2").
    for (const sim of [...(codes ?? [])].sort((a, b) => a.iccid.localeCompare(b.iccid))) {
      await enqueueJob(tx, emailJob('esim', order.orderNo, now, { iccid: sim.iccid, activationCode: sim.activationCode }, sim.iccid));
    }
    await tx.update(orders).set({ fulfilment: 'esim_sent', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')));
  });
  return { payload: { orderNo: order.orderNo } };
}

/** Given up: the clear activation codes go, the order number stays (the SIMs then need their codes reissued). */
export const fulfilGivenUp: GiveUpPayload = (payload) => ({ orderNo: payload.orderNo });

export async function fulfilOrder(deps: Deps, job: Job): Promise<JobOutcome> {
  const orderNo = String(job.payload.orderNo ?? '');
  const step = await ensureSims(deps, job, orderNo);
  // Not paid (or no such order): nothing to fulfil. Payment enqueues this job only with the paid mark, so this is a stray.
  if (!step || step.order.activationIccid) return { payload: { orderNo } };
  return step.order.simType === 'physical' ? requestShipment(deps, step.order, step.codes) : allocateEsims(deps, step.order, step.codes);
}
