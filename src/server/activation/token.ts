/**
 * The activation token (src/contract/activation.ts): proof that whoever holds it typed the card's ICCID and its
 * activation code at step 1. Stateless: `<iccid>.<issued ms>.<hmac>`, signed with the server's pepper, valid
 * 7 days, so a reload of any step (and step 3 days later) still works without a server session.
 */
import { timingSafeEqual } from 'node:crypto';
import { hmac } from '../secrets';

export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const signature = (pepper: string, iccid: string, issuedMs: number): string => hmac(pepper, `activation-token:${iccid}:${issuedMs}`);

export const issueActivationToken = (pepper: string, iccid: string, now: Date): string =>
  `${iccid}.${now.getTime()}.${signature(pepper, iccid, now.getTime())}`;

/** The ICCID the token was issued for, or null when it is malformed, forged or expired. */
export function readActivationToken(pepper: string, token: string, now: Date): { iccid: string; issuedAt: Date } | null {
  const match = /^(\d{19})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const [, iccid, issued, sig] = match as unknown as [string, string, string, string];
  const issuedMs = Number(issued);
  const expected = Buffer.from(signature(pepper, iccid, issuedMs));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = now.getTime() - issuedMs;
  if (age < -60_000 || age > ACTIVATION_TOKEN_TTL_MS) return null;
  return { iccid, issuedAt: new Date(issuedMs) };
}
