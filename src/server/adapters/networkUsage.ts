/**
 * The network sandbox's usage generator: what the subscribers of our lines do, hour by hour, as the network would
 * report it (call, SMS and data records). Each hour of each line is drawn from a generator seeded by the ICCID and the
 * hour, so the same hour always reports the same records with the same references (the feed can be read twice).
 * - A daily rhythm in Pacific time: almost nothing from 1 to 6 AM, busy at lunch and in the evening.
 * - Calls and texts, mostly within the US, many to mainland China, Hong Kong, Macau and Taiwan, some elsewhere.
 * - Data sessions that draw down the high-speed allowance the network was told is left; once it is used up a session
 *   moves at most 128 kbps (spec section 9, "overage speed 128 kbps").
 */
import { createHash } from 'node:crypto';
import { OVERAGE_KB_PER_SECOND, pacificHour } from '../../domain/usage';

export const HOUR_MS = 3_600_000;

export interface UsageHourRequest {
  iccid: string;
  /** The start of the hour (a whole UTC hour). */
  hourStart: Date;
  /** High-speed data left in the line's cycle (KB); null for an unlimited plan. */
  highSpeedLeftKb: number | null;
}

export interface NetworkUsageRecord {
  /** The network's own reference of the record: the same for the same line, hour and record. */
  ref: string;
  type: 'voice' | 'data' | 'sms';
  startedAt: Date;
  direction: 'in' | 'out' | null;
  /** E.164 without the plus. */
  peer: string | null;
  peerCountry: string | null;
  peerKind: 'landline' | 'mobile' | null;
  durationSec: number;
  volumeKb: number;
  highSpeedKb: number;
}

/** How busy each Pacific hour of the day is, 0 (asleep) to 1 (busiest). */
const RHYTHM = [0.3, 0.12, 0.05, 0.03, 0.03, 0.05, 0.15, 0.45, 0.6, 0.55, 0.5, 0.6, 0.9, 0.8, 0.55, 0.5, 0.55, 0.7, 0.9, 1, 0.95, 0.85, 0.7, 0.5];

/** Where calls and texts go (weights): mostly the US; then the included destinations; then the rest of the world. */
const DESTINATIONS: ReadonlyArray<readonly [country: string, dial: string, weight: number]> = [
  ['US', '1', 62], ['CN', '86', 16], ['HK', '852', 3], ['TW', '886', 3], ['MO', '853', 1], ['CA', '1', 3],
  ['JP', '81', 2], ['KR', '82', 2], ['SG', '65', 1], ['GB', '44', 1], ['AU', '61', 1], ['VN', '84', 1], ['PH', '63', 1],
  ['DE', '49', 1], ['MX', '52', 1], ['IN', '91', 1],
];
const TOTAL_WEIGHT = DESTINATIONS.reduce((sum, d) => sum + d[2], 0);
const US_AREA_CODES = ['626', '213', '323', '415', '718', '646', '206', '408'];
const CA_AREA_CODES = ['416', '604', '778'];

