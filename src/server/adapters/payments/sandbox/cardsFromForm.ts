/**
 * Square's CreateCard from a card form token (or a fixed test nonce), and DisableCard: a card kept without a payment
 * (/mybank), checked by the bank as a payment would be, and ended so that it can no longer pay.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxCards } from '../../../db/schema';
import { chargedCard, declineError, declineOf } from './cardPayments';
import { findCardOnFile, type CardOnFileRow } from './cardsOnFile';
import { fingerprintKey } from './fingerprints';
import type { SquareError } from './squareErrors';

/**
 * CreateCard with a card token (or one of the fixed test nonces): the bank checks the card as for a payment (the
 * test scenario, the expiry, the billing postal code against the card's), and a decline refuses it. The same
 * idempotency key and customer answer the same card, also after the token was spent.
 */
export async function storeCardFromToken(db: Db, clock: Clock, req: {
  idempotencyKey: string; sourceId: string; customerRef: string; cardholderName: string | null; billingPostalCode: string | null;
}): Promise<{ card: CardOnFileRow } | { error: SquareError }> {
  const id = `ccof:${createHash('sha256').update(`card\n${req.idempotencyKey}\n${req.customerRef}`).digest('base64url').slice(0, 24)}`;
  const key = await fingerprintKey(db);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One request per idempotency key at a time: a second one waits here, then answers the card the first kept
    // (without this, both would pass the look-up and the second would find the single-use token spent).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`);
    const [again] = await tx.select().from(sandboxCards).where(eq(sandboxCards.id, id)).for('update');
    if (again) return { card: again };
    const now = clock.now();
    const source = await chargedCard(tx, req.sourceId, now, key);
    if ('error' in source) return { error: source.error };
    const declined = source.card.scenario === 'COF_AUTH_DECLINED' ? 'GENERIC_DECLINE' : declineOf(source.card, req.billingPostalCode, now);
    if (declined) return { error: declineError(declined) };
    const [card] = await tx.insert(sandboxCards).values({
      id, customerRef: req.customerRef, brand: source.card.brand, last4: source.card.last4, expMonth: source.card.expMonth,
      expYear: source.card.expYear, postalCode: source.card.postalCode ?? req.billingPostalCode, scenario: 'ok',
      cardholderName: req.cardholderName, fingerprint: source.card.fingerprint, createdAt: now,
    }).returning();
    return { card: card! };
  });
}

/** DisableCard: the card stays on record but can no longer pay. Disabling it again answers the same card. */
export async function disableCard(db: Db, clock: Clock, id: string): Promise<{ card: CardOnFileRow } | { error: SquareError }> {
  await db.update(sandboxCards).set({ disabledAt: clock.now() }).where(and(eq(sandboxCards.id, id), isNull(sandboxCards.disabledAt)));
  const card = await findCardOnFile(db, id);
  return card ? { card } : { error: { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Card ${id} not found.` } };
}
