/**
 * SIM-swap and port-out protection (issue 16, FCC 23-95), and the SIM changes it guards:
 * - the number lock: while on, SIM changes and port-outs are refused (numberLocked); turning it off asks again who is
 *   there (reauth.ts);
 * - physical to eSIM and back (spec section 4: "Converting physical to eSIM voids the physical card; the number is
 *   unchanged and conversion can go back"), through the simLifecycle chart's conversion events, after re-authentication;
 *   the eSIM's QR is emailed (a job: the SM-DP+ is asked outside the transaction);
 * - the number transfer PIN a new carrier needs to port the number out: single use, 24 hours, stored as a digest;
 * - an SMS and an email on every SIM change, lock change, PIN and port-out request, saying what to do if it was not them.
 * Each change is one transaction: the line, the cards' chart states, the change's record and its jobs commit together.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import { simLifecycleMachine } from '../../../machines/simLifecycle.machine';
import type { SecurityInfo } from '../../contract/security';
import { newIccid, simStore } from '../activation';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { applyLifecycleEventIn } from '../db/lifecycle';
import { lineLifecycles, lines, portOutPins, portOutRequests, simChanges, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { requireUsLine } from '../portal';
import { hmac } from '../secrets';
import { checkReauth, type Reauth, type ReauthChannel } from './reauth';
import { esimProfileJob, moveNumberJob, noticeJob } from './jobs';

/** Spec: "a number transfer PIN ... single use and short-lived". */
export const PORT_OUT_PIN_HOURS = 24;
export const PORT_OUT_PIN_DIGITS = 8;
const PIN_TRIES = 5;

const pinDigest = (pepper: string, lineId: number, pin: string) => hmac(pepper, `port-out:${lineId}:${pin}`);
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
type PortOutReason = 'locked' | 'pinWrong' | 'pinExpired' | 'unknownNumber' | 'accountMismatch';

type LineRow = typeof lines.$inferSelect;

export async function securityInfo(deps: Deps, customerId: number): Promise<SecurityInfo> {
  const line = await requireUsLine(deps, customerId);
  const now = deps.clock.now();
  const [pin] = await deps.db.select().from(portOutPins).where(and(eq(portOutPins.lineId, line.id), isNull(portOutPins.usedAt))).orderBy(desc(portOutPins.id)).limit(1);
  const changes = await deps.db.select().from(simChanges).where(eq(simChanges.lineId, line.id)).orderBy(desc(simChanges.id)).limit(10);
  const requests = await deps.db.select().from(portOutRequests).where(eq(portOutRequests.lineId, line.id)).orderBy(desc(portOutRequests.id)).limit(10);
  const physical = line.simType === 'esim' ? await convertedPhysicalOf(deps.db, line) : null;
  return {
    usNumber: line.msisdn!, simType: line.simType, iccidEnd: line.iccid.slice(-4),
    numberLocked: line.numberLockedAt !== null, lockedAt: line.numberLockedAt?.toISOString() ?? null,
    pin: pin && pin.expiresAt > now && pin.attempts < PIN_TRIES ? { expiresAt: pin.expiresAt.toISOString() } : null,
    canConvert: line.simType === 'physical' ? 'toEsim' : physical ? 'toPhysical' : null,
    physicalIccidEnd: physical?.slice(-4) ?? null,
    changes: changes.map((c) => ({ kind: c.kind, at: c.createdAt.toISOString(), reauth: c.reauth })),
    portOutRequests: requests.map((r) => ({ carrier: r.requestingCarrier, outcome: r.outcome, reason: r.reason, at: r.createdAt.toISOString() })),
  };
}

/** The physical card the line was converted from, while it is still convertedToEsim (so the line can go back to it). */
async function convertedPhysicalOf(db: Db, line: LineRow): Promise<string | null> {
  const [change] = await db.select({ fromIccid: simChanges.fromIccid }).from(simChanges)
    .where(and(eq(simChanges.lineId, line.id), eq(simChanges.kind, 'toEsim'), eq(simChanges.toIccid, line.iccid))).orderBy(desc(simChanges.id)).limit(1);
  if (!change) return null;
  const [card] = await db.select({ voidedAt: sims.voidedAt, simType: sims.simType }).from(sims).where(eq(sims.iccid, change.fromIccid));
  return card?.simType === 'physical' && card.voidedAt ? change.fromIccid : null;
}

const refuseWhenLocked = (line: LineRow) => {
  if (line.numberLockedAt) throw new GatewayError('numberLocked');
};

