/**
 * Places on the Earth and on the drawn map (issue 18, decision 0040): the great-circle distance between two points
 * (haversine, on the mean Earth radius), and the Albers USA projection that draws the states (scripts/usMap.ts) and
 * places the markers on the same drawing: the lower 48 on Albers' equal-area conic, Alaska and Hawaii on insets, as
 * d3-geo's geoAlbersUsa draws them (its parameters, scaled to a 975 × 610 drawing). Pure: no I/O, no DOM.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** The mean radius of the Earth (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine: well conditioned for the short distances a store finder asks). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const kmToMiles = (km: number): number => km / KM_PER_MILE;

/** A valid latitude and longitude (degrees). */
export const isLatLon = (p: LatLon): boolean =>
  Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;

// ---- Albers USA -----------------------------------------------------------------------------------

/** The drawing the projection fills: the viewBox of the map. */
export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;
const SCALE = 1300;
const TX = MAP_WIDTH / 2;
const TY = MAP_HEIGHT / 2;

interface Conic {
  /** Degrees added to the longitude before projecting (d3's rotate([λ, 0])). */
  rotate: number;
  center: [number, number];
  parallels: [number, number];
  scale: number;
  translate: [number, number];
}

/** Albers' equal-area conic, as d3-geo's conicEqualAreaRaw: radians in, unit plane out (y up). */
function conicRaw(parallels: [number, number]) {
  const sy0 = Math.sin(rad(parallels[0]));
  const n = (sy0 + Math.sin(rad(parallels[1]))) / 2;
  const c = 1 + sy0 * (2 * n - sy0);
  const r0 = Math.sqrt(c) / n;
  return (lambda: number, phi: number): [number, number] => {
    const r = Math.sqrt(c - 2 * n * Math.sin(phi)) / n;
    return [r * Math.sin(lambda * n), r0 - r * Math.cos(lambda * n)];
  };
}

function conic({ rotate, center, parallels, scale, translate }: Conic) {
  const raw = conicRaw(parallels);
  const [cx, cy] = raw(rad(center[0]), rad(center[1]));
  const dx = translate[0] - scale * cx;
  const dy = translate[1] + scale * cy;
  return (lon: number, lat: number): [number, number] => {
    const lambda = ((((lon + rotate + 180) % 360) + 360) % 360) - 180;
    const [x, y] = raw(rad(lambda), rad(lat));
    return [dx + scale * x, dy - scale * y];
  };
}

const lower48 = conic({ rotate: 96, center: [-0.6, 38.7], parallels: [29.5, 45.5], scale: SCALE, translate: [TX, TY] });
const alaska = conic({ rotate: 154, center: [-2, 58.5], parallels: [55, 65], scale: SCALE * 0.35, translate: [TX - 0.307 * SCALE, TY + 0.201 * SCALE] });
const hawaii = conic({ rotate: 157, center: [-3, 19.9], parallels: [8, 18], scale: SCALE, translate: [TX - 0.205 * SCALE, TY + 0.212 * SCALE] });

type Box = [number, number, number, number];
const inside = ([x, y]: [number, number], [x0, y0, x1, y1]: Box) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const LOWER48_BOX: Box = [TX - 0.455 * SCALE, TY - 0.238 * SCALE, TX + 0.455 * SCALE, TY + 0.238 * SCALE];
const ALASKA_BOX: Box = [TX - 0.425 * SCALE, TY + 0.12 * SCALE, TX - 0.214 * SCALE, TY + 0.234 * SCALE];
const HAWAII_BOX: Box = [TX - 0.214 * SCALE, TY + 0.166 * SCALE, TX - 0.115 * SCALE, TY + 0.234 * SCALE];

/** Which part of the drawing a state is drawn in. */
export type MapInset = 'lower48' | 'alaska' | 'hawaii';
export const insetOfState = (state: string): MapInset => (state === 'AK' ? 'alaska' : state === 'HI' ? 'hawaii' : 'lower48');

/** Projects with one inset's conic, whatever the point (the outline generator draws each state in its own inset). */
export function projectIn(inset: MapInset, p: LatLon): [number, number] {
  return (inset === 'alaska' ? alaska : inset === 'hawaii' ? hawaii : lower48)(p.lon, p.lat);
}

/**
 * Where a point falls on the map, or null outside the three insets (a point abroad, or a territory the map does not
 * draw): the first inset whose frame holds it, as geoAlbersUsa decides.
 */
export function projectAlbersUsa(p: LatLon): [number, number] | null {
  if (!isLatLon(p)) return null;
  const candidates: [MapInset, Box][] = [['lower48', LOWER48_BOX], ['alaska', ALASKA_BOX], ['hawaii', HAWAII_BOX]];
  for (const [inset, box] of candidates) {
    const xy = projectIn(inset, p);
    if (inside(xy, box)) return xy;
  }
  return null;
}
