/**
 * What /rates shows, from the rates and the query (pure, no React): every country named in the page's language, the
 * popular destinations first in their rank and then every country A to Z by that language's collation, or the
 * matches of a search in any of the three languages, best first.
 */
import { countryName, indexCountries, searchCountries, type CountryIndex } from '../../src/domain/countrySearch';
import type { IldRates } from '../../src/contract/usage';

export type Rate = IldRates['rates'][number];

export interface RateView {
  code: string;
  name: string;
  /** "+86" */
  dial: string;
  landlineCents: number;
  mobileCents: number;
}

export type RatesView =
  | { kind: 'browse'; popular: RateView[]; all: RateView[]; count: number }
  | { kind: 'search'; results: RateView[]; count: number };

const viewOf = (lang: string) => (r: Rate): RateView => ({
  code: r.countryCode, name: countryName(r.countryCode, lang), dial: `+${r.dialCode}`, landlineCents: r.landlineCents, mobileCents: r.mobileCents,
});

export const rateIndex = (rates: readonly Rate[]): CountryIndex<Rate>[] => indexCountries(rates);

export function ratesView(index: readonly CountryIndex<Rate>[], lang: string, query: string): RatesView {
  const view = viewOf(lang);
  if (query.trim() !== '') {
    const results = searchCountries(index, query).map(view);
    return { kind: 'search', results, count: results.length };
  }
  const rows = index.map((e) => e.row);
  const popular = rows.filter((r) => r.popularRank !== null).sort((a, b) => a.popularRank! - b.popularRank!).map(view);
  const collator = new Intl.Collator(lang);
  const all = rows.map(view).sort((a, b) => collator.compare(a.name, b.name));
  return { kind: 'browse', popular, all, count: all.length };
}
