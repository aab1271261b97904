/**
 * Reads the network's usage of our lines and rates it (decision 0021): every completed hour of an activated line with
 * a plan in effect, once. The gateway plays the carrier's charging system here:
 * - data: the network is told the high-speed data left in the line's 30-day cycle, and reports what went at high
 *   speed and what went at 128 kbps; the plan's "data used" is the sum of the high-speed part of the cycle's records.
 * - calls to countries the plans do not include are paid from the ILD account at the per-country rate, per started
 *   minute; a call is cut when the balance runs out, and not connected when it cannot pay a first minute.
 * A line's cursor row is locked while its feed is read on, so two gateways (or the job and a page) never read an hour
 * twice; each charge has the record's reference in the ledger, so it cannot happen twice either.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, ildRates, lines, planSubscriptions, plans, usageCursors, usageRecords } from '../db/schema';
import { HOUR_MS, type NetworkUsageRecord } from '../adapters/networkUsage';
import { cycleAt } from '../../domain/usage';
import { addOnsInCycle } from './addOns';

/** How far back a line's usage is read the first time (or after a long pause): older hours are not reported. */
export const USAGE_HISTORY_MS = 90 * 86_400_000;
/** Hours read in one transaction. */
const CHUNK_HOURS = 24;

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

interface Sub { id: number; startsAt: Date; expiresAt: Date; allowanceMb: number | null }

type RateTable = Map<string, { landlineCents: number; mobileCents: number }>;

/**
 * Cents a minute of this call costs from the ILD account: the rate the /rates page shows (ild_rates, decision 0038); 0
 * where the plans include it (the US and Canada, the landlines of mainland China, Hong Kong, Macau and Taiwan).
 */
function perMinute(rates: RateTable, r: NetworkUsageRecord): number {
  if (r.type !== 'voice' || r.direction !== 'out' || !r.peerCountry) return 0;
  const rate = rates.get(r.peerCountry);
  if (!rate) return 0;
  return r.peerKind === 'landline' ? rate.landlineCents : rate.mobileCents;
}

/** Reads one line's usage up to the last completed hour; answers the number of records added. */
export async function collectLineUsage(deps: Deps, lineId: number): Promise<number> {
  let added = 0;
  for (;;) {
    const step = await deps.db.transaction(async (trx) => collectChunk(deps, trx as unknown as Db, lineId));
    added += step.added;
    if (step.done) return added;
  }
}

