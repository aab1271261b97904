/**
 * What /plans/global shows, from the catalogue's global regions and packs: destination names in the active language
 * (Intl.DisplayNames, i18n/index.ts countryName), sorted as that language sorts, and a search over them.
 */
import type { BundleList } from '../../src/contract/catalog';
import { destinationCount } from '../../src/domain/destinations';

type Global = BundleList['global'];
export type Region = Global['regions'][number];
export type Pack = Global['packs'][number];

export interface Destination { code: string; name: string; englishName: string }

export interface RegionView {
  code: string;
  destinations: Destination[];
  packs: Pack[];
}

/** The catalogue's own count of destinations (src/domain/destinations.ts), the one every page says. */
export const globalDestinationCount = (global: Global): number => destinationCount(global.regions);

export function regionViews(global: Global, lang: string, nameOf: (code: string, lang: string) => string): RegionView[] {
  const collator = new Intl.Collator(lang);
  return global.regions.map((region) => ({
    code: region.code,
    destinations: region.destinations
      .map((code) => ({ code, name: nameOf(code, lang), englishName: nameOf(code, 'en') }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    packs: global.packs.filter((p) => p.regionCode === region.code).sort((a, b) => a.dataMb - b.dataMb || a.days - b.days),
  }));
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * Destinations whose name in the page's language or in English, or whose ISO code, contains the query (accents and
 * case ignored): a visitor may type "日本", "japan" or "JP" on any page.
 */
export function searchDestinations(regions: RegionView[], query: string): { region: string; destination: Destination }[] {
  const q = fold(query);
  if (!q) return [];
  return regions.flatMap((r) => r.destinations
    .filter((d) => fold(d.name).includes(q) || fold(d.englishName).includes(q) || d.code.toLowerCase() === q)
    .map((destination) => ({ region: r.code, destination })));
}
