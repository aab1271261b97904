/**
 * The lucky draw (issue 18, /activity/lottery, decision 0042): eligible customers (as for the campaigns: individual,
 * current) draw once per period; the roll comes from node:crypto on the server and every draw is recorded with it.
 * In one transaction: the entry (its unique index lets one of parallel draws through: 90056 for the others), the prize
 * taken from the period's stock by a guarded update (none left at that moment: 120092 "activity too busy", nothing
 * kept, the customer may draw again), and the credit to the General account through the ledger (`lottery:<id>`).
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { LotteryData } from '../../contract/lottery';
import { isOpen, type CampaignEdition } from '../../domain/campaigns';
import { LOTTERY_PRIZES, LOTTERY_ROLLS, lotteryPeriod, prizeOf, sandboxLottery } from '../../domain/lottery';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, lotteryDraws, lotteryStock } from '../db/schema';
import { GatewayError } from '../http/errors';
import { eligibilityOf } from './service';

const sandboxDraws = new WeakMap<object, { id: string; starts: string; ends: string }>();

/** The draw running now: the sandbox's around the day its gateway first answered (no dated draw is configured). */
export function currentLottery(deps: Deps, now = deps.clock.now()) {
  if (!deps.config.sandbox) return null;
  let edition = sandboxDraws.get(deps.config);
  if (!edition) sandboxDraws.set(deps.config, (edition = sandboxLottery(now)));
  const asEdition: CampaignEdition = { ...edition, reviewFrom: edition.starts, reviewTo: edition.ends, sandbox: true };
  return isOpen(asEdition, now) ? edition : null;
}

async function stockLeft(db: Db, edition: string, period: string) {
  const rows = await db.select().from(lotteryStock).where(and(eq(lotteryStock.edition, edition), eq(lotteryStock.period, period)));
  return new Map(rows.map((r) => [r.prize, r.remaining]));
}

export async function lotteryView(deps: Deps, customerId: number | null): Promise<LotteryData> {
  const now = deps.clock.now();
  const edition = currentLottery(deps, now);
  const period = lotteryPeriod(now);
  const left = edition ? await stockLeft(deps.db, edition.id, period.id) : new Map<string, number>();
  const prizes = LOTTERY_PRIZES.map((p) => ({ code: p.code, amountCents: p.amountCents, chances: p.chances, stock: p.stock, left: p.stock === null ? null : left.get(p.code) ?? p.stock }));
  const base = { edition, period, prizes, rolls: LOTTERY_ROLLS };
  if (customerId === null) return { ...base, eligibility: 'visitor', entry: null };
  const [entry] = edition ? await deps.db.select().from(lotteryDraws)
    .where(and(eq(lotteryDraws.edition, edition.id), eq(lotteryDraws.period, period.id), eq(lotteryDraws.customerId, customerId))) : [];
  return {
    ...base, eligibility: await eligibilityOf(deps, customerId),
    entry: entry ? { prize: entry.prize as LotteryData['prizes'][number]['code'], amountCents: entry.amountCents, at: entry.createdAt.toISOString() } : null,
  };
}

/** Takes one of a prize from the period's stock in one guarded step: false when none was left at that moment. */
export async function takePrize(tx: Db, edition: string, period: string, prize: string): Promise<boolean> {
  const taken = await tx.update(lotteryStock).set({ remaining: sql`${lotteryStock.remaining} - 1` })
    .where(and(eq(lotteryStock.edition, edition), eq(lotteryStock.period, period), eq(lotteryStock.prize, prize), gt(lotteryStock.remaining, 0)))
    .returning({ remaining: lotteryStock.remaining });
  return taken.length === 1;
}

export async function drawLottery(deps: Deps, customerId: number): Promise<LotteryData> {
  const now = deps.clock.now();
  const edition = currentLottery(deps, now);
  if (!edition) throw new GatewayError('campaignClosed');
  if ((await eligibilityOf(deps, customerId)) !== 'eligible') throw new GatewayError('campaignNotEligible');
  const period = lotteryPeriod(now);
  const roll = randomInt(0, LOTTERY_ROLLS);
  const prize = prizeOf(roll);
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [draw] = await tx.insert(lotteryDraws).values({
      customerId, edition: edition.id, period: period.id, roll, prize: prize.code, amountCents: prize.amountCents, createdAt: now,
    }).onConflictDoNothing().returning({ id: lotteryDraws.id });
    if (!draw) throw new GatewayError('90056');
    if (prize.stock === null) return;
    // The period's stock starts full the first time anyone draws in it.
    await tx.insert(lotteryStock).values(LOTTERY_PRIZES.filter((p) => p.stock !== null).map((p) => ({ edition: edition.id, period: period.id, prize: p.code, remaining: p.stock! })))
      .onConflictDoNothing();
    // Spec section 8: "120092 activity too busy": the prize drawn ran out at that moment; the entry is not kept.
    if (!(await takePrize(tx, edition.id, period.id, prize.code))) throw new GatewayError('120092');
    await tx.insert(balanceLedger).values({ customerId, account: 'general', deltaCents: prize.amountCents, reference: `lottery:${draw.id}`, createdAt: now });
    await tx.insert(balances).values({ customerId, generalCents: prize.amountCents })
      .onConflictDoUpdate({ target: balances.customerId, set: { generalCents: sql`${balances.generalCents} + ${prize.amountCents}` } });
  });
  return lotteryView(deps, customerId);
}
