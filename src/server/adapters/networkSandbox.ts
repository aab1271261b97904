/**
 * Network sandbox: behaves as the host carrier's APIs would, with its state in the database (sandbox_numbers,
 * sandbox_provisions, sandbox_port_requests, sandbox_port_corrections), on the server's clock.
 * - Numbers: each served area code has a fixed inventory (networkNumbers.ts); a reservation holds a number for one
 *   ICCID for RESERVATION_MS, provisioning assigns it for good.
 * - Provisioning answers `networkDelayMs` after the request (NETWORK_DELAY_SECONDS, 5 s for npm start).
 * - Port-in: the losing carrier answers `portDelayMs` after the request or its correction (PORT_DELAY_SECONDS, 15 s).
 * It keeps the outcome of a port request, never its account number or PIN.
 *
 * Test values (README, .tmp/TEAM.md):
 * - port-in PIN `0000` → information required (pin); account number `000000000` → (accountNumber); account zip
 *   `99999` → (zipMismatch); number `2015550101` → (nameMismatch); number `2015550199` → declined (notPortable);
 *   an empty account number or PIN is refused like a wrong one; anything else completes. A correction that fixes the
 *   failing value completes.
 * - provisioning and E911 updates (/personal/wificall): an E911 address whose first line starts with `0 ` (house
 *   number 0, e.g. `0 Nowhere St`) fails E911 validation (E911_ADDRESS_INVALID); a number another card holds, or outside the inventory, fails
 *   (NUMBER_UNAVAILABLE).
 * - China numbers (issue 16, the dual number): the partner's inventory is CHINA_NUMBER_POOL numbers (200 by default,
 *   `chinaNumberPool`), 170 0000 0000 upwards; a line holds one until it is released. Opening is refused
 *   (CN_PARTNER_REFUSED, spec 120073) for a US number ending in 73.
 * - usage: each line's calls, texts and data, hour by hour, from the usage generator (networkUsage.ts), once the hour
 *   is over on the server's clock.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { sandboxChinaNumbers, sandboxE911Updates, sandboxLineBars, sandboxNumbers, sandboxRoamingPacks, sandboxPortCorrections, sandboxPortRequests, sandboxProvisions } from '../db/schema';
import { sandboxKeepingHours, sandboxLineKeepings } from '../db/schema';
import { keepingPeriodStart, keptUsage } from './networkKeeping';
import type { PortInReason } from '../../contract/activation';
import { NetworkError, type E911Address, type NetworkAdapter, type PortInStatus } from './network';
import { inInventory, inventory, nearbyAreaCodes } from './networkNumbers';
import { barredUsageHour, HOUR_MS, usageHour } from './networkUsage';

/** How long a chosen number stays held for the card before it goes back to the pool. */
export const RESERVATION_MS = 30 * 60_000;
export const DEFAULT_NETWORK_DELAY_MS = 5_000;
export const DEFAULT_PORT_DELAY_MS = 15_000;

export const TEST_VALUES = {
  wrongPin: '0000',
  wrongAccountNumber: '000000000',
  wrongAccountZip: '99999',
  nameMismatchNumber: '2015550101',
  notPortableNumber: '2015550199',
} as const;

/** What losing carriers say, in their words (shown to the customer as given). */
export const CARRIER_MESSAGES: Record<PortInReason, string> = {
  accountNumber: 'Port request rejected: the account number does not match our records.',
  pin: 'Port request rejected: the PIN or passcode is incorrect.',
  zipMismatch: 'Port request rejected: the billing ZIP code does not match the account.',
  nameMismatch: 'Port request rejected: the name on the request does not match the account holder.',
  notPortable: 'Port request rejected: this number is not eligible to be ported out.',
};

export const E911_FAILURE = 'E911_ADDRESS_INVALID';
export const CHINA_PARTNER_REFUSED = 'CN_PARTNER_REFUSED';
export const DEFAULT_CHINA_NUMBER_POOL = 200;
/** The partner's n-th China virtual number (170 is a virtual operators' prefix): 11 digits. */
export const chinaNumberAt = (index: number) => `170${String(index).padStart(8, '0')}`;
export const NUMBER_UNAVAILABLE = 'NUMBER_UNAVAILABLE';

