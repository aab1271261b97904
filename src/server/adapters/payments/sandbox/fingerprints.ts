/**
 * Card fingerprints (decision 0043), as Square's `card.fingerprint` and Stripe's `card.fingerprint` are: a keyed hash of
 * the card number made inside the provider, the same for the same card whatever the token, the card on file or the
 * account, and telling nothing about the number to anyone without the provider's key. The key is the sandbox's own,
 * made once and kept in its table (sandbox_card_keys), so fingerprints hold across restarts and across gateways that
 * share the database. The number itself is never stored: only its fingerprint, brand and last four.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { cardDigits } from '../../../../domain/card';
import type { Db } from '../../../db/database';
import { sandboxCardKeys, sandboxCards } from '../../../db/schema';
import { testCardNumberOf } from '../testValues';

const KEY_NAME = 'card-fingerprint';
const keys = new WeakMap<object, Promise<string>>();

async function loadKey(db: Db): Promise<string> {
  // Two sandboxes starting at once both try; the primary key keeps the first, and both read it back.
  await db.insert(sandboxCardKeys).values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ secret: sandboxCardKeys.secret }).from(sandboxCardKeys).where(eq(sandboxCardKeys.name, KEY_NAME));
  return row!.secret;
}

/** The sandbox's fingerprint key, read once per database. */
export function fingerprintKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** Square's format ("sq-1-" and the hash): the same number always gives the same fingerprint under one key. */
export const fingerprintOf = (key: string, number: string): string =>
  `sq-1-${createHmac('sha256', key).update(`card-number:${cardDigits(number)}`).digest('base64url')}`;

/** The fingerprint of a card the sandbox knows only by brand and last four (a test card): null when none matches. */
export function testCardFingerprint(key: string, brand: string, last4: string): string | null {
  const number = testCardNumberOf(brand, last4);
  return number ? fingerprintOf(key, number) : null;
}

/**
 * Cards kept before the sandbox made fingerprints get theirs (decision 0043): the sandbox accepts only test cards, and
 * brand and last four name one of them. Run at start; answers how many cards it filled.
 */
export async function fillMissingFingerprints(db: Db): Promise<number> {
  const key = await fingerprintKey(db);
  const missing = await db.select({ id: sandboxCards.id, brand: sandboxCards.brand, last4: sandboxCards.last4 }).from(sandboxCards).where(isNull(sandboxCards.fingerprint));
  let filled = 0;
  for (const card of missing) {
    const fingerprint = testCardFingerprint(key, card.brand, card.last4);
    if (!fingerprint) continue;
    await db.update(sandboxCards).set({ fingerprint }).where(and(eq(sandboxCards.id, card.id), isNull(sandboxCards.fingerprint)));
    filled += 1;
  }
  return filled;
}
