/**
 * ILD per-country rates (issue 14): cents per started minute to a landline and to a mobile, in ild_rates. The table is
 * one data set (issue 18, decision 0038): loaded from CSV by `npm run data:import -- rates <file>` (the shipped sample,
 * data/samples/rates.sample.csv, at start until a carrier file is imported), charged by the usage collector and shown
 * by the /rates page, so what the page says is what a call costs.
 * Spec section 1: the plans include "unlimited US calls" and "unlimited calls to mainland China, Hong Kong, Macau and
 * Taiwan landlines" (0 here, checked at import); every other call is paid from the ILD account ("international long
 * distance to non-free countries only").
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ildRates } from '../db/schema';

export interface IldRate { countryCode: string; dialCode: string; landlineCents: number; mobileCents: number; popularRank: number | null }

/** Every country's rates: the popular destinations first in their rank, then by country code (the page sorts by name). */
export async function listIldRates(db: Db): Promise<IldRate[]> {
  return db.select({
    countryCode: ildRates.countryCode, dialCode: ildRates.dialCode, landlineCents: ildRates.landlineCents, mobileCents: ildRates.mobileCents,
    popularRank: ildRates.popularRank,
  }).from(ildRates).orderBy(sql`${ildRates.popularRank} asc nulls last`, asc(ildRates.countryCode));
}

export async function rateOf(db: Db, countryCode: string): Promise<IldRate | null> {
  const [row] = await db.select().from(ildRates).where(eq(ildRates.countryCode, countryCode));
  return row ?? null;
}

/** Each country's dialling code, as the usage pages write a peer's number (+86 …). */
export async function dialCodes(db: Db): Promise<Map<string, string>> {
  return new Map((await db.select({ country: ildRates.countryCode, dial: ildRates.dialCode }).from(ildRates)).map((r) => [r.country, r.dial]));
}
