/**
 * What this browser keeps about its orders, in localStorage so every tab shares it:
 * - the Idempotency-Key of each submission, by a digest of the purchase, the buyer and the body: a double click, a
 *   retry or a second tab submitting the same body of the same purchase reuses the key and gets the same order; a
 *   changed body, a new purchase (after the last one was paid) or another buyer (a login or logout meanwhile: the
 *   gateway's request hash names the customer too) gets a new key;
 * - the purchase a tab has open, so a second tab opened meanwhile joins it;
 * - the order token of each order, which reads and pays the order without an account.
 */
import { newAttemptKey } from '../../../machines/parts/attemptKey';
import { canonicalJson } from '../../domain/canonicalJson';
import { getItem, setItem } from '../../storage';

/** A day: the same body submitted later is a new purchase, not a double submit; an open purchase is forgotten too. */
export const SUBMISSION_KEY_TTL_MS = 24 * 60 * 60_000;
/** Tokens stay as long as a result link from the order email may be opened. */
export const ORDER_TOKEN_TTL_MS = 90 * 24 * 60 * 60_000;

/**
 * A 53-bit digest (cyrb53) of the body: it only tells bodies apart in this browser's own list, so it needs no
 * cryptographic strength (and Web Crypto's digest is missing on plain-HTTP LAN addresses).
 */
export function bodyDigest(body: unknown): string {
  const text = canonicalJson(body);
  let h1 = 0xdeadbeef; let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const fresh = <T extends { at: number }>(entries: Record<string, T> | null, ttl: number, now: number): Record<string, T> =>
  Object.fromEntries(Object.entries(entries ?? {}).filter(([, v]) => v && typeof v.at === 'number' && now - v.at < ttl));

/** Who submits: the logged-in customer (`customer:<id>`) or 'anonymous', as the gateway's request hash tells them apart. */
export interface Submitter { purchaseId: string; buyer: string }

/** The key this body of this purchase, by this buyer, was (or is now) submitted with. */
export function submissionKeyFor(body: unknown, who: Submitter, now = Date.now()): string {
  const digest = bodyDigest({ body, purchase: who.purchaseId, buyer: who.buyer });
  const entries = fresh(getItem('checkout/submissions'), SUBMISSION_KEY_TTL_MS, now);
  const existing = entries[digest];
  if (existing) return existing.key;
  const key = newAttemptKey();
  setItem('checkout/submissions', { ...entries, [digest]: { key, at: now } });
  return key;
}

/** The purchase another tab of this browser has open, if it is not a day old. */
export function openPurchase(now = Date.now()): string | null {
  const entry = getItem('checkout/purchase');
  return entry && typeof entry.id === 'string' && now - entry.at < SUBMISSION_KEY_TTL_MS ? entry.id : null;
}

export function shareOpenPurchase(id: string, now = Date.now()): void {
  setItem('checkout/purchase', { id, at: now });
}

export function rememberOrderToken(orderNo: string, token: string, now = Date.now()): void {
  const entries = fresh(getItem('orders/tokens'), ORDER_TOKEN_TTL_MS, now);
  setItem('orders/tokens', { ...entries, [orderNo]: { token, at: now } });
}

export function orderTokenFor(orderNo: string, now = Date.now()): string | null {
  const entry = getItem('orders/tokens')?.[orderNo];
  return entry && now - entry.at < ORDER_TOKEN_TTL_MS ? entry.token : null;
}