async function collectChunk(deps: Deps, tx: Db, lineId: number): Promise<{ added: number; done: boolean }> {
  const now = deps.clock.now().getTime();
  const endHour = floorHour(now);
  const oldest = floorHour(now - USAGE_HISTORY_MS);
  const [line] = await tx.select().from(lines).where(eq(lines.id, lineId));
  if (!line) return { added: 0, done: true };
  const subs: Sub[] = (await tx.select({ sub: planSubscriptions, allowanceMb: plans.highSpeedDataMb }).from(planSubscriptions)
    .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
    .where(and(eq(planSubscriptions.lineId, lineId), eq(planSubscriptions.status, 'main')))
    .orderBy(asc(planSubscriptions.startsAt)))
    .map((r) => ({ id: r.sub.id, startsAt: r.sub.startsAt, expiresAt: r.sub.expiresAt, allowanceMb: r.allowanceMb }));
  const firstService = Math.min(line.createdAt.getTime(), ...subs.map((s) => s.startsAt.getTime()));
  await tx.insert(usageCursors).values({ lineId, readUntil: new Date(Math.max(oldest, floorHour(firstService))) }).onConflictDoNothing();
  const [cursor] = await tx.select().from(usageCursors).where(eq(usageCursors.lineId, lineId)).for('update');
  const from = Math.max(oldest, cursor!.readUntil.getTime());
  if (from >= endHour) return { added: 0, done: true };
  const until = Math.min(endHour, from + CHUNK_HOURS * HOUR_MS);

  let added = 0;
  // No service, no usage: a line that is not activated reports nothing for these hours.
  if (line.simStatus === 'activated') {
    const rates: RateTable = new Map((await tx.select().from(ildRates)).map((r) => [r.countryCode, r]));
    await tx.insert(balances).values({ customerId: line.customerId }).onConflictDoNothing();
    const [balance] = await tx.select().from(balances).where(eq(balances.customerId, line.customerId)).for('update');
    let ildCents = balance!.ildCents;
    const usedKb = new Map<string, number>();
    // Data add-ons of each cycle (issue 15): each raises the cycle's high-speed data from the hour it was bought.
    const addOns = new Map<string, { startsAt: Date; mb: number }[]>();
    const touched = new Map<number, string>();
    const rows: Array<typeof usageRecords.$inferInsert> = [];

    for (let hour = from; hour < until; hour += HOUR_MS) {
      const sub = subs.find((s) => s.startsAt.getTime() <= hour && hour < s.expiresAt.getTime());
      if (!sub) continue;
      const cycle = cycleAt(sub.startsAt, new Date(hour));
      const key = `${sub.id}:${cycle.start.getTime()}`;
      let used = usedKb.get(key);
      if (used === undefined) {
        const [row] = await tx.select({ kb: sql<string>`coalesce(sum(${usageRecords.highSpeedKb}), 0)` }).from(usageRecords)
          .where(and(eq(usageRecords.lineId, lineId), gte(usageRecords.startedAt, cycle.start), lt(usageRecords.startedAt, new Date(hour))));
        used = Number(row!.kb);
      }
      let bought = addOns.get(key);
      if (bought === undefined) addOns.set(key, bought = await addOnsInCycle(tx, lineId, cycle.start));
      const extraMb = bought.filter((a) => a.startsAt.getTime() <= hour).reduce((sum, a) => sum + a.mb, 0);
      const left = sub.allowanceMb === null ? null : Math.max(0, (sub.allowanceMb + extraMb) * 1024 - used);
      const reported = await deps.network.usageHour({ iccid: line.iccid, hourStart: new Date(hour), highSpeedLeftKb: left }, tx);
      for (const r of reported) {
        const rate = perMinute(rates, r);
        let durationSec = r.durationSec;
        let amountCents = 0;
        if (rate > 0) {
          const affordable = Math.floor(ildCents / rate);
          // Not connected: the ILD account cannot pay a first minute.
          if (affordable < 1) continue;
          const minutes = Math.min(Math.ceil(durationSec / 60), affordable);
          durationSec = Math.min(durationSec, minutes * 60);
          amountCents = minutes * rate;
          ildCents -= amountCents;
        }
        used += r.highSpeedKb;
        rows.push({
          customerId: line.customerId, lineId, networkRef: r.ref, type: r.type, startedAt: r.startedAt, direction: r.direction,
          peer: r.peer, peerCountry: r.peerCountry, via: r.type === 'sms' ? 'us' : null, durationSec, volumeKb: r.volumeKb,
          highSpeedKb: r.highSpeedKb, amountCents,
        });
      }
      usedKb.set(key, used);
      touched.set(sub.id, key);
    }
    if (rows.length > 0) {
      // The cursor's lock keeps every hour to one reader; a record already there (a cursor moved back) is not charged again.
      const inserted = await tx.insert(usageRecords).values(rows).onConflictDoNothing({ target: usageRecords.networkRef })
        .returning({ ref: usageRecords.networkRef, amountCents: usageRecords.amountCents, startedAt: usageRecords.startedAt });
      added = inserted.length;
      const charges = inserted.filter((r) => r.amountCents > 0);
      if (charges.length > 0) {
        await tx.insert(balanceLedger).values(charges.map((c) => ({
          // Charged when the call was made (the server's clock, not the database's: bills group by it).
          customerId: line.customerId, account: 'ild' as const, deltaCents: -c.amountCents, reference: `usage:${c.ref}`, createdAt: c.startedAt,
        })));
      }
      ildCents = balance!.ildCents - charges.reduce((sum, c) => sum + c.amountCents, 0);
    }
    const charged = balance!.ildCents - ildCents;
    if (charged > 0) {
      await tx.update(balances).set({ ildCents: sql`${balances.ildCents} - ${charged}` }).where(eq(balances.customerId, line.customerId));
    }
    // "Data used" of each plan touched: its latest cycle read, from the same records.
    for (const [subId, key] of touched) {
      await tx.update(planSubscriptions).set({ dataUsedMb: Math.floor((usedKb.get(key) ?? 0) / 1024) }).where(eq(planSubscriptions.id, subId));
    }
  }
  await tx.update(usageCursors).set({ readUntil: new Date(until) }).where(eq(usageCursors.lineId, lineId));
  return { added, done: until >= endHour };
}

/** Every line of one customer that can have usage (before a page shows it). */
export async function collectCustomerUsage(deps: Deps, customerId: number): Promise<void> {
  const owned = await deps.db.select({ id: lines.id }).from(lines)
    .where(and(eq(lines.customerId, customerId), eq(lines.simStatus, 'activated'))).orderBy(asc(lines.id));
  for (const l of owned) await collectLineUsage(deps, l.id);
}

/** Every activated line (the recurring job: usage grows as the server's clock moves, whoever looks). */
export async function collectAllUsage(deps: Deps): Promise<void> {
  const all = await deps.db.select({ id: lines.id }).from(lines).where(eq(lines.simStatus, 'activated')).orderBy(asc(lines.id));
  for (const l of all) await collectLineUsage(deps, l.id);
}
