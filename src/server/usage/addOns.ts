/**
 * The data add-ons bought for a line's cycle (issue 15, decision 0028): the business area writes line_add_ons when one
 * is paid; usage reads them here, beside the allowance they raise, so the usage and portal areas need not reach into
 * the business area (which itself reads plans and usage).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { lineAddOns } from '../db/schema';

/** High-speed data the add-ons bought in a cycle add to the plan's (MB). */
export async function addOnMbInCycle(db: Db, lineId: number, cycleStart: Date): Promise<number> {
  const [row] = await db.select({ mb: sql<string>`coalesce(sum(${lineAddOns.dataMb}), 0)` }).from(lineAddOns)
    .where(and(eq(lineAddOns.lineId, lineId), eq(lineAddOns.kind, 'data'), eq(lineAddOns.cycleStart, cycleStart)));
  return Number(row?.mb ?? 0);
}

/** The data add-ons bought in a cycle, each with when it was bought (the usage collector counts one from then on). */
export async function addOnsInCycle(db: Db, lineId: number, cycleStart: Date): Promise<{ startsAt: Date; mb: number }[]> {
  const rows = await db.select({ startsAt: lineAddOns.startsAt, mb: lineAddOns.dataMb }).from(lineAddOns)
    .where(and(eq(lineAddOns.lineId, lineId), eq(lineAddOns.kind, 'data'), eq(lineAddOns.cycleStart, cycleStart)));
  return rows.map((r) => ({ startsAt: r.startsAt, mb: r.mb ?? 0 }));
}
