/**
 * Finding a country on /rates (issue 18: "search by country in any of the three languages (names from
 * Intl.DisplayNames)"): whatever the page's language, a country is found by its name in English, simplified or
 * traditional Chinese (long or short: "Hong Kong SAR China", "香港"), by a name people use that Intl does not give
 * ("Macau", "USA", "韓國"), by its ISO code ("JP") or by its dialling code ("+81", "0081"). Accents, case and
 * punctuation do not matter ("cote d'ivoire").
 */
export const SEARCH_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;

/** Names customers use that Intl.DisplayNames does not give, in the three languages. */
const ALIASES: Record<string, readonly string[]> = {
  US: ['USA', 'America', 'United States of America', '美國'],
  GB: ['Britain', 'Great Britain', 'England', 'Scotland', 'Wales'],
  CN: ['mainland China', 'PRC', '中国大陆', '中國大陸', '内地', '內地'],
  HK: ['港'],
  MO: ['Macau', '澳'],
  TW: ['台'],
  KR: ['Korea', '韓國', '韩國'],
  KP: ['North Korea', '朝鲜', '北韓'],
  TR: ['Turkey'],
  CZ: ['Czech Republic'],
  CI: ['Ivory Coast'],
  MM: ['Burma'],
  SZ: ['Swaziland'],
  CV: ['Cape Verde'],
  MK: ['Macedonia'],
  VA: ['Vatican'],
  RU: ['俄國'],
};

/** Lower case, no accents, punctuation and runs of spaces as one space: what the query and the names are compared as. */
export const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  .replace(/[’'`".,()&\-_/]/g, ' ').replace(/\s+/g, ' ').trim();

const displayNames = new Map<string, Intl.DisplayNames>();
const namesIn = (lang: string, style: 'long' | 'short'): Intl.DisplayNames => {
  const key = `${lang}:${style}`;
  let names = displayNames.get(key);
  if (!names) displayNames.set(key, names = new Intl.DisplayNames(lang, { type: 'region', style, fallback: 'code' }));
  return names;
};

/** Hong Kong and Macau go by their short names ("Hong Kong", "澳门"), as the spec and the plans say them. */
const SHORT_NAMED = new Set(['HK', 'MO']);

/** Where the product's own words differ from Intl's: "Macau", as spec section 1 and the plans write it (Intl: "Macao"). */
const OUR_NAMES: Record<string, Record<string, string>> = { en: { MO: 'Macau' } };

/** A country's name to show in a language. */
export const countryName = (code: string, lang: string): string =>
  OUR_NAMES[lang]?.[code] ?? namesIn(lang, SHORT_NAMED.has(code) ? 'short' : 'long').of(code) ?? code;

export interface Searchable { countryCode: string; dialCode: string }

export interface CountryIndex<T extends Searchable> {
  row: T;
  /** Folded names in every search language, long and short, and aliases. */
  names: string[];
}

export function indexCountries<T extends Searchable>(rows: readonly T[]): CountryIndex<T>[] {
  return rows.map((row) => {
    const names = new Set<string>();
    for (const lang of SEARCH_LANGUAGES) for (const style of ['long', 'short'] as const) names.add(fold(namesIn(lang, style).of(row.countryCode) ?? ''));
    for (const alias of ALIASES[row.countryCode] ?? []) names.add(fold(alias));
    names.delete('');
    return { row, names: [...names] };
  });
}

/** The digits of a query that is a dialling code ("+852", "00 852", "852"), else null. */
const dialQuery = (query: string): string | null => {
  const m = /^(?:\+|00)?\s*(\d[\d\s-]*)$/.exec(query.trim());
  return m ? m[1]!.replace(/\D/g, '') : null;
};

/**
 * The rows that match, best first: the ISO code or dialling code exactly, then a name exactly, then a name that
 * starts with the query, then one with a word that does, then one that holds it. Ties keep the rows' own order.
 */
export function searchCountries<T extends Searchable>(index: readonly CountryIndex<T>[], query: string): T[] {
  const q = fold(query);
  if (q === '') return index.map((e) => e.row);
  const dial = dialQuery(query);
  const code = /^[a-z]{2}$/.test(q) ? q.toUpperCase() : null;
  const scored: Array<{ row: T; score: number; at: number }> = [];
  index.forEach((entry, at) => {
    let score = Infinity;
    if (dial !== null) {
      if (entry.row.dialCode === dial) score = 0;
      else if (entry.row.dialCode.startsWith(dial)) score = 2;
    } else {
      if (entry.row.countryCode === code) score = 0;
      for (const name of entry.names) {
        if (name === q) score = Math.min(score, 1);
        else if (name.startsWith(q)) score = Math.min(score, 2);
        else if (name.split(' ').some((word) => word.startsWith(q))) score = Math.min(score, 3);
        else if (name.includes(q)) score = Math.min(score, 4);
      }
    }
    if (score < Infinity) scored.push({ row: entry.row, score, at });
  });
  return scored.sort((a, b) => a.score - b.score || a.at - b.at).map((s) => s.row);
}
