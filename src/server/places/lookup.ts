/**
 * Coverage and stores (issue 18, decision 0040): where a ZIP code is, the coverage of a ZIP or a city (or, for a ZIP the
 * data has no row for, the nearest places it has by distance), and the stores by area or by distance from a ZIP.
 * Distances are great circles (haversine) from the ZIP's centroid; candidates come from a box of latitude and longitude
 * that widens until enough are found, so a large data set is never read whole.
 */
import { and, asc, between, count, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { coverageAreas, datasetImports, stores, zipCentroids } from '../db/schema';
import type { CoverageAnswer, CoverageArea, CoverageResponse, Located, StoreAnswer, StoreAreas, StoreView } from '../../contract/places';
import { NEAREST_STORES } from '../../contract/places';
import { distanceKm, type LatLon } from '../../domain/geo';
import { cityMatch, parsePlaceQuery, type PlaceNames } from '../../domain/places';
import { STATE_CENTROIDS } from '../../domain/stateCentroids';
import { stateOfZip, type UsState } from '../../domain/usStates';

/** How many places a ZIP without data is answered with. */
export const NEAREST_PLACES = 3;
/** Half-widths (degrees) of the boxes tried in turn around a point; the last takes everything. */
const BOXES = [0.5, 2, 8, 360];
/** A city's name answers with at most this many ZIP codes. */
const CITY_ROWS = 60;

type AreaRow = typeof coverageAreas.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

const area = (row: AreaRow): CoverageArea => ({ ...row, state: row.state as UsState });

/** Rows of a table with lat/lon columns inside a box around p, widened until at least `enough` are found. */
async function around<T extends LatLon>(p: LatLon, enough: number, read: (box: SQL | undefined) => Promise<T[]>, columns: { lat: AnyPgColumn; lon: AnyPgColumn }): Promise<T[]> {
  for (const half of BOXES) {
    const box = half >= 180 ? undefined : and(between(columns.lat, p.lat - half, p.lat + half), between(columns.lon, p.lon - half * 1.5, p.lon + half * 1.5));
    const rows = await read(box);
    if (rows.length >= enough || half >= 180) return rows;
  }
  return [];
}

const byDistance = <T extends LatLon>(p: LatLon, rows: T[]) =>
  rows.map((row) => ({ row, km: distanceKm(p, row) })).sort((a, b) => a.km - b.km);

/**
 * Where a ZIP code is: its own centroid (the ZIP table, else a coverage row); else the nearest-numbered known ZIP of the
 * same 3-digit area (ZIP codes of one area share a sorting centre); else the middle of its state; else null (not a
 * ZIP code the USPS gives any state).
 */
export async function locateZip(db: Db, zip: string): Promise<Located | null> {
  const own = (await db.select().from(zipCentroids).where(eq(zipCentroids.zip, zip)))[0]
    ?? (await db.select().from(coverageAreas).where(eq(coverageAreas.zip, zip)))[0];
  if (own) {
    return { zip, by: 'zip', city: own.city, cityZhHans: own.cityZhHans, cityZhHant: own.cityZhHant, state: own.state as UsState, lat: own.lat, lon: own.lon };
  }
  const prefix = `${zip.slice(0, 3)}%`;
  const neighbours = [
    ...await db.select({ zip: zipCentroids.zip, state: zipCentroids.state, lat: zipCentroids.lat, lon: zipCentroids.lon }).from(zipCentroids).where(like(zipCentroids.zip, prefix)),
    ...await db.select({ zip: coverageAreas.zip, state: coverageAreas.state, lat: coverageAreas.lat, lon: coverageAreas.lon }).from(coverageAreas).where(like(coverageAreas.zip, prefix)),
  ].sort((a, b) => Math.abs(Number(a.zip) - Number(zip)) - Math.abs(Number(b.zip) - Number(zip)));
  const near = neighbours[0];
  if (near) return { zip, by: 'prefix', city: null, cityZhHans: null, cityZhHant: null, state: near.state as UsState, lat: near.lat, lon: near.lon };
  const state = stateOfZip(zip);
  if (!state) return null;
  return { zip, by: 'state', city: null, cityZhHans: null, cityZhHant: null, state, ...STATE_CENTROIDS[state] };
}

/** The best-matching names of a city among `names` (same name first, else names starting with the query). */
function bestCities<T extends PlaceNames>(folded: string, names: T[]): T[] {
  const scored = names.map((n) => ({ n, score: cityMatch(folded, n) })).filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.n);
}

