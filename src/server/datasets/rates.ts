/**
 * The `rates` data set: ILD rates per country (ild_rates), the one table the usage collector charges from and the
 * /rates page shows. Columns: country_code (ISO 3166-1 alpha-2), dial_code (without the plus), landline_cents and
 * mobile_cents (US cents per started minute, 0 when included), popular_rank (empty, or the place among the
 * destinations listed first).
 */
import { z } from 'zod';
import { ildRates } from '../db/schema';
import { INCLUDED_ALL_CALLS, INCLUDED_LANDLINES, MAX_RATE_CENTS } from '../../domain/rates';
import { defineDataset, excluded, type RowProblem, samplePath } from './dataset';

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
/** Codes Intl names that are not countries: groupings and ICU's placeholders. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
export const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;

const cents = z.string().regex(/^\d{1,6}$/, 'a whole number of cents, e.g. 12').transform(Number)
  .refine((n) => n <= MAX_RATE_CENTS, `at most ${MAX_RATE_CENTS} cents`);

const rateRow = z.object({
  country_code: z.string().transform((s) => s.toUpperCase()).refine(isCountryCode, 'an ISO 3166-1 alpha-2 country code, e.g. CN'),
  dial_code: z.string().transform((s) => s.replace(/^\+/, '')).refine((s) => /^[1-9]\d{0,3}$/.test(s), 'a dialling code of 1 to 4 digits, e.g. 86'),
  landline_cents: cents,
  mobile_cents: cents,
  popular_rank: z.string().refine((s) => s === '' || /^[1-9]\d{0,3}$/.test(s), 'empty, or a place from 1 to 9999')
    .transform((s) => (s === '' ? null : Number(s))),
}).transform((r) => ({
  countryCode: r.country_code, dialCode: r.dial_code, landlineCents: r.landline_cents, mobileCents: r.mobile_cents, popularRank: r.popular_rank,
}));

export type RateRow = z.output<typeof rateRow>;

/** Spec section 1: the calls the plans include must cost nothing here, or the page and the bill would contradict the plans. */
function includedAreFree(rows: ReadonlyArray<{ line: number; row: RateRow }>): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const { line, row } of rows) {
    if (INCLUDED_ALL_CALLS.includes(row.countryCode) && (row.landlineCents !== 0 || row.mobileCents !== 0)) {
      problems.push({ line, message: `${row.countryCode}: calls are included in every plan (spec section 1), so landline_cents and mobile_cents must be 0` });
    } else if (INCLUDED_LANDLINES.includes(row.countryCode) && row.landlineCents !== 0) {
      problems.push({ line, message: `${row.countryCode}: landline calls are included in every plan (spec section 1), so landline_cents must be 0` });
    }
  }
  return problems;
}

export const ratesDataset = defineDataset<RateRow>({
  name: 'rates',
  description: 'international call rates per country (ild_rates): what /rates shows and what calls are charged',
  columns: ['country_code', 'dial_code', 'landline_cents', 'mobile_cents', 'popular_rank'],
  sample: samplePath('rates'),
  row: rateRow,
  key: (r) => r.countryCode,
  check: includedAreFree,
  async upsert(tx, rows) {
    await tx.insert(ildRates).values(rows).onConflictDoUpdate({
      target: ildRates.countryCode,
      set: { dialCode: excluded('dial_code'), landlineCents: excluded('landline_cents'), mobileCents: excluded('mobile_cents'), popularRank: excluded('popular_rank') },
    });
  },
});
