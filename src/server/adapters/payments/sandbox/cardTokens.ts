/**
 * Single-use card tokens (Square's payment tokens, "cnon:..."). A token keeps only the brand, the last four
 * digits, the expiry, the billing postal code, the test scenario and the card's fingerprint: never the number or the CVV. It can pay
 * once, and expires 24 hours after it was made, as Square's do; both are checked on the sandbox's clock.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxCardTokens } from '../../../db/schema';
import type { KeptCard } from '../cardEntry';
import type { CardScenario } from '../testValues';

export const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

export type TokenRow = typeof sandboxCardTokens.$inferSelect;
export type TokenRefusal = 'CARD_TOKEN_USED' | 'CARD_TOKEN_EXPIRED' | 'NOT_FOUND';

export const isCardToken = (sourceId: string): boolean => /^cnon:[A-Za-z0-9_-]{32}$/.test(sourceId);

/** `fingerprint`: the card number's fingerprint (fingerprints.ts), made before the number is let go. */
export async function issueToken(db: Db, clock: Clock, card: KeptCard, fingerprint: string): Promise<TokenRow> {
  const now = clock.now();
  const [row] = await db.insert(sandboxCardTokens).values({
    token: `cnon:${randomBytes(24).toString('base64url')}`,
    brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear,
    postalCode: card.postalCode, scenario: card.scenario, fingerprint,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS), createdAt: now,
  }).returning();
  return row!;
}

/**
 * Uses the token up, atomically: of two payments racing for one token, one gets it. The caller's transaction
 * rolls the use back if the payment is not recorded.
 */
export async function consumeToken(tx: Db, token: string, now: Date): Promise<{ row: TokenRow } | { refused: TokenRefusal }> {
  const [row] = await tx.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token)).for('update');
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.usedAt) return { refused: 'CARD_TOKEN_USED' };
  if (row.expiresAt.getTime() <= now.getTime()) return { refused: 'CARD_TOKEN_EXPIRED' };
  await tx.update(sandboxCardTokens).set({ usedAt: now }).where(eq(sandboxCardTokens.token, token));
  return { row };
}

export async function findToken(db: Db, token: string): Promise<TokenRow | null> {
  const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
  return row ?? null;
}

export const tokenScenario = (row: TokenRow): CardScenario => row.scenario as CardScenario;
