/**
 * The data sets of /coverage and /store (issue 18, decision 0040): `coverage` (coverage_areas: per ZIP code, the best
 * technology and the signal outdoors and indoors), `zips` (zip_centroids: where ZIP codes are, for those the coverage
 * data has no row for) and `stores` (stores and dealers). Every ZIP must be in its state's ZIP ranges and every point
 * on the map (the 50 states and DC), so a typo in a coordinate is refused with its line rather than drawn at sea.
 */
import { z } from 'zod';
import { coverageAreas, stores, zipCentroids } from '../db/schema';
import { QUALITIES, STORE_LANGUAGES, STORE_SERVICES, TECHNOLOGIES } from '../../contract/places';
import { projectAlbersUsa } from '../../domain/geo';
import { isUsState, zipMatchesState } from '../../domain/usStates';
import { parseStoreHours } from '../../domain/storeHours';
import { isUsPhone, normalizePhone } from '../../domain/phone';
import { defineDataset, excluded, type RowProblem, samplePath } from './dataset';

const text = (max: number, example: string) => z.string().min(1, `required, e.g. ${example}`).max(max, `at most ${max} characters`);
const optionalText = (max: number) => z.string().max(max, `at most ${max} characters`).transform((s) => s || null);
const degrees = (max: number, example: string) => z.string().regex(/^-?\d{1,3}(\.\d+)?$/, `decimal degrees, e.g. ${example}`).transform(Number)
  .refine((n) => Math.abs(n) <= max, `between -${max} and ${max}`);
const place = {
  zip: z.string().regex(/^\d{5}$/, 'a 5-digit ZIP code, e.g. 11354'),
  city: text(60, 'Flushing'),
  state: z.string().transform((s) => s.toUpperCase()).refine(isUsState, 'a US state code, e.g. NY'),
  lat: degrees(90, '40.7687'),
  lon: degrees(180, '-73.8272'),
};
const chineseNames = { city_zh_hans: optionalText(120), city_zh_hant: optionalText(120) };

/** ZIP in its state, point on the map: the checks every place row passes. */
const placeChecks = <T extends { zip: string; state: string; lat: number; lon: number }>(schema: z.ZodType<T>) => schema
  .refine((r) => zipMatchesState(r.zip, r.state), { message: 'the ZIP code is not in that state (spec section 5: zip matches state)', path: ['zip'] })
  .refine((r) => projectAlbersUsa(r) !== null, { message: 'the point is not in the 50 states or DC (latitude and longitude swapped?)', path: ['lat'] });

const coverageRow = placeChecks(z.object({
  ...place, ...chineseNames,
  technology: z.enum(TECHNOLOGIES, 'one of 5g, lte, 3g2g, none'),
  outdoor: z.enum(QUALITIES, 'one of excellent, good, fair, poor, none'),
  indoor: z.enum(QUALITIES, 'one of excellent, good, fair, poor, none'),
}))
  .refine((r) => r.technology !== 'none' || (r.outdoor === 'none' && r.indoor === 'none'), { message: 'no coverage (technology none) has no signal: outdoor and indoor must be none', path: ['technology'] })
  .refine((r) => r.technology === 'none' || r.outdoor !== 'none', { message: 'covered (technology not none) has a signal outdoors', path: ['outdoor'] })
  .transform((r) => ({
    zip: r.zip, city: r.city, cityZhHans: r.city_zh_hans, cityZhHant: r.city_zh_hant, state: r.state, lat: r.lat, lon: r.lon,
    technology: r.technology, outdoor: r.outdoor, indoor: r.indoor,
  }));
export type CoverageRow = z.output<typeof coverageRow>;

const zipRow = placeChecks(z.object({ ...place, ...chineseNames }))
  .transform((r) => ({ zip: r.zip, city: r.city, cityZhHans: r.city_zh_hans, cityZhHant: r.city_zh_hant, state: r.state, lat: r.lat, lon: r.lon }));
export type ZipRow = z.output<typeof zipRow>;

const list = <T extends string>(values: readonly T[], what: string) => z.string()
  .transform((s) => s.split('|').map((v) => v.trim()).filter(Boolean))
  .refine((vs) => vs.length > 0, `at least one of ${values.join(', ')}, '|' between them`)
  .refine((vs): vs is T[] => vs.every((v) => (values as readonly string[]).includes(v)), `${what}: only ${values.join(', ')}, '|' between them`)
  .transform((vs) => [...new Set(vs)] as T[]);