async function nearestAreas(db: Db, located: Located): Promise<CoverageAnswer> {
  const rows = await around(located, NEAREST_PLACES, (box) => db.select().from(coverageAreas).where(box), coverageAreas);
  const nearest = byDistance(located, rows).slice(0, NEAREST_PLACES).map(({ row, km }) => ({ ...area(row), distanceKm: Math.round(km * 10) / 10 }));
  return { kind: 'nearest', located, nearest };
}

/** Whether the data set was last loaded from its shipped sample (or never loaded): the pages say so. */
async function isSample(db: Db, dataset: string): Promise<boolean> {
  const [last] = await db.select({ sample: datasetImports.sample }).from(datasetImports).where(eq(datasetImports.dataset, dataset));
  return last?.sample ?? true;
}

export async function lookupCoverage(db: Db, place: string): Promise<CoverageResponse> {
  return { sample: await isSample(db, 'coverage'), result: await answerCoverage(db, place) };
}

/** The coverage answer to what a customer typed (already valid by the contract's placeQueryField). */
async function answerCoverage(db: Db, place: string): Promise<CoverageAnswer> {
  const query = parsePlaceQuery(place);
  if ('problem' in query) return { kind: 'unknown' };
  if (query.kind === 'zip') {
    const [row] = await db.select().from(coverageAreas).where(eq(coverageAreas.zip, query.zip));
    if (row) return { kind: 'zip', area: area(row) };
    const located = await locateZip(db, query.zip);
    return located ? nearestAreas(db, located) : { kind: 'unknown' };
  }
  const inState = query.state ? eq(coverageAreas.state, query.state) : undefined;
  const cities = await db.selectDistinct({ city: coverageAreas.city, cityZhHans: coverageAreas.cityZhHans, cityZhHant: coverageAreas.cityZhHant, state: coverageAreas.state })
    .from(coverageAreas).where(inState);
  const matched = bestCities(query.folded, cities);
  if (matched.length) {
    const rows = await db.select().from(coverageAreas)
      .where(or(...matched.map((c) => and(eq(coverageAreas.city, c.city), eq(coverageAreas.state, c.state)))))
      .orderBy(asc(coverageAreas.state), asc(coverageAreas.city), asc(coverageAreas.zip)).limit(CITY_ROWS);
    return { kind: 'city', areas: rows.map(area) };
  }
  // A city the ZIP table knows but the coverage data does not: the nearest places it has, from that city.
  const known = await db.select().from(zipCentroids).where(query.state ? eq(zipCentroids.state, query.state) : undefined);
  const [city] = bestCities(query.folded, known).sort((a, b) => a.zip.localeCompare(b.zip));
  if (!city) return { kind: 'unknown' };
  return nearestAreas(db, { zip: city.zip, by: 'zip', city: city.city, cityZhHans: city.cityZhHans, cityZhHant: city.cityZhHant, state: city.state as UsState, lat: city.lat, lon: city.lon });
}

const storeView = (row: StoreRow, km: number | null): StoreView => ({
  ...row,
  state: row.state as UsState,
  languages: row.languages as StoreView['languages'],
  services: row.services as StoreView['services'],
  distanceKm: km === null ? null : Math.round(km * 10) / 10,
});

export async function storeAreas(db: Db): Promise<StoreAreas> {
  const rows = await db.select({ state: stores.state, city: stores.city, count: count() }).from(stores)
    .groupBy(stores.state, stores.city).orderBy(asc(stores.state), asc(stores.city));
  const byState = new Map<string, { city: string; count: number }[]>();
  for (const r of rows) byState.set(r.state, [...(byState.get(r.state) ?? []), { city: r.city, count: Number(r.count) }]);
  return [...byState].map(([state, cities]) => ({ state, cities }));
}

/** The stores answer: by ZIP (nearest first, with distances), by state and city, or all of them. */
export async function searchStores(db: Db, q: { state?: UsState; city?: string; zip?: string }): Promise<StoreAnswer> {
  const areas = await storeAreas(db);
  const sample = await isSample(db, 'stores');
  if (q.zip) {
    const origin = await locateZip(db, q.zip);
    if (!origin) return { kind: 'zipUnknown', sample, areas, origin: null, stores: [] };
    const rows = await around(origin, NEAREST_STORES, (box) => db.select().from(stores).where(box), stores);
    return { kind: 'zip', sample, areas, origin, stores: byDistance(origin, rows).slice(0, NEAREST_STORES).map(({ row, km }) => storeView(row, km)) };
  }
  const where = q.state ? and(eq(stores.state, q.state), q.city ? sql`lower(${stores.city}) = lower(${q.city})` : undefined) : undefined;
  const rows = await db.select().from(stores).where(where).orderBy(asc(stores.state), asc(stores.city), asc(stores.name));
  return { kind: q.state ? 'area' : 'all', sample, areas, origin: null, stores: rows.map((r) => storeView(r, null)) };
}