/** Turning the lock on needs nothing more (it only protects); turning it off asks again who is there. */
export async function setNumberLock(deps: Deps, input: { customerId: number; locked: boolean; reauth?: Reauth; ip: string; lang: Language }): Promise<SecurityInfo> {
  const line = await requireUsLine(deps, input.customerId);
  if (!input.locked) {
    if (!input.reauth) throw new GatewayError('validation', { messageKey: 'validation:code.required', data: { field: 'code' } });
    await checkReauth(deps, { customerId: input.customerId, ip: input.ip, ...input.reauth });
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [changed] = await tx.update(lines).set({ numberLockedAt: input.locked ? now : null })
      .where(and(eq(lines.id, line.id), input.locked ? isNull(lines.numberLockedAt) : eq(lines.numberLockedAt, line.numberLockedAt ?? now))).returning({ id: lines.id });
    if (changed) await enqueueJob(tx, noticeJob(input.locked ? 'locked' : 'unlocked', line.id, now, input.lang));
  });
  return securityInfo(deps, input.customerId);
}

/** A new PIN (the previous unused one ends); shown once, kept as a digest. */
export async function createPortOutPin(deps: Deps, input: { customerId: number; reauth: Reauth; ip: string; lang: Language }) {
  const line = await requireUsLine(deps, input.customerId);
  await checkReauth(deps, { customerId: input.customerId, ip: input.ip, ...input.reauth });
  const pin = String(randomInt(0, 10 ** PORT_OUT_PIN_DIGITS)).padStart(PORT_OUT_PIN_DIGITS, '0');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PORT_OUT_PIN_HOURS * 3_600_000);
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.update(portOutPins).set({ usedAt: now }).where(and(eq(portOutPins.lineId, line.id), isNull(portOutPins.usedAt)));
    await tx.insert(portOutPins).values({ lineId: line.id, pinHash: pinDigest(deps.config.codePepper, line.id, pin), createdAt: now, expiresAt });
    await enqueueJob(tx, noticeJob('pinCreated', line.id, now, input.lang));
  });
  return { pin, expiresAt: expiresAt.toISOString(), accountNumber: accountNumberOf(line) };
}

/** The account number a new carrier asks for with the PIN: the line's own, stable and not secret on its own. */
export const accountNumberOf = (line: Pick<LineRow, 'id' | 'customerId'>) => `LB${String(line.customerId).padStart(6, '0')}${String(line.id).padStart(4, '0')}`;

/**
 * A new carrier asks to port one of our numbers out (the network passes the request on). Refused when the number is
 * locked, the account number does not match, or the PIN is wrong, spent or expired; accepted once per PIN. The customer
 * hears of every request, accepted or not.
 */
export async function receivePortOutRequest(deps: Deps, input: { msisdn: string; accountNumber: string; pin: string; carrier: string }) {
  const now = deps.clock.now();
  const [line] = await deps.db.select().from(lines).where(eq(lines.msisdn, input.msisdn));
  const outcome = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The request's record and the customer's notice commit together: no request goes untold (unknown numbers have
    // nobody to tell). Each notice is named by its request, so two at one instant are two notices.
    const answer = async <O extends 'accepted' | 'refused'>(outcome: O, reason: O extends 'accepted' ? null : PortOutReason) => {
      const [request] = await tx.insert(portOutRequests).values({ lineId: line?.id ?? null, msisdn: input.msisdn, requestingCarrier: input.carrier, outcome, reason, createdAt: now })
        .returning({ id: portOutRequests.id });
      if (line) {
        await enqueueJob(tx, noticeJob(outcome === 'accepted' ? 'portOutAccepted' : 'portOutRefused', line.id, now, null, { carrier: input.carrier, ref: `request${request!.id}` }));
      }
      return { outcome, reason };
    };
    const refuse = (reason: PortOutReason) => answer('refused', reason);
    if (!line) return refuse('unknownNumber');
    if (line.numberLockedAt) return refuse('locked');
    if (input.accountNumber !== accountNumberOf(line)) return refuse('accountMismatch');
    const [pin] = await tx.select().from(portOutPins).where(and(eq(portOutPins.lineId, line.id), isNull(portOutPins.usedAt))).orderBy(desc(portOutPins.id)).limit(1).for('update');
    if (!pin || pin.expiresAt <= now || pin.attempts >= PIN_TRIES) return refuse('pinExpired');
    if (!sameDigest(pin.pinHash, pinDigest(deps.config.codePepper, line.id, input.pin))) {
      await tx.update(portOutPins).set({ attempts: pin.attempts + 1 }).where(eq(portOutPins.id, pin.id));
      return refuse('pinWrong');
    }
    await tx.update(portOutPins).set({ usedAt: now }).where(eq(portOutPins.id, pin.id));
    return answer('accepted', null);
  });
  return outcome;
}

/** The key as stored: the customer's own (the column is unique; another customer's key is another request). */
const storedKey = (customerId: number, key: string) => `${customerId}:${key}`;

