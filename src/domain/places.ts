/**
 * What a customer types to find a place (issue 18: coverage "by ZIP code or city", stores "by state and city and by
 * distance from a ZIP code"): a 5-digit ZIP (a ZIP+4 is read as its ZIP), or a city's name in English, simplified or
 * traditional Chinese, optionally followed by its state ("Flushing, NY", "法拉盛"). Names are compared folded: width,
 * case, accents, punctuation and spaces do not matter, nor the suffix 市 a Chinese name may carry. Pure.
 */
import { isUsState, type UsState } from './usStates';

export type PlaceQuery =
  | { kind: 'zip'; zip: string }
  | { kind: 'city'; name: string; folded: string; state: UsState | null };

export type PlaceQueryProblem = 'required' | 'zipInvalid' | 'invalid';

/** The longest query accepted (characters, after trimming). */
export const PLACE_QUERY_MAX = 60;

const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** Letters and marks of any script, digits, spaces and the punctuation of place names (St. Mary's, Winston-Salem). */
const NAME = /^[\p{L}\p{M}\p{N} .'’·\-,]+$/u;
const HAS_LETTER = /\p{L}/u;
const CJK = /[\p{Script=Han}]/u;

/** A name folded for comparison: "St. Louis" = "st louis" = "ＳＴ ＬＯＵＩＳ"; "洛杉矶市" = "洛杉矶". */
export function foldPlaceName(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/[.'’·,-]/g, ' ').replace(/\s+/g, ' ').trim()
    .replace(/^saint /, 'st ').replace(/^mount /, 'mt ').replace(/^fort /, 'ft ');
  return CJK.test(folded) ? folded.replace(/\s/g, '').replace(/市$/, '') : folded;
}

/** Reads a query, or names what is wrong with it (an i18n key's last part, validation:placeQuery.*). */
export function parsePlaceQuery(raw: string): PlaceQuery | { problem: PlaceQueryProblem } {
  const text = raw.normalize('NFKC').trim();
  if (!text) return { problem: 'required' };
  const zip = ZIP.exec(text);
  if (zip) return { kind: 'zip', zip: zip[1]! };
  if (/^[\d\s-]+$/.test(text)) return { problem: 'zipInvalid' };
  if (text.length > PLACE_QUERY_MAX || !NAME.test(text) || !HAS_LETTER.test(text)) return { problem: 'invalid' };
  // "Flushing, NY" or "Flushing NY": a trailing state code narrows the city to that state.
  const withState = /^(.*?\p{L}.*?)[\s,]+([A-Za-z]{2})$/u.exec(text);
  const state = withState ? withState[2]!.toUpperCase() : null;
  if (withState && state && isUsState(state)) {
    const name = withState[1]!.replace(/[\s,]+$/, '');
    return { kind: 'city', name, folded: foldPlaceName(name), state };
  }
  return { kind: 'city', name: text, folded: foldPlaceName(text), state: null };
}

/** The names a place is known by: its English name and the Chinese names of the data ('|'-separated aliases). */
export interface PlaceNames {
  city: string;
  cityZhHans: string | null;
  cityZhHant: string | null;
}

export const namesOf = (p: PlaceNames): string[] =>
  [p.city, ...(p.cityZhHans ?? '').split('|'), ...(p.cityZhHant ?? '').split('|')].map((n) => n.trim()).filter(Boolean);

/**
 * How well a place's names answer a folded query: 2 the same name, 1 a name starting with it (at least 3 letters, or
 * 2 Chinese characters), 0 not at all.
 */
export function cityMatch(folded: string, place: PlaceNames): 0 | 1 | 2 {
  if (!folded) return 0;
  const names = namesOf(place).map(foldPlaceName);
  if (names.includes(folded)) return 2;
  const long = CJK.test(folded) ? folded.length >= 2 : folded.length >= 3;
  return long && names.some((n) => n.startsWith(folded)) ? 1 : 0;
}

/** The name to show for a place in a language: the first Chinese name of the data for it, else the English one. */
export function placeName(p: PlaceNames, lang: string): string {
  const zh = lang === 'zh-Hans' ? p.cityZhHans : lang === 'zh-Hant' ? p.cityZhHant : null;
  const first = zh?.split('|')[0]?.trim();
  return first || p.city;
}
