/**
 * ILD per-country rates (issue 14): cents per started minute to a landline and to a mobile, seeded into ild_rates.
 * Spec section 1: the plans include "unlimited calls to mainland China, Hong Kong, Macau and Taiwan landlines" (0 here);
 * their mobiles, like every other country, are paid from the ILD account ("international long distance to non-free
 * countries only"). Calls within the US and to Canada are domestic (+1) and never reach this table.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ildRates } from '../db/schema';

export interface IldRate { countryCode: string; dialCode: string; landlineCents: number; mobileCents: number }

/** In the order the rates page lists them: the included destinations first, then by how often customers call. */
export const ILD_RATES: readonly IldRate[] = [
  { countryCode: 'CN', dialCode: '86', landlineCents: 0, mobileCents: 2 },
  { countryCode: 'HK', dialCode: '852', landlineCents: 0, mobileCents: 2 },
  { countryCode: 'MO', dialCode: '853', landlineCents: 0, mobileCents: 5 },
  { countryCode: 'TW', dialCode: '886', landlineCents: 0, mobileCents: 9 },
  { countryCode: 'JP', dialCode: '81', landlineCents: 5, mobileCents: 12 },
  { countryCode: 'KR', dialCode: '82', landlineCents: 4, mobileCents: 6 },
  { countryCode: 'SG', dialCode: '65', landlineCents: 3, mobileCents: 3 },
  { countryCode: 'MY', dialCode: '60', landlineCents: 4, mobileCents: 8 },
  { countryCode: 'TH', dialCode: '66', landlineCents: 5, mobileCents: 6 },
  { countryCode: 'VN', dialCode: '84', landlineCents: 12, mobileCents: 14 },
  { countryCode: 'PH', dialCode: '63', landlineCents: 19, mobileCents: 24 },
  { countryCode: 'IN', dialCode: '91', landlineCents: 3, mobileCents: 3 },
  { countryCode: 'AU', dialCode: '61', landlineCents: 4, mobileCents: 10 },
  { countryCode: 'NZ', dialCode: '64', landlineCents: 5, mobileCents: 18 },
  { countryCode: 'GB', dialCode: '44', landlineCents: 3, mobileCents: 9 },
  { countryCode: 'DE', dialCode: '49', landlineCents: 3, mobileCents: 12 },
  { countryCode: 'FR', dialCode: '33', landlineCents: 3, mobileCents: 12 },
  { countryCode: 'IT', dialCode: '39', landlineCents: 4, mobileCents: 14 },
  { countryCode: 'ES', dialCode: '34', landlineCents: 3, mobileCents: 10 },
  { countryCode: 'MX', dialCode: '52', landlineCents: 4, mobileCents: 6 },
  { countryCode: 'BR', dialCode: '55', landlineCents: 6, mobileCents: 15 },
  { countryCode: 'AE', dialCode: '971', landlineCents: 19, mobileCents: 22 },
];

/** Upserts the rates by country (seed at every start). */
export async function seedIldRates(db: Db): Promise<void> {
  for (const [i, r] of ILD_RATES.entries()) {
    const row = { ...r, sortOrder: i };
    await db.insert(ildRates).values(row).onConflictDoUpdate({ target: ildRates.countryCode, set: row });
  }
}

export async function listIldRates(db: Db): Promise<IldRate[]> {
  return db.select({
    countryCode: ildRates.countryCode, dialCode: ildRates.dialCode, landlineCents: ildRates.landlineCents, mobileCents: ildRates.mobileCents,
  }).from(ildRates).orderBy(asc(ildRates.sortOrder));
}

export async function rateOf(db: Db, countryCode: string): Promise<IldRate | null> {
  const [row] = await db.select().from(ildRates).where(eq(ildRates.countryCode, countryCode));
  return row ?? null;
}
