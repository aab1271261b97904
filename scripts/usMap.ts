/**
 * Generates the drawn map of the US states (issue 18, decision 0040) from the US Census Bureau's cartographic boundary
 * files (public domain, a work of the US government), as the us-atlas package redistributes them in TopoJSON:
 *
 *   npm pack us-atlas@3.0.1 && tar xzf us-atlas-3.0.1.tgz
 *   npx tsx scripts/usMap.ts package/states-10m.json
 *
 * Each shared border (TopoJSON arc) is projected with the map's own Albers USA (src/domain/geo.ts, so the markers
 * land where the outlines are) and simplified once with Douglas-Peucker, so neighbours keep one border without gaps;
 * islands smaller than a few pixels are dropped. Writes screens/places/usMapData.ts (the outlines, loaded only by
 * the pages that draw the map) and src/domain/stateCentroids.ts (each state's middle, for a ZIP the data does not
 * place). Nothing is fetched at run time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { insetOfState, MAP_HEIGHT, MAP_WIDTH, projectIn, type MapInset } from '../src/domain/geo';
import { US_STATE_CODES } from '../src/domain/usStates';

/** Pixels of the 975 × 610 drawing: a border may move this far from the Census line. */
const TOLERANCE = 0.9;
/** Rings (islands, lakes' shores) of less area than this many square pixels are left out. */
const MIN_RING_AREA = 6;

const FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL',
  '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME',
  '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH',
  '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI',
  '56': 'WY',
};

type Point = [number, number];
interface Topology {
  transform: { scale: Point; translate: Point };
  arcs: Point[][];
  objects: { states: { geometries: { type: 'Polygon' | 'MultiPolygon'; id: string; arcs: number[][] | number[][][] }[] } };
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx scripts/usMap.ts <us-atlas>/states-10m.json');
const topo = JSON.parse(readFileSync(file, 'utf8')) as Topology;

/** An arc's positions in longitude and latitude (TopoJSON quantized, delta-encoded). */
const decoded = topo.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]): Point => {
    x += dx;
    y += dy;
    return [x * topo.transform.scale[0] + topo.transform.translate[0], y * topo.transform.scale[1] + topo.transform.translate[1]];
  });
});

function douglasPeucker(points: Point[], tolerance: number): Point[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const len = Math.hypot(bx - ax, by - ay);
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > worst) { worst = d; at = i; }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const simplified = new Map<string, Point[]>();
/** An arc projected in one inset and simplified, reversed when the ring runs it backwards (~index). */
function arcIn(index: number, inset: MapInset): Point[] {
  const i = index < 0 ? ~index : index;
  const key = `${inset}:${i}`;
  let points = simplified.get(key);
  if (!points) {
    points = douglasPeucker(decoded[i]!.map(([lon, lat]) => projectIn(inset, { lat, lon })), TOLERANCE);
    simplified.set(key, points);
  }
  return index < 0 ? [...points].reverse() : points;
}

const area = (ring: Point[]) => Math.abs(ring.reduce((sum, [x, y], i) => {
  const [nx, ny] = ring[(i + 1) % ring.length]!;
  return sum + x * ny - nx * y;
}, 0)) / 2;

const fmt = (n: number) => String(Math.round(n * 10) / 10);
function ringPath(ring: Point[]): string {
  let d = '';
  let last = '';
  ring.forEach(([x, y], i) => {
    const xy = `${fmt(x)} ${fmt(y)}`;
    if (xy === last) return;
    d += `${i === 0 ? 'M' : 'L'}${xy}`;
    last = xy;
  });
  return `${d}Z`;
}

/** A state's middle in longitude and latitude: the area-weighted centroid of its largest polygon's outer ring. */
function centroid(rings: Point[][]): { lat: number; lon: number } {
  const outer = rings.reduce((best, ring) => (area(ring) > area(best) ? ring : best));
  let a = 0;
  let cx = 0;
  let cy = 0;
  outer.forEach(([x, y], i) => {
    const [nx, ny] = outer[(i + 1) % outer.length]!;
    const f = x * ny - nx * y;
    a += f;
    cx += (x + nx) * f;
    cy += (y + ny) * f;
  });
  return { lon: Math.round((cx / (3 * a)) * 1000) / 1000, lat: Math.round((cy / (3 * a)) * 1000) / 1000 };
}

const paths: Record<string, string> = {};
const centroids: Record<string, { lat: number; lon: number }> = {};
for (const g of topo.objects.states.geometries) {
  const state = FIPS[g.id];
  if (!state) continue; // territories: not on the Albers USA drawing
  const inset = insetOfState(state);
  const polygons = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
  const rings = polygons.flatMap((polygon) => polygon.map((ring) => ring.flatMap((arc, k) => arcIn(arc, inset).slice(k === 0 ? 0 : 1))));
  const drawn = rings.filter((ring) => ring.length >= 3 && area(ring) >= MIN_RING_AREA);
  paths[state] = drawn.map(ringPath).join('');
  const geographic = polygons.flatMap((polygon) => polygon.map((ring) => ring.flatMap((arc) => (arc < 0 ? [...decoded[~arc]!].reverse() : decoded[arc]!))));
  centroids[state] = centroid(geographic);
}
const missing = US_STATE_CODES.filter((s) => !paths[s]);
if (missing.length) throw new Error(`states missing from ${file}: ${missing.join(', ')}`);

const header = (what: string) => `/**
 * ${what}
 * Generated by scripts/usMap.ts from the US Census Bureau's 2017 cartographic boundary files (public domain), as
 * us-atlas 3.0.1 redistributes them; do not edit by hand (decision 0040).
 */
`;
const states = US_STATE_CODES;
writeFileSync('screens/places/usMapData.ts', `${header('The outline of each US state on the map of /coverage and /store (975 × 610, Albers USA, simplified to about a pixel).')}
export const MAP_VIEWBOX = '0 0 ${MAP_WIDTH} ${MAP_HEIGHT}';

export const STATE_PATHS: Record<string, string> = {
${states.map((s) => `  ${s}: '${paths[s]}',`).join('\n')}
};
`);
writeFileSync('src/domain/stateCentroids.ts', `${header("Each state's middle (the centroid of its largest land area): where a ZIP code is taken to be when the data knows only its state.")}
import type { UsState } from './usStates';

export const STATE_CENTROIDS: Record<UsState, { lat: number; lon: number }> = {
${states.map((s) => `  ${s}: { lat: ${centroids[s]!.lat}, lon: ${centroids[s]!.lon} },`).join('\n')}
};
`);
const size = Object.values(paths).reduce((n, d) => n + d.length, 0);
console.log(`${states.length} states, ${size} characters of path data`);