const newRef = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

type Outcome = { outcome: 'completed' | 'informationRequired' | 'declined'; reason: PortInReason | null; carrierMessage: string | null };

/** The losing carrier's verdict on the details (the number first: a number that cannot leave needs no other check). */
function judgePort(d: { msisdn: string; accountNumber: string; pin: string; accountZip: string }): Outcome {
  const refuse = (outcome: 'informationRequired' | 'declined', reason: PortInReason): Outcome => ({ outcome, reason, carrierMessage: CARRIER_MESSAGES[reason] });
  if (d.msisdn === TEST_VALUES.notPortableNumber) return refuse('declined', 'notPortable');
  // A carrier cannot release a number on an empty account number or PIN any more than on a wrong one.
  if (!d.accountNumber.trim() || d.accountNumber === TEST_VALUES.wrongAccountNumber) return refuse('informationRequired', 'accountNumber');
  if (!d.pin.trim() || d.pin === TEST_VALUES.wrongPin) return refuse('informationRequired', 'pin');
  if (d.accountZip === TEST_VALUES.wrongAccountZip) return refuse('informationRequired', 'zipMismatch');
  if (d.msisdn === TEST_VALUES.nameMismatchNumber) return refuse('informationRequired', 'nameMismatch');
  return { outcome: 'completed', reason: null, carrierMessage: null };
}

const e911Fails = (e911: E911Address | null) => e911 !== null && /^0\s/.test(e911.address1.trim());