const storeRow = placeChecks(z.object({
  ...place,
  code: z.string().transform((s) => s.toUpperCase()).refine((s) => /^[A-Z0-9][A-Z0-9-]{1,31}$/.test(s), 'letters, digits and hyphens, e.g. NY-FLU-01'),
  kind: z.enum(['store', 'dealer'], 'store or dealer'),
  name: text(80, 'LinkBridge Mobile Flushing'),
  name_zh: optionalText(80),
  address: text(120, '136-20 Roosevelt Ave'),
  phone: z.string().refine((p) => isUsPhone(normalizePhone(p)), 'a US phone number, e.g. (718) 555-0101'),
  hours: z.string().refine((h) => parseStoreHours(h) !== null, 'days and times like Mo-Fr 10:00-19:00; Sa 11:00-17:00; Su closed'),
  languages: list(STORE_LANGUAGES, 'languages'),
  services: list(STORE_SERVICES, 'services'),
})).transform((r) => ({
  code: r.code, kind: r.kind, name: r.name, nameZh: r.name_zh, address: r.address, city: r.city, state: r.state, zip: r.zip,
  lat: r.lat, lon: r.lon, phone: r.phone, hours: r.hours, languages: r.languages, services: r.services,
}));
export type StoreRow = z.output<typeof storeRow>;

const sameCityNames = <R extends { city: string; state: string; cityZhHans: string | null; cityZhHant: string | null }>(rows: ReadonlyArray<{ line: number; row: R }>): RowProblem[] => {
  // One city, one set of Chinese names: the page lists a city's ZIP codes under one name.
  const first = new Map<string, { line: number; names: string }>();
  const problems: RowProblem[] = [];
  for (const { line, row } of rows) {
    const key = `${row.city.toLowerCase()}|${row.state}`;
    const names = `${row.cityZhHans ?? ''}/${row.cityZhHant ?? ''}`;
    const seen = first.get(key);
    if (!seen) first.set(key, { line, names });
    else if (seen.names !== names && names !== '/') problems.push({ line, message: `${row.city}, ${row.state}: Chinese names ${names} differ from line ${seen.line} (${seen.names})` });
  }
  return problems;
};

export const coverageDataset = defineDataset<CoverageRow>({
  name: 'coverage',
  description: 'network coverage per ZIP code (coverage_areas): what /coverage answers and draws',
  columns: ['zip', 'city', 'state', 'lat', 'lon', 'technology', 'outdoor', 'indoor', 'city_zh_hans', 'city_zh_hant'],
  sample: samplePath('coverage'),
  row: coverageRow,
  key: (r) => r.zip,
  check: sameCityNames,
  async upsert(tx, rows) {
    await tx.insert(coverageAreas).values(rows).onConflictDoUpdate({
      target: coverageAreas.zip,
      set: {
        city: excluded('city'), cityZhHans: excluded('city_zh_hans'), cityZhHant: excluded('city_zh_hant'), state: excluded('state'),
        lat: excluded('lat'), lon: excluded('lon'), technology: excluded('technology'), outdoor: excluded('outdoor'), indoor: excluded('indoor'),
      },
    });
  },
});

export const zipsDataset = defineDataset<ZipRow>({
  name: 'zips',
  description: 'ZIP code centroids (zip_centroids): where a ZIP is, for the nearest coverage and the stores by distance',
  columns: ['zip', 'city', 'state', 'lat', 'lon', 'city_zh_hans', 'city_zh_hant'],
  sample: samplePath('zips'),
  row: zipRow,
  key: (r) => r.zip,
  check: sameCityNames,
  async upsert(tx, rows) {
    await tx.insert(zipCentroids).values(rows).onConflictDoUpdate({
      target: zipCentroids.zip,
      set: { city: excluded('city'), cityZhHans: excluded('city_zh_hans'), cityZhHant: excluded('city_zh_hant'), state: excluded('state'), lat: excluded('lat'), lon: excluded('lon') },
    });
  },
});

export const storesDataset = defineDataset<StoreRow>({
  name: 'stores',
  description: 'stores and dealers (stores): what /store lists by state, city and distance from a ZIP code',
  columns: ['code', 'kind', 'name', 'name_zh', 'address', 'city', 'state', 'zip', 'lat', 'lon', 'phone', 'hours', 'languages', 'services'],
  sample: samplePath('stores'),
  row: storeRow,
  key: (r) => r.code,
  async upsert(tx, rows) {
    await tx.insert(stores).values(rows).onConflictDoUpdate({
      target: stores.code,
      set: {
        kind: excluded('kind'), name: excluded('name'), nameZh: excluded('name_zh'), address: excluded('address'), city: excluded('city'),
        state: excluded('state'), zip: excluded('zip'), lat: excluded('lat'), lon: excluded('lon'), phone: excluded('phone'),
        hours: excluded('hours'), languages: excluded('languages'), services: excluded('services'),
      },
    });
  },
});
