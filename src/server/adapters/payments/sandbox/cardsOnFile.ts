/**
 * Cards on file ("ccof:..."), kept for a customer reference: like Square's Cards API, a card is stored from a
 * completed payment (its source), so the buyer types it once, or from a card form token (cardsFromForm.ts). Only
 * brand, last four, expiry, postal code, the holder's name and the card's fingerprint (fingerprints.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxCardPayments, sandboxCards } from '../../../db/schema';
import { TEST_NONCES } from '../testValues';
import { findToken, tokenScenario } from './cardTokens';
import { fingerprintKey, testCardFingerprint } from './fingerprints';
import type { SquareError } from './squareErrors';

export type CardOnFileRow = typeof sandboxCards.$inferSelect;

export const isCardOnFile = (sourceId: string): boolean => sourceId.startsWith('ccof:');

export interface SeedCard { id: string; customerRef: string; brand: string; last4: string; expMonth: number; expYear: number; postalCode: string | null }

/** For the seed: gives a customer a card on file that pays (e.g. the demo customer's saved Visa). */
export async function sandboxSeedCard(db: Db, card: SeedCard): Promise<void> {
  if (!isCardOnFile(card.id)) throw new Error(`a card-on-file id starts with "ccof:" (got ${card.id})`);
  const fingerprint = testCardFingerprint(await fingerprintKey(db), card.brand, card.last4);
  await db.insert(sandboxCards).values({ ...card, scenario: 'ok', fingerprint }).onConflictDoNothing();
}

export async function findCardOnFile(db: Db, id: string): Promise<CardOnFileRow | null> {
  const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
  return row ?? null;
}

/**
 * Stores the card a completed payment was made with for the customer. The same payment and customer always
 * give the same card id, so asking again (a retry) stores nothing new.
 */
export async function storeCardFromPayment(db: Db, clock: Clock, paymentId: string, customerRef: string): Promise<{ card: CardOnFileRow } | { error: SquareError }> {
  const [payment] = await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, paymentId));
  if (!payment) return { error: { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Payment ${paymentId} not found.` } };
  if (payment.status !== 'COMPLETED') {
    return { error: { status: 400, category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Only a completed payment can put its card on file.' } };
  }
  if (isCardOnFile(payment.sourceId)) {
    const onFile = await findCardOnFile(db, payment.sourceId);
    if (onFile && onFile.customerRef === customerRef) return { card: onFile };
  }
  const source = await sourceOf(db, payment.sourceId);
  if (source.scenario === 'COF_AUTH_DECLINED') {
    return { error: { status: 400, category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: 'The bank declined keeping this card on file.' } };
  }
  const id = `ccof:${createHash('sha256').update(`${paymentId}\n${customerRef}`).digest('base64url').slice(0, 24)}`;
  await db.insert(sandboxCards).values({
    id, customerRef, brand: payment.brand!, last4: payment.last4!, expMonth: payment.expMonth!, expYear: payment.expYear!,
    postalCode: source.postalCode, scenario: 'ok', fingerprint: payment.fingerprint, createdAt: clock.now(),
  }).onConflictDoNothing();
  const [card] = await db.select().from(sandboxCards).where(and(eq(sandboxCards.id, id), eq(sandboxCards.customerRef, customerRef)));
  return { card: card! };
}

/** What the payment's source said about the card beyond what the payment row keeps. */
async function sourceOf(db: Db, sourceId: string): Promise<{ scenario: string; postalCode: string | null }> {
  if (TEST_NONCES[sourceId]) return { scenario: TEST_NONCES[sourceId].scenario, postalCode: null };
  if (isCardOnFile(sourceId)) {
    const card = await findCardOnFile(db, sourceId);
    return { scenario: card?.scenario ?? 'ok', postalCode: card?.postalCode ?? null };
  }
  const token = await findToken(db, sourceId);
  return { scenario: token ? tokenScenario(token) : 'ok', postalCode: token?.postalCode ?? null };
}

