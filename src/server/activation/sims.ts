/**
 * SIM cards sold by an order (spec section 3, SIM: "ICCID (19 digits), activation code (6 digits), type physical
 * or eSIM"). The ICCID follows ITU-T E.118: 89 (telecom), the country code, the issuer, the card's own digits and
 * a Luhn check digit. The activation code is random and stored only as an HMAC with the server's pepper: it
 * reaches the buyer printed on the card (physical) or in the eSIM email, never through the database.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { luhnValid } from '../../domain/card';
import type { Db } from '../db/database';
import { sims } from '../db/schema';
import { hmac, sixDigitCode } from '../secrets';

/**
 * Issuer prefixes (the first 7 digits): US plan SIMs on our US host network (89 01 260), global data SIMs from
 * our roaming partner in Hong Kong (89 852 30).
 */
export const ICCID_PREFIX = { us: '8901260', global: '8985230' } as const;
export type SimKind = keyof typeof ICCID_PREFIX;

export const ICCID_LENGTH = 19;

/** The digit that makes the whole number pass the Luhn check. */
export function iccidCheckDigit(first18: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${first18}${d}`)) return String(d);
  throw new Error('unreachable: one of ten digits always completes a Luhn number');
}

export const isValidIccid = (iccid: string): boolean => /^\d{19}$/.test(iccid) && luhnValid(iccid);

export function newIccid(kind: SimKind): string {
  const prefix = ICCID_PREFIX[kind];
  let body = prefix;
  while (body.length < ICCID_LENGTH - 1) body += String(randomInt(0, 10));
  return body + iccidCheckDigit(body);
}

/**
 * THE activation-code digest, the one function issue 4's activation verifies with:
 * `hmac_sha256(codePepper, "sim:<iccid>:<code>")` as lowercase hex. Binding the ICCID in means a code read off
 * one card proves nothing about another.
 */
export const simActivationCodeDigest = (pepper: string, iccid: string, code: string): string => hmac(pepper, `sim:${iccid}:${code}`);

/** Constant-time check of a typed activation code against the stored digest. */
export function simActivationCodeMatches(pepper: string, iccid: string, code: string, storedDigest: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const given = Buffer.from(simActivationCodeDigest(pepper, iccid, code));
  const stored = Buffer.from(storedDigest);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface NewSim { iccid: string; activationCode: string }

export interface SimsFor {
  orderId: number;
  kind: SimKind;
  simType: 'physical' | 'esim';
  count: number;
  planId: number | null;
  months: number;
  purchasedAt: Date;
}

/**
 * Creates `count` SIM rows for an order, in the caller's transaction. Answers the ICCIDs with their activation
 * codes in clear: the only time they exist outside the card; the caller hands them to whatever delivers them.
 */
export async function createSims(tx: Db, pepper: string, input: SimsFor): Promise<NewSim[]> {
  const created: NewSim[] = [];
  // An ICCID collision is astronomically rare but possible: the primary key refuses it and we draw again.
  while (created.length < input.count) {
    const sim = { iccid: newIccid(input.kind), activationCode: sixDigitCode() };
    const inserted = await tx.insert(sims).values({
      iccid: sim.iccid, kind: input.kind, simType: input.simType, status: 'inactive',
      activationCodeHash: simActivationCodeDigest(pepper, sim.iccid, sim.activationCode),
      collected: 'online', orderId: input.orderId, planId: input.planId, months: input.months,
      purchasedAt: input.purchasedAt, createdAt: input.purchasedAt,
    }).onConflictDoNothing().returning({ iccid: sims.iccid });
    if (inserted.length) created.push(sim);
  }
  return created;
}
