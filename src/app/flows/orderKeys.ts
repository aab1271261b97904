/**
 * What this browser keeps about its orders, in localStorage so every tab shares it:
 * - the Idempotency-Key of each submitted order body, by a digest of the body: a double click, a retry or a second
 *   tab submitting the same body reuses the key and gets the same order; a changed body gets a new key;
 * - the order token of each order, which reads and pays the order without an account.
 */
import { newAttemptKey } from '../../../machines/payment.machine';
import { canonicalJson } from '../../domain/canonicalJson';
import { getItem, setItem } from '../../storage';

/** A day: the same body submitted later is a new purchase, not a double submit. */
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

/** The key this body was (or is now) submitted with. */
export function submissionKeyFor(body: unknown, now = Date.now()): string {
  const digest = bodyDigest(body);
  const entries = fresh(getItem('checkout/submissions'), SUBMISSION_KEY_TTL_MS, now);
  const existing = entries[digest];
  if (existing) return existing.key;
  const key = newAttemptKey();
  setItem('checkout/submissions', { ...entries, [digest]: { key, at: now } });
  return key;
}

/** After "do not resubmit, refresh to reorder": the next submission of this body is a new order. */
export function forgetSubmission(body: unknown): void {
  const entries = { ...(getItem('checkout/submissions') ?? {}) };
  delete entries[bodyDigest(body)];
  setItem('checkout/submissions', entries);
}

export function rememberOrderToken(orderNo: string, token: string, now = Date.now()): void {
  const entries = fresh(getItem('orders/tokens'), ORDER_TOKEN_TTL_MS, now);
  setItem('orders/tokens', { ...entries, [orderNo]: { token, at: now } });
}

export function orderTokenFor(orderNo: string, now = Date.now()): string | null {
  const entry = getItem('orders/tokens')?.[orderNo];
  return entry && now - entry.at < ORDER_TOKEN_TTL_MS ? entry.token : null;
}
