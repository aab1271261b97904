/**
 * The offers of each line order (issue 15) and the rules that refuse one, evaluated the same way when the list is
 * shown, when the order is created, when a payment starts and when it settles (spec section 1: add-ons and roaming
 * "both need an active main plan"; section 8: 120079, 120080; sections 5 and 9: "Data add-on max five per cycle").
 */
import { asc, eq } from 'drizzle-orm';
import { MAX_DATA_ADD_ONS_PER_CYCLE, ROAMING_DESTINATIONS } from '../../domain/addOns';
import { multiMonthPercentFor, quote } from '../../domain/pricing';
import type { LineOffer, LineOrderKind, LineOrderRefusal } from '../../contract/business';
import type { Db } from '../db/database';
import { keepingConflict } from '../protect';
import { addOnPacks, globalPacks, globalRegions, lines, multiMonthDiscounts, plans } from '../db/schema';
import {
  cycleOf, dataAddOnsTaken, globalTermsOf, hasPendingPlan, mainPlanOf, mainSequenceEnd, type LineRow, type MainPlan,
} from './lineState';

const DAY_MS = 86_400_000;
/** Spec section 9: "Cycle 30 days": a month of a plan is 30 days. */
const MONTH_MS = 30 * DAY_MS;

/** The line each kind is for: the US line for plans, add-ons and roaming (decision 0002); the global data SIM for renewals. */
export async function lineForKind(db: Db, customerId: number, kind: LineOrderKind): Promise<LineRow | null> {
  const own = await db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(asc(lines.id));
  if (kind === 'globalRenewal') return own.find((l) => l.kind === 'global' && l.simStatus === 'activated') ?? null;
  return own.find((l) => l.kind === 'us' && l.simStatus === 'activated' && l.msisdn !== null) ?? null;
}

export interface LineSituation {
  refusal: LineOrderRefusal | null;
  main: MainPlan | null;
  current: { name: string; expiresAt: Date } | null;
  startsAt: Date | null;
  cycle: { start: Date; end: Date; bought: number } | null;
}

/**
 * Where the line stands for an order of `kind` at `now`. `exceptOrderNo`: the order being paid does not count against
 * the limit it is checked for.
 */
export async function situationOf(db: Db, line: LineRow | null, kind: LineOrderKind, now: Date, exceptOrderNo: string | null = null): Promise<LineSituation> {
  const none: LineSituation = { refusal: null, main: null, current: null, startsAt: null, cycle: null };
  if (kind === 'globalRenewal') {
    if (!line) return { ...none, refusal: 'noGlobalLine' };
    const terms = await globalTermsOf(db, line);
    const last = terms.at(-1);
    const inForce = last && last.expiresAt > now ? last : null;
    return {
      ...none,
      current: inForce ? { name: inForce.regionCode, expiresAt: inForce.expiresAt } : null,
      // The renewed pack starts when the pack in force ends, or at once when none is.
      startsAt: inForce ? inForce.expiresAt : now,
    };
  }
  if (!line) return { ...none, refusal: 'noUsLine' };
  // Issue 16, spec section 8: "90007 in number-keeping period": a kept number takes no plan change, add-on or roaming pack.
  const kept = await keepingConflict(db, line.id);
  if (kept) return { ...none, refusal: kept };
  const main = await mainPlanOf(db, line.id, now);
  if (!main) return { ...none, refusal: '120079' };
  if (kind === 'planChange') {
    const end = (await mainSequenceEnd(db, line.id, now)) ?? main.expiresAt;
    const pending = await hasPendingPlan(db, line.id, now);
    return { ...none, main, current: { name: main.name, expiresAt: end }, startsAt: end, refusal: pending ? '120080' : null };
  }
  if (kind === 'roaming') return { ...none, main, current: { name: main.name, expiresAt: main.expiresAt }, startsAt: now };
  const cycle = cycleOf(main, now);
  const bought = await dataAddOnsTaken(db, line.id, cycle.start, exceptOrderNo);
  const refusal = main.highSpeedDataMb === null ? 'addOnUnlimited' : bought >= MAX_DATA_ADD_ONS_PER_CYCLE ? 'addOnLimit' : null;
  return { ...none, main, current: { name: main.name, expiresAt: main.expiresAt }, startsAt: now, cycle: { ...cycle, bought }, refusal };
}

export type OfferRow =
  | { kind: 'plan'; row: typeof plans.$inferSelect }
  | { kind: 'pack'; row: typeof addOnPacks.$inferSelect }
  | { kind: 'global'; row: typeof globalPacks.$inferSelect; destinations: string[] };

