/**
 * The roaming pack of a paid order is put on the line by the network (issue 15: "a roaming pack is provisioned through
 * the network sandbox"): a job written in the paying transaction, idempotent at the network by the order's request id.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { addOnPacks, lineAddOns, lines } from '../db/schema';
import type { JobHandler } from '../jobs/types';
import { ROAMING_JOB } from './lineOrders';

const provisionRoaming: JobHandler = async (deps: Deps, job) => {
  const orderNo = String(job.payload.orderNo ?? '');
  const [row] = await deps.db.select({ addOn: lineAddOns, line: lines, pack: addOnPacks }).from(lineAddOns)
    .innerJoin(lines, eq(lines.id, lineAddOns.lineId)).innerJoin(addOnPacks, eq(addOnPacks.id, lineAddOns.packId))
    .where(eq(lineAddOns.orderNo, orderNo));
  if (!row) throw new Error(`no roaming pack for order ${orderNo}`);
  if (row.addOn.networkRef) return;
  const { ref } = await deps.network.addRoamingPack({
    requestId: `roaming:${orderNo}`, iccid: row.line.iccid, zone: row.pack.zone ?? 'world', roamingType: row.pack.roamingType ?? 'data',
    startsAt: row.addOn.startsAt, expiresAt: row.addOn.expiresAt,
  });
  await deps.db.update(lineAddOns).set({ networkRef: ref, provisionedAt: deps.clock.now() }).where(eq(lineAddOns.orderNo, orderNo));
};

export const lineOrderJobHandlers: Record<string, JobHandler> = { [ROAMING_JOB]: provisionRoaming };
