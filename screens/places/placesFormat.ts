/**
 * Words for places, distances and opening hours in the customer's language (issue 18): Chinese city names where the
 * data has them, miles first (a US carrier) with kilometres beside them, weekdays from Intl.
 */
import type { TFunction } from 'react-i18next';
import { kmToMiles } from '../../src/domain/geo';
import { placeName, type PlaceNames } from '../../src/domain/places';
import { parseStoreHours } from '../../src/domain/storeHours';

export const cityOf = (p: PlaceNames, lang: string): string => placeName(p, lang);

export function formatDistance(km: number, lang: string): { miles: string; km: string } {
  const one = (value: number, unit: 'mile' | 'kilometer') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
  return { miles: one(kmToMiles(km), 'mile'), km: one(km, 'kilometer') };
}

/** 2024-01-01 was a Monday: weekday n (Monday 0) in the language's short form. */
const weekday = (n: number, lang: string) =>
  new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + n)));

/** One line per rule of the store's hours ("Mon–Sat 10:00–20:00"); the text as written when it cannot be read. */
export function formatHours(hours: string, lang: string, t: TFunction): string[] {
  const rules = parseStoreHours(hours);
  if (!rules) return [hours];
  return rules.map((r) => {
    const days = r.from === r.to ? weekday(r.from, lang) : t('places:hours.days', { from: weekday(r.from, lang), to: weekday(r.to, lang) });
    return r.opens && r.closes ? t('places:hours.open', { days, opens: r.opens, closes: r.closes }) : t('places:hours.closed', { days });
  });
}