/** mulberry32 seeded from the line and the hour. */
function randomFor(iccid: string, hour: number): () => number {
  let a = createHash('sha256').update(`${iccid}:${hour}`).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const digits = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
const pick = <T,>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** How many events happen in the hour, for a mean of `mean` (a small Poisson draw). */
function countFor(rnd: () => number, mean: number): number {
  let n = 0;
  let p = Math.exp(-mean);
  let sum = p;
  const u = rnd();
  while (u > sum && n < 8) { n += 1; p *= mean / n; sum += p; }
  return n;
}

function peerFor(rnd: () => number): { peer: string; country: string; kind: 'landline' | 'mobile' } {
  let at = rnd() * TOTAL_WEIGHT;
  const [country, dial] = DESTINATIONS.find((d) => (at -= d[2]) < 0) ?? DESTINATIONS[0]!;
  const kind = rnd() < 0.3 ? 'landline' : 'mobile';
  if (country === 'US') return { peer: `1${pick(rnd, US_AREA_CODES)}555${digits(rnd, 4)}`, country, kind };
  if (country === 'CA') return { peer: `1${pick(rnd, CA_AREA_CODES)}555${digits(rnd, 4)}`, country, kind };
  if (country === 'CN') {
    return kind === 'mobile'
      ? { peer: `861${pick(rnd, ['38', '39', '58', '86', '36'])}${digits(rnd, 8)}`, country, kind }
      : { peer: `86${pick(rnd, ['10', '21', '20', '755'])}${digits(rnd, 8)}`, country, kind };
  }
  return { peer: `${dial}${digits(rnd, 8)}`, country, kind };
}

/** The records of one line in one hour, in time order. */
export function usageHour(req: UsageHourRequest): NetworkUsageRecord[] {
  const hour = Math.floor(req.hourStart.getTime() / HOUR_MS);
  const rnd = randomFor(req.iccid, hour);
  const busy = RHYTHM[pacificHour(req.hourStart)]!;
  const at = () => new Date(hour * HOUR_MS + Math.floor(rnd() * (HOUR_MS - 60_000)));
  const drafts: Array<Omit<NetworkUsageRecord, 'ref'>> = [];

  for (let i = countFor(rnd, busy * 0.45); i > 0; i -= 1) {
    const { peer, country, kind } = peerFor(rnd);
    // Most calls are short; a few run long (calls home).
    const durationSec = Math.min(3_600, 5 + Math.floor(-Math.log(1 - rnd()) * (country === 'US' ? 150 : 420)));
    drafts.push({
      type: 'voice', startedAt: at(), direction: rnd() < 0.6 ? 'out' : 'in', peer, peerCountry: country, peerKind: kind,
      durationSec, volumeKb: 0, highSpeedKb: 0,
    });
  }
  for (let i = countFor(rnd, busy * 0.9); i > 0; i -= 1) {
    const { peer, country } = peerFor(rnd);
    drafts.push({
      type: 'sms', startedAt: at(), direction: rnd() < 0.5 ? 'out' : 'in', peer, peerCountry: country, peerKind: 'mobile',
      durationSec: 0, volumeKb: 0, highSpeedKb: 0,
    });
  }
  for (let i = countFor(rnd, busy * 1.4); i > 0; i -= 1) {
    const durationSec = 30 + Math.floor(rnd() * 1_500);
    // What the subscriber asked for: a few hundred KB (messaging) to tens of MB (video), about 12 MB on average.
    const wantedKb = Math.floor(200 + -Math.log(1 - rnd()) * 12_000);
    drafts.push({
      type: 'data', startedAt: at(), direction: null, peer: null, peerCountry: null, peerKind: null,
      durationSec, volumeKb: wantedKb, highSpeedKb: 0,
    });
  }

  drafts.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  let left = req.highSpeedLeftKb;
  return drafts.map((d, i) => {
    const ref = `${req.iccid}-${hour}-${i}`;
    if (d.type !== 'data') return { ...d, ref };
    if (left === null) return { ...d, ref, highSpeedKb: d.volumeKb };
    const fast = Math.min(left, d.volumeKb);
    left -= fast;
    // What the high-speed data did not carry moves at 128 kbps for the rest of the session, and no faster.
    const slowSeconds = d.volumeKb > 0 ? d.durationSec * (1 - fast / d.volumeKb) : 0;
    const slow = Math.min(d.volumeKb - fast, Math.floor(slowSeconds * OVERAGE_KB_PER_SECOND));
    return { ...d, ref, volumeKb: fast + slow, highSpeedKb: fast };
  });
}

/** The short numbers a barred line still reaches (spec section 4: "no service except 911 and 611"). */
export const BARRED_LINE_REACHES = ['911', '611'] as const;

/**
 * The records of a barred line in one hour: the subscriber can still call 611 (customer service, to pay) and 911; now
 * and then one does. No texts and no data go through.
 */
export function barredUsageHour(req: UsageHourRequest): NetworkUsageRecord[] {
  const hour = Math.floor(req.hourStart.getTime() / HOUR_MS);
  const rnd = randomFor(req.iccid, hour);
  if (rnd() > 0.04) return [];
  const peer = rnd() < 0.9 ? '611' : '911';
  return [{
    ref: `${req.iccid}-${hour}-0`, type: 'voice', startedAt: new Date(hour * HOUR_MS + Math.floor(rnd() * (HOUR_MS - 60_000))),
    direction: 'out', peer, peerCountry: 'US', peerKind: 'landline', durationSec: 60 + Math.floor(rnd() * 540), volumeKb: 0, highSpeedKb: 0,
  }];
}