/** The change this key made already: the same answer again; the key reused for the other direction is refused (120086). */
async function replayOf(deps: Deps, input: { customerId: number; direction: 'toEsim' | 'toPhysical' }, key: string): Promise<SecurityInfo | null> {
  const [done] = await deps.db.select({ kind: simChanges.kind }).from(simChanges).where(and(eq(simChanges.idempotencyKey, key), eq(simChanges.customerId, input.customerId)));
  if (!done) return null;
  if (done.kind !== input.direction) throw new GatewayError('120086');
  return securityInfo(deps, input.customerId);
}

/**
 * Physical to eSIM, or back to the physical card it came from. Idempotent by the key: the same key answers the change
 * already made. Refused while the number is locked (numberLocked), and for a line that cannot make this change.
 */
export async function changeSim(deps: Deps, input: { customerId: number; direction: 'toEsim' | 'toPhysical'; key: string; reauth: Reauth; ip: string; lang: Language }): Promise<SecurityInfo> {
  const line = await requireUsLine(deps, input.customerId);
  const key = storedKey(input.customerId, input.key);
  const replayed = await replayOf(deps, input, key);
  if (replayed) return replayed;
  refuseWhenLocked(line);
  // Spec 90007 "in number-keeping period": a kept number stays on its card until keeping ends (decision 0035).
  const [kept] = await deps.db.select({ state: lineLifecycles.serviceState }).from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id));
  if (kept?.state === 'suspended.kept') throw new GatewayError('90007');
  if (input.direction === 'toEsim' ? line.simType !== 'physical' : line.simType !== 'esim') throw new GatewayError('simUnchanged');
  const physical = input.direction === 'toPhysical' ? await convertedPhysicalOf(deps.db, line) : line.iccid;
  if (!physical) throw new GatewayError('simUnchanged');
  let channel: ReauthChannel;
  try {
    channel = await checkReauth(deps, { customerId: input.customerId, ip: input.ip, ...input.reauth });
  } catch (error) {
    // One code, two requests (a double press, a retry, another tab): the first spent it. When its change is in by
    // now, this one answers as it would a moment later: the same key replays it, another key finds the SIM changed.
    // (The line first: the change and its record commit together, so a changed line means the record is there.)
    if (error instanceof GatewayError && error.code === 'codeExpired') {
      const [current] = await deps.db.select({ iccid: lines.iccid }).from(lines).where(eq(lines.id, line.id));
      if (current && current.iccid !== line.iccid) {
        const again = await replayOf(deps, input, key);
        if (again) return again;
        throw new GatewayError('simUnchanged');
      }
    }
    throw error;
  }
  const now = deps.clock.now();
  const toIccid = input.direction === 'toEsim' ? newIccid('us') : physical;
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The line as it is now, locked: a second change (another tab, a double press) waits and finds it changed.
    const [current] = await tx.select().from(lines).where(eq(lines.id, line.id)).for('update');
    if (!current || current.iccid !== line.iccid) throw new GatewayError('simUnchanged');
    refuseWhenLocked(current);
    await tx.insert(simChanges).values({
      lineId: line.id, customerId: input.customerId, kind: input.direction, fromIccid: line.iccid, toIccid, reauth: channel, idempotencyKey: key, ip: input.ip, createdAt: now,
    });
    if (input.direction === 'toEsim') {
      await tx.insert(sims).values({ iccid: toIccid, kind: 'us', simType: 'esim', status: 'activated', activationCodeHash: 'conversion', purchasedAt: now, createdAt: now });
    } else {
      await tx.update(sims).set({ voidedAt: now }).where(eq(sims.iccid, line.iccid));
    }
    // Spec section 4 through the card's own chart: the physical card is void while the eSIM runs, and in service again after.
    await applyLifecycleEventIn(tx, {
      chart: 'simLifecycle', machine: simLifecycleMachine, entityRef: physical, store: simStore(physical, now),
      event: { type: input.direction === 'toEsim' ? 'sim.convertToEsim' : 'sim.revertConversion' }, actions: {}, at: now, rejectWith: 'simUnchanged',
      meta: { lineId: line.id, key: input.key },
    });
    await tx.update(lines).set({ iccid: toIccid, simType: input.direction === 'toEsim' ? 'esim' : 'physical', simStatus: 'activated' }).where(eq(lines.id, line.id));
    await enqueueJob(tx, moveNumberJob(line.id, line.iccid, toIccid, input.key, now));
    if (input.direction === 'toEsim') await enqueueJob(tx, esimProfileJob(line.id, toIccid, input.lang, now));
    await enqueueJob(tx, noticeJob(input.direction === 'toEsim' ? 'convertedToEsim' : 'convertedToPhysical', line.id, now, input.lang, { ref: `change:${key}` }));
  });
  return securityInfo(deps, input.customerId);
}
