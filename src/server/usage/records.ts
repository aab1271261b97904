/**
 * What the usage pages and the data allowance read: a customer's own records only (the session's customer, never a
 * line or record named by the request), read on from the network first, a page at a time with the month's totals.
 */
import { and, asc, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../context';
import { balanceLedger, lines, planSubscriptions, plans, usageRecords } from '../db/schema';
import type { DataAllowance, UsageList, UsageQuery, UsageRecord, UsageTotals } from '../../contract/usage';
import { addOnMbInCycle } from './addOns';
import { cycleAt, pacificMonth, pacificMonthRange, recentMonths, USAGE_PAGE_SIZE } from '../../domain/usage';
import { collectCustomerUsage } from './collect';
import { dialCodes } from './rates';

const dialCodeOf = (codes: Map<string, string>, peer: string | null, country: string | null): string | null => {
  const code = country ? codes.get(country) : undefined;
  return peer && code && peer.startsWith(code) ? code : null;
};

const zeroTotals: UsageTotals = { count: 0, inbound: 0, outbound: 0, durationSec: 0, volumeKb: 0, amountCents: 0 };

export async function listUsage(deps: Deps, customerId: number, query: UsageQuery): Promise<UsageList> {
  await collectCustomerUsage(deps, customerId);
  const now = deps.clock.now();
  const month = query.month ?? pacificMonth(now);
  const page = query.page ?? 1;
  const direction = query.type === 'voice' || query.type === 'sms' ? query.direction ?? null : null;
  const { start, end } = pacificMonthRange(month);
  const base = {
    type: query.type, month, months: recentMonths(now), direction, page, pageSize: USAGE_PAGE_SIZE,
  };
  const offset = (page - 1) * USAGE_PAGE_SIZE;

  if (query.type === 'topup') {
    // Credits to the General and ILD accounts (top-ups and anything else paid in); debits are charges, not top-ups.
    const where = and(eq(balanceLedger.customerId, customerId), gt(balanceLedger.deltaCents, 0),
      gte(balanceLedger.createdAt, start), lt(balanceLedger.createdAt, end));
    const [totals] = await deps.db.select({ count: count(), amount: sql<string>`coalesce(sum(${balanceLedger.deltaCents}), 0)` })
      .from(balanceLedger).where(where);
    const rows = await deps.db.select().from(balanceLedger).where(where)
      .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id)).limit(USAGE_PAGE_SIZE).offset(offset);
    return {
      ...base,
      totals: { ...zeroTotals, count: totals!.count, amountCents: Number(totals!.amount) },
      records: rows.map((r): UsageRecord => ({
        id: r.id, type: 'topup', at: r.createdAt.toISOString(), direction: null, peer: null, peerCountry: null, peerDialCode: null, via: null,
        durationSec: 0, volumeKb: 0, slowed: false, amountCents: r.deltaCents, account: r.account,
      })),
    };
  }

  const conditions: SQL[] = [eq(usageRecords.customerId, customerId), eq(usageRecords.type, query.type),
    gte(usageRecords.startedAt, start), lt(usageRecords.startedAt, end)];
  if (direction) conditions.push(eq(usageRecords.direction, direction));
  const where = and(...conditions);
  const [totals] = await deps.db.select({
    count: count(),
    inbound: sql<string>`count(*) filter (where ${usageRecords.direction} = 'in')`,
    outbound: sql<string>`count(*) filter (where ${usageRecords.direction} = 'out')`,
    duration: sql<string>`coalesce(sum(${usageRecords.durationSec}), 0)`,
    volume: sql<string>`coalesce(sum(${usageRecords.volumeKb}), 0)`,
    amount: sql<string>`coalesce(sum(${usageRecords.amountCents}), 0)`,
  }).from(usageRecords).where(where);
  const rows = await deps.db.select().from(usageRecords).where(where)
    .orderBy(desc(usageRecords.startedAt), desc(usageRecords.id)).limit(USAGE_PAGE_SIZE).offset(offset);
  const codes = await dialCodes(deps.db);
  return {
    ...base,
    totals: {
      count: totals!.count, inbound: Number(totals!.inbound), outbound: Number(totals!.outbound), durationSec: Number(totals!.duration),
      volumeKb: Number(totals!.volume), amountCents: Number(totals!.amount),
    },
    records: rows.map((r): UsageRecord => ({
      id: r.id, type: r.type, at: r.startedAt.toISOString(), direction: r.direction, peer: r.peer, peerCountry: r.peerCountry,
      peerDialCode: dialCodeOf(codes, r.peer, r.peerCountry), via: r.via,
      durationSec: r.durationSec, volumeKb: r.volumeKb, slowed: r.type === 'data' && r.volumeKb > r.highSpeedKb, amountCents: r.amountCents,
      account: null,
    })),
  };
}

const NO_PLAN: DataAllowance = { status: 'none', usedMb: 0, remainingMb: null, totalMb: null, slowed: false, cycleStart: null, cycleEnd: null };

/**
 * High-speed data used / remaining / total of the plan in effect on the customer's line (the same line userInfo
 * shows: its activated US line, else its first), in the 30-day cycle holding now, summed from the usage records.
 */
export async function dataAllowanceOf(deps: Deps, customerId: number): Promise<DataAllowance> {
  await collectCustomerUsage(deps, customerId);
  const now = deps.clock.now();
  const owned = await deps.db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(asc(lines.id));
  const line = owned.find((l) => l.kind === 'us' && l.simStatus === 'activated' && l.msisdn) ?? owned[0];
  if (!line) return NO_PLAN;
  const [main] = await deps.db.select({ sub: planSubscriptions, totalMb: plans.highSpeedDataMb }).from(planSubscriptions)
    .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
    .where(and(eq(planSubscriptions.lineId, line.id), eq(planSubscriptions.status, 'main'),
      sql`${planSubscriptions.startsAt} <= ${now.toISOString()}`, gt(planSubscriptions.expiresAt, now)))
    .orderBy(desc(planSubscriptions.expiresAt)).limit(1);
  if (!main) return NO_PLAN;
  const cycle = cycleAt(main.sub.startsAt, now);
  const [row] = await deps.db.select({ kb: sql<string>`coalesce(sum(${usageRecords.highSpeedKb}), 0)` }).from(usageRecords)
    .where(and(eq(usageRecords.lineId, line.id), gte(usageRecords.startedAt, cycle.start), lt(usageRecords.startedAt, cycle.end)));
  const usedMb = Math.floor(Number(row!.kb) / 1024);
  const cycleEnd = new Date(Math.min(cycle.end.getTime(), main.sub.expiresAt.getTime()));
  const dates = { cycleStart: cycle.start.toISOString(), cycleEnd: cycleEnd.toISOString() };
  if (main.totalMb === null) return { status: 'unlimited', usedMb, remainingMb: null, totalMb: null, slowed: false, ...dates };
  // The cycle's data add-ons raise its high-speed data (issue 15).
  const totalMb = main.totalMb + await addOnMbInCycle(deps.db, line.id, cycle.start);
  const usedCapped = Math.min(usedMb, totalMb);
  return {
    status: 'limited', usedMb: usedCapped, remainingMb: totalMb - usedCapped, totalMb,
    slowed: Number(row!.kb) >= totalMb * 1024, ...dates,
  };
}