export function createNetworkSandbox(opts: { db: Db; clock: Clock; networkDelayMs?: number; portDelayMs?: number; chinaNumberPool?: number }): NetworkAdapter {
  const { db, clock } = opts;
  const chinaPool = opts.chinaNumberPool ?? DEFAULT_CHINA_NUMBER_POOL;
  const networkDelayMs = opts.networkDelayMs ?? DEFAULT_NETWORK_DELAY_MS;
  const portDelayMs = opts.portDelayMs ?? DEFAULT_PORT_DELAY_MS;

  /** Numbers nobody may take now: assigned, or reserved and not yet lapsed. */
  const heldIn = async (numbers: string[]): Promise<Set<string>> => {
    if (numbers.length === 0) return new Set();
    const rows = await db.select({ msisdn: sandboxNumbers.msisdn }).from(sandboxNumbers).where(and(
      inArray(sandboxNumbers.msisdn, numbers),
      or(eq(sandboxNumbers.state, 'assigned'), gt(sandboxNumbers.reservedUntil, clock.now())),
    ));
    return new Set(rows.map((r) => r.msisdn));
  };

  const freeNumbers = async (areaCode: string): Promise<string[]> => {
    const all = inventory(areaCode);
    const held = await heldIn(all);
    return all.filter((n) => !held.has(n));
  };

  return {
    async availableNumbers(areaCode, limit) {
      const numbers = (await freeNumbers(areaCode)).slice(0, Math.max(0, limit));
      if (numbers.length > 0) return { numbers, nearbyAreaCodes: [] };
      const nearby: string[] = [];
      for (const code of nearbyAreaCodes(areaCode)) {
        if (nearby.length >= 3) break;
        if ((await freeNumbers(code)).length > 0) nearby.push(code);
      }
      return { numbers: [], nearbyAreaCodes: nearby };
    },

    async reserveNumber(msisdn, iccid) {
      if (!inInventory(msisdn)) return false;
      const now = clock.now();
      const until = new Date(now.getTime() + RESERVATION_MS);
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        // Take it when free or lapsed; renew it when this card holds it already. An assigned number never moves.
        await tx.insert(sandboxNumbers).values({ msisdn, areaCode: msisdn.slice(0, 3), iccid, state: 'reserved', reservedUntil: until, createdAt: now })
          .onConflictDoUpdate({
            target: sandboxNumbers.msisdn,
            set: { iccid, reservedUntil: until, createdAt: now },
            setWhere: and(eq(sandboxNumbers.state, 'reserved'), or(eq(sandboxNumbers.iccid, iccid), sql`${sandboxNumbers.reservedUntil} <= ${now}`)),
          });
        const [row] = await tx.select().from(sandboxNumbers).where(eq(sandboxNumbers.msisdn, msisdn));
        if (row?.iccid !== iccid) return false;
        // One number per card: the one it held before goes back to the pool.
        await tx.delete(sandboxNumbers).where(and(eq(sandboxNumbers.iccid, iccid), eq(sandboxNumbers.state, 'reserved'), ne(sandboxNumbers.msisdn, msisdn)));
        return true;
      });
    },

    async provision(req) {
      const [existing] = await db.select({ ref: sandboxProvisions.ref }).from(sandboxProvisions).where(eq(sandboxProvisions.requestId, req.requestId));
      if (existing) return { ref: existing.ref };
      if (req.msisdn !== null && !/^\d{10}$/.test(req.msisdn)) throw new NetworkError('INVALID_REQUEST', 'msisdn must be 10 digits');
      const now = clock.now();
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        let failure: string | null = e911Fails(req.e911) ? E911_FAILURE : null;
        if (!failure && req.msisdn) {
          // The number must be free for this card: reserved for it (even if that lapsed meanwhile), already its own,
          // or nobody's. Another card's live reservation or line keeps it.
          const taken = !inInventory(req.msisdn) ? [] : await tx.insert(sandboxNumbers)
            .values({ msisdn: req.msisdn, areaCode: req.msisdn.slice(0, 3), iccid: req.iccid, state: 'assigned', reservedUntil: null, createdAt: now })
            .onConflictDoUpdate({
              target: sandboxNumbers.msisdn,
              set: { iccid: req.iccid, state: 'assigned', reservedUntil: null },
              setWhere: or(eq(sandboxNumbers.iccid, req.iccid), and(eq(sandboxNumbers.state, 'reserved'), sql`${sandboxNumbers.reservedUntil} <= ${now}`)),
            })
            .returning({ msisdn: sandboxNumbers.msisdn });
          if (taken.length === 0) failure = NUMBER_UNAVAILABLE;
        }
        const inserted = await tx.insert(sandboxProvisions).values({
          ref: newRef('PRV'), requestId: req.requestId, iccid: req.iccid, kind: req.kind, simType: req.simType, msisdn: req.msisdn,
          outcome: failure ? 'failed' : 'done', failure, readyAt: new Date(now.getTime() + networkDelayMs), createdAt: now,
        }).onConflictDoNothing({ target: sandboxProvisions.requestId }).returning({ ref: sandboxProvisions.ref });
        if (inserted[0]) return { ref: inserted[0].ref };
        // Another call with the same request id won the race: its answer is the answer.
        const [row] = await tx.select({ ref: sandboxProvisions.ref }).from(sandboxProvisions).where(eq(sandboxProvisions.requestId, req.requestId));
        return { ref: row!.ref };
      });
    },

    async provisionStatus(ref) {
      const [row] = await db.select().from(sandboxProvisions).where(eq(sandboxProvisions.ref, ref));
      if (!row) throw new NetworkError('UNKNOWN_REF', `no provisioning request ${ref}`);
      if (row.readyAt > clock.now()) return { state: 'pending' };
      return row.outcome === 'done' ? { state: 'done' } : { state: 'failed', failure: row.failure ?? 'FAILED' };
    },

    async submitPortIn(req) {
      const [existing] = await db.select({ ref: sandboxPortRequests.ref }).from(sandboxPortRequests).where(eq(sandboxPortRequests.requestId, req.requestId));
      if (existing) return { ref: existing.ref };
      const now = clock.now();
      await db.insert(sandboxPortRequests).values({
        ref: newRef('PRT'), requestId: req.requestId, iccid: req.iccid, msisdn: req.msisdn, carrier: req.carrier, accountZip: req.accountZip,
        ...judgePort(req), answerAt: new Date(now.getTime() + portDelayMs), createdAt: now,
      }).onConflictDoNothing({ target: sandboxPortRequests.requestId });
      const [row] = await db.select({ ref: sandboxPortRequests.ref }).from(sandboxPortRequests).where(eq(sandboxPortRequests.requestId, req.requestId));
      return { ref: row!.ref };
    },

    async portInStatus(ref): Promise<PortInStatus> {
      const [row] = await db.select().from(sandboxPortRequests).where(eq(sandboxPortRequests.ref, ref));
      if (!row) throw new NetworkError('UNKNOWN_REF', `no port request ${ref}`);
      if (row.answerAt > clock.now()) return { state: 'pending' };
      if (row.outcome === 'completed') {
        // The number has left the losing carrier: the network holds it for the card from now on.
        await db.insert(sandboxNumbers).values({ msisdn: row.msisdn, areaCode: row.msisdn.slice(0, 3), iccid: row.iccid, state: 'assigned', createdAt: row.answerAt })
          .onConflictDoNothing({ target: sandboxNumbers.msisdn });
        return { state: 'completed' };
      }
      return { state: row.outcome, reason: row.reason ?? undefined, carrierMessage: row.carrierMessage ?? undefined };
    },

    async updateE911(req) {
      const failure = e911Fails(req.e911) ? E911_FAILURE : null;
      await db.insert(sandboxE911Updates).values({
        requestId: req.requestId, iccid: req.iccid, msisdn: req.msisdn, address: req.e911,
        outcome: failure ? 'failed' : 'done', failure, createdAt: clock.now(),
      }).onConflictDoNothing({ target: sandboxE911Updates.requestId });
      // The same request id again (a retry, a double click): the first answer is the answer.
      const [row] = await db.select().from(sandboxE911Updates).where(eq(sandboxE911Updates.requestId, req.requestId));
      return row!.outcome === 'done' ? { state: 'done' as const } : { state: 'failed' as const, failure: row!.failure ?? E911_FAILURE };
    },

    async correctPortIn(ref, req) {
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [row] = await tx.select().from(sandboxPortRequests).where(eq(sandboxPortRequests.ref, ref)).for('update');
        if (!row) throw new NetworkError('UNKNOWN_REF', `no port request ${ref}`);
        const [seen] = await tx.select().from(sandboxPortCorrections).where(eq(sandboxPortCorrections.requestId, req.requestId));
        // The same correction again (a retried job): already taken.
        if (seen) return;
        const now = clock.now();
        // A carrier takes corrections only on a request it has answered with "information required".
        if (row.outcome !== 'informationRequired' || row.answerAt > now) {
          throw new NetworkError('INVALID_REQUEST', `port request ${ref} is not waiting for corrected details`);
        }
        await tx.insert(sandboxPortCorrections).values({ requestId: req.requestId, ref, createdAt: now });
        await tx.update(sandboxPortRequests).set({
          msisdn: req.msisdn, carrier: req.carrier, accountZip: req.accountZip, ...judgePort(req), answerAt: new Date(now.getTime() + portDelayMs),
        }).where(eq(sandboxPortRequests.ref, ref));
      });
    },

    async addRoamingPack(req) {
      const [line] = await db.select({ iccid: sandboxProvisions.iccid }).from(sandboxProvisions)
        .where(and(eq(sandboxProvisions.iccid, req.iccid), eq(sandboxProvisions.outcome, 'done'))).limit(1);
      // Lines of the seed (the demo customer) were never provisioned through the sandbox: the network knows them by ICCID.
      if (!line && !/^\d{19}$/.test(req.iccid)) throw new NetworkError('INVALID_REQUEST', `no line ${req.iccid}`);
      await db.insert(sandboxRoamingPacks).values({
        ref: `RP${randomBytes(6).toString('hex').toUpperCase()}`, requestId: req.requestId, iccid: req.iccid, zone: req.zone,
        roamingType: req.roamingType, startsAt: req.startsAt, expiresAt: req.expiresAt, createdAt: clock.now(),
      }).onConflictDoNothing({ target: sandboxRoamingPacks.requestId });
      const [row] = await db.select({ ref: sandboxRoamingPacks.ref }).from(sandboxRoamingPacks).where(eq(sandboxRoamingPacks.requestId, req.requestId));
      return { ref: row!.ref };
    },

    async usageHour(req, connection) {
      // The network reports an hour once it is over.
      if (req.hourStart.getTime() % HOUR_MS !== 0 || req.hourStart.getTime() + HOUR_MS > clock.now().getTime()) {
        throw new NetworkError('INVALID_REQUEST', `usage of ${req.hourStart.toISOString()} is not complete yet`);
      }
      // A kept number (issue 16, number keeping): calls and texts within the period's allowance, no data.
      const conn = connection ?? db;
      const [keeping] = await conn.select().from(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, req.iccid));
      if (keeping?.kept && req.hourStart.getTime() >= keeping.from.getTime() - (keeping.from.getTime() % HOUR_MS)) {
        const periodStart = keepingPeriodStart(keeping.from, req.hourStart);
        const [before] = await conn.select({
          voiceSeconds: sql<number>`coalesce(sum(${sandboxKeepingHours.voiceSeconds}), 0)`, texts: sql<number>`coalesce(sum(${sandboxKeepingHours.texts}), 0)`,
        }).from(sandboxKeepingHours).where(and(eq(sandboxKeepingHours.iccid, req.iccid), gte(sandboxKeepingHours.hourStart, periodStart), lt(sandboxKeepingHours.hourStart, req.hourStart)));
        const kept = keptUsage(usageHour({ ...req, highSpeedLeftKb: 0 }), { voiceSeconds: Number(before?.voiceSeconds ?? 0), texts: Number(before?.texts ?? 0) }, keeping);
        await conn.insert(sandboxKeepingHours).values({ iccid: req.iccid, hourStart: req.hourStart, ...kept.used }).onConflictDoNothing();
        return kept.records;
      }
      // A barred line (issue 15: suspended, "no service except 911 and 611") carries nothing else from the bar on.
      const [bar] = await conn.select().from(sandboxLineBars).where(eq(sandboxLineBars.iccid, req.iccid));
      if (bar?.barred && req.hourStart.getTime() >= bar.updatedAt.getTime() - (bar.updatedAt.getTime() % HOUR_MS)) return barredUsageHour(req);
      return usageHour(req);
    },

    async setKeeping(req) {
      // The same request id again (a retried job) is taken once; a later request wins.
      const values = req.keeping
        ? { kept: true, from: req.keeping.from, voiceSeconds: req.keeping.voiceSeconds, texts: req.keeping.texts }
        : { kept: false, from: clock.now(), voiceSeconds: 0, texts: 0 };
      await db.insert(sandboxLineKeepings).values({ iccid: req.iccid, ...values, requestId: req.requestId, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: sandboxLineKeepings.iccid, set: { ...values, requestId: req.requestId, updatedAt: clock.now() }, setWhere: ne(sandboxLineKeepings.requestId, req.requestId) });
    },

    async setBarring(req) {
      // The same request id again (a retried job) is taken once; a later request wins.
      await db.insert(sandboxLineBars).values({ iccid: req.iccid, barred: req.barred, requestId: req.requestId, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: sandboxLineBars.iccid, set: { barred: req.barred, requestId: req.requestId, updatedAt: clock.now() }, setWhere: ne(sandboxLineBars.requestId, req.requestId) });
    },

    async holdChinaNumber(lineRef) {
      // Two holds at once may pick the same free number: the primary key lets one win, the other picks again.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const [mine] = await db.select({ number: sandboxChinaNumbers.number }).from(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.lineRef, lineRef));
        if (mine) return mine.number;
        const taken = new Set((await db.select({ number: sandboxChinaNumbers.number }).from(sandboxChinaNumbers)).map((r) => r.number));
        let free: string | null = null;
        for (let i = 0; i < chinaPool && free === null; i += 1) if (!taken.has(chinaNumberAt(i))) free = chinaNumberAt(i);
        if (free === null) return null;
        const [held] = await db.insert(sandboxChinaNumbers).values({ number: free, lineRef, state: 'held', updatedAt: clock.now() })
          .onConflictDoNothing().returning({ number: sandboxChinaNumbers.number });
        if (held) return held.number;
      }
      throw new NetworkError('INVALID_REQUEST', 'China number inventory busy, try again');
    },

    async setChinaNumber(req) {
      const [row] = await db.select().from(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.number, req.number));
      if (!row || row.lineRef !== req.lineRef) {
        // Released already (a retried release) is done; any other change names a number the line does not hold.
        if (req.state === 'released') return { state: 'done' };
        throw new NetworkError('UNKNOWN_REF', `China number ${req.number} is not held by ${req.lineRef}`);
      }
      if (req.state === 'released') {
        await db.delete(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.number, req.number));
        return { state: 'done' };
      }
      // The partner refuses a first opening (never a resume) for a US number ending in 73: the sandbox's documented failure.
      if (req.state === 'open' && row.state === 'held' && req.usMsisdn?.endsWith('73')) return { state: 'failed', failure: CHINA_PARTNER_REFUSED };
      await db.update(sandboxChinaNumbers).set({ state: req.state, updatedAt: clock.now() }).where(eq(sandboxChinaNumbers.number, req.number));
      return { state: 'done' };
    },

    async moveNumber(req) {
      // The number and what the network keeps for its line (the bar, a number keeping, roaming packs still running)
      // move to the new card in one step; a retried request finds them moved already. When the new card holds a bar or
      // a keeping of its own already (set after the change, before this ran), the later of the two stays.
      const now = clock.now();
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        await tx.update(sandboxNumbers).set({ iccid: req.toIccid }).where(and(eq(sandboxNumbers.msisdn, req.msisdn), eq(sandboxNumbers.iccid, req.fromIccid)));
        const [oldBar] = await tx.select().from(sandboxLineBars).where(eq(sandboxLineBars.iccid, req.fromIccid)).for('update');
        if (oldBar) {
          const [newBar] = await tx.select().from(sandboxLineBars).where(eq(sandboxLineBars.iccid, req.toIccid)).for('update');
          if (newBar && newBar.updatedAt >= oldBar.updatedAt) await tx.delete(sandboxLineBars).where(eq(sandboxLineBars.iccid, req.fromIccid));
          else {
            if (newBar) await tx.delete(sandboxLineBars).where(eq(sandboxLineBars.iccid, req.toIccid));
            await tx.update(sandboxLineBars).set({ iccid: req.toIccid }).where(eq(sandboxLineBars.iccid, req.fromIccid));
          }
        }
        const [oldKeeping] = await tx.select().from(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, req.fromIccid)).for('update');
        if (oldKeeping) {
          const [newKeeping] = await tx.select().from(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, req.toIccid)).for('update');
          if (newKeeping && newKeeping.updatedAt >= oldKeeping.updatedAt) await tx.delete(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, req.fromIccid));
          else {
            if (newKeeping) await tx.delete(sandboxLineKeepings).where(eq(sandboxLineKeepings.iccid, req.toIccid));
            await tx.update(sandboxLineKeepings).set({ iccid: req.toIccid }).where(eq(sandboxLineKeepings.iccid, req.fromIccid));
          }
        }
        await tx.update(sandboxRoamingPacks).set({ iccid: req.toIccid }).where(and(eq(sandboxRoamingPacks.iccid, req.fromIccid), gt(sandboxRoamingPacks.expiresAt, now)));
      });
    },

    async chinaNumberState(number) {
      const [row] = await db.select().from(sandboxChinaNumbers).where(eq(sandboxChinaNumbers.number, number));
      return row ? { lineRef: row.lineRef, state: row.state } : null;
    },

    async isBarred(iccid) {
      const [bar] = await db.select({ barred: sandboxLineBars.barred }).from(sandboxLineBars).where(eq(sandboxLineBars.iccid, iccid));
      return bar?.barred ?? false;
    },
  };
}