export function offerOf(o: OfferRow): LineOffer {
  if (o.kind === 'plan') {
    return {
      id: o.row.id, name: o.row.name, priceCents: o.row.monthlyPriceCents, dataMb: o.row.highSpeedDataMb, minutes: o.row.usMinutes,
      texts: null, days: null, zone: null, roamingType: null, destinations: [], promotionEligible: o.row.promotionEligible,
    };
  }
  if (o.kind === 'pack') {
    return {
      id: o.row.id, name: o.row.code, priceCents: o.row.priceCents, dataMb: o.row.dataMb, minutes: o.row.minutes, texts: o.row.texts,
      days: o.row.days, zone: o.row.zone, roamingType: o.row.roamingType,
      destinations: o.row.zone ? [...ROAMING_DESTINATIONS[o.row.zone]] : [], promotionEligible: false,
    };
  }
  return {
    id: o.row.id, name: o.row.regionCode, priceCents: o.row.priceCents, dataMb: o.row.dataMb, minutes: null, texts: null, days: o.row.days,
    zone: null, roamingType: null, destinations: o.destinations, promotionEligible: false,
  };
}

export async function offerRowsOf(db: Db, kind: LineOrderKind): Promise<OfferRow[]> {
  if (kind === 'planChange') {
    return (await db.select().from(plans).where(eq(plans.kind, 'us')).orderBy(asc(plans.sortOrder))).map((row) => ({ kind: 'plan' as const, row }));
  }
  if (kind === 'globalRenewal') {
    const rows = await db.select({ pack: globalPacks, region: globalRegions }).from(globalPacks)
      .innerJoin(globalRegions, eq(globalRegions.code, globalPacks.regionCode))
      .orderBy(asc(globalRegions.sortOrder), asc(globalPacks.dataMb), asc(globalPacks.days));
    return rows.map((r) => ({ kind: 'global' as const, row: r.pack, destinations: r.region.destinations }));
  }
  const packKind = kind === 'addOn' ? 'data' : 'roaming';
  return (await db.select().from(addOnPacks).where(eq(addOnPacks.kind, packKind)).orderBy(asc(addOnPacks.sortOrder)))
    .map((row) => ({ kind: 'pack' as const, row }));
}

export async function offerRowById(db: Db, kind: LineOrderKind, id: number): Promise<OfferRow | null> {
  return (await offerRowsOf(db, kind)).find((o) => o.row.id === id) ?? null;
}

export async function multiMonthOffers(db: Db): Promise<{ months: number; discountPercent: number }[]> {
  return db.select().from(multiMonthDiscounts).orderBy(asc(multiMonthDiscounts.months));
}

/** What the order costs: a plan by "monthly price × months" less the multi-month discount; a pack its price. */
export async function priceOf(db: Db, offer: OfferRow, months: number): Promise<{ unitCents: number; costCents: number; discountCents: number; totalCents: number }> {
  if (offer.kind !== 'plan') return { unitCents: offer.row.priceCents, costCents: offer.row.priceCents, discountCents: 0, totalCents: offer.row.priceCents };
  const percent = multiMonthPercentFor(offer.row, months, await multiMonthOffers(db));
  const q = quote({
    monthlyPriceCents: offer.row.monthlyPriceCents, months, multiMonthPercent: percent, simCount: 1, simType: 'esim',
    shippingCountry: null, shippingMethod: 'standard', code: null, taxRateBps: 0,
  });
  return { unitCents: offer.row.monthlyPriceCents, costCents: q.planCostCents, discountCents: q.multiMonthDiscountCents, totalCents: q.totalCents };
}

/** From when to when the order gives what it gives, if it were fulfilled at `now`. */
export function termOf(kind: LineOrderKind, offer: OfferRow, months: number, situation: LineSituation, now: Date): { startsAt: Date; expiresAt: Date } {
  const startsAt = situation.startsAt ?? now;
  if (kind === 'planChange') return { startsAt, expiresAt: new Date(startsAt.getTime() + months * MONTH_MS) };
  if (kind === 'addOn') return { startsAt: now, expiresAt: situation.cycle?.end ?? now };
  const days = offer.kind === 'plan' ? 30 : offer.row.days ?? 30;
  return { startsAt, expiresAt: new Date(startsAt.getTime() + days * DAY_MS) };
}

export { MONTH_MS };
