/**
 * Square's CreatePayment and RefundPayment, on the sandbox's tables. A payment is identified by its
 * idempotency key: asked again with the same request it answers the same payment (never a second charge);
 * with another request under the same key it answers IDEMPOTENCY_KEY_REUSED. Same-key requests are serialized
 * by a transaction-scoped advisory lock, and the key's unique index is the last word.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxCardPayments } from '../../../db/schema';
import { normalizePostalCode } from '../cardEntry';
import { TEST_NONCES, type CardScenario } from '../testValues';
import type { CardErrorCode } from '../types';
import { findCardOnFile, isCardOnFile } from './cardsOnFile';
import { consumeToken, tokenScenario } from './cardTokens';
import { fingerprintKey, fingerprintOf } from './fingerprints';
import type { SquareError } from './squareErrors';

export type PaymentRow = typeof sandboxCardPayments.$inferSelect;

export interface PaymentRequest {
  idempotencyKey: string;
  sourceId: string;
  amountCents: number;
  referenceId: string | null;
  billingPostalCode: string | null;
}

export type PaymentAnswer = { payment: PaymentRow; error: SquareError | null } | { payment: null; error: SquareError };

interface ChargedCard { brand: string; last4: string; expMonth: number; expYear: number; postalCode: string | null; scenario: CardScenario; fingerprint: string | null }

const DETAILS: Record<CardErrorCode, string> = {
  GENERIC_DECLINE: 'Authorization error: GENERIC_DECLINE',
  CVV_FAILURE: 'Authorization error: CVV_FAILURE',
  ADDRESS_VERIFICATION_FAILURE: 'Authorization error: ADDRESS_VERIFICATION_FAILURE',
  INVALID_EXPIRATION: 'Authorization error: INVALID_EXPIRATION',
  INSUFFICIENT_FUNDS: 'Authorization error: INSUFFICIENT_FUNDS',
  CARD_DECLINED_VERIFICATION_REQUIRED: 'Authorization error: CARD_DECLINED_VERIFICATION_REQUIRED',
};

export const declineError = (code: CardErrorCode): SquareError => ({ status: 400, category: 'PAYMENT_METHOD_ERROR', code, detail: DETAILS[code] });

const answerOf = (payment: PaymentRow): PaymentAnswer =>
  ({ payment, error: payment.status === 'FAILED' ? declineError(payment.errorCode as CardErrorCode) : null });

const sameRequest = (p: PaymentRow, r: PaymentRequest) =>
  p.sourceId === r.sourceId && p.amountCents === r.amountCents && (p.referenceId ?? null) === (r.referenceId ?? null);

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Square's payment ids: 22 to 29 letters and digits. */
const paymentId = () => Array.from({ length: 26 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('');

const lockKey = (tx: Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

export async function createPayment(db: Db, clock: Clock, req: PaymentRequest): Promise<PaymentAnswer> {
  return db.transaction(async (tx) => {
    await lockKey(tx as unknown as Db, `sandbox-payment:${req.idempotencyKey}`);
    const [existing] = await tx.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.idempotencyKey, req.idempotencyKey));
    if (existing) {
      if (sameRequest(existing, req)) return answerOf(existing);
      return { payment: null, error: { status: 400, category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED', detail: 'The idempotency key was used before with a different request.' } };
    }
    const now = clock.now();
    const source = await chargedCard(tx as unknown as Db, req.sourceId, now, await fingerprintKey(db));
    if ('error' in source) return { payment: null, error: source.error };
    const failure = declineOf(source.card, req.billingPostalCode, now);
    const [payment] = await tx.insert(sandboxCardPayments).values({
      id: paymentId(),
      idempotencyKey: req.idempotencyKey, sourceId: req.sourceId, amountCents: req.amountCents, referenceId: req.referenceId,
      status: failure ? 'FAILED' : 'COMPLETED', errorCode: failure,
      brand: source.card.brand, last4: source.card.last4, expMonth: source.card.expMonth, expYear: source.card.expYear,
      fingerprint: source.card.fingerprint, createdAt: now,
    }).returning();
    return answerOf(payment!);
  });
}

/** The card a source charges, with its fingerprint (`fingerprintKey`: the sandbox's key, fingerprints.ts). */
export async function chargedCard(tx: Db, sourceId: string, now: Date, fingerprintKey: string): Promise<{ card: ChargedCard } | { error: SquareError }> {
  const nonce = TEST_NONCES[sourceId];
  if (nonce) {
    if (nonce.scenario === 'CARD_TOKEN_USED') return { error: tokenError('CARD_TOKEN_USED') };
    return {
      card: {
        brand: nonce.brand, last4: nonce.last4, expMonth: 12, expYear: now.getUTCFullYear() + 3, postalCode: null, scenario: nonce.scenario,
        fingerprint: fingerprintOf(fingerprintKey, nonce.number),
      },
    };
  }
  if (isCardOnFile(sourceId)) {
    const card = await findCardOnFile(tx, sourceId);
    // Square: a disabled card "can no longer be used" to pay.
    if (!card || card.disabledAt) return { error: { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Card ${sourceId} not found.`, field: 'source_id' } };
    return { card: { ...card, scenario: card.scenario as CardScenario } };
  }
  const used = await consumeToken(tx, sourceId, now);
  if ('refused' in used) return { error: tokenError(used.refused) };
  return { card: { ...used.row, scenario: tokenScenario(used.row) } };
}

const tokenError = (code: 'CARD_TOKEN_USED' | 'CARD_TOKEN_EXPIRED' | 'NOT_FOUND'): SquareError => ({
  status: code === 'NOT_FOUND' ? 404 : 400, category: 'INVALID_REQUEST_ERROR', code, field: 'source_id',
  detail: code === 'CARD_TOKEN_USED' ? 'Card token already used.' : code === 'CARD_TOKEN_EXPIRED' ? 'Card token expired.' : 'Card token not found.',
});

/** The bank's answer: the test scenario first, then expiry on the clock, then the postal code (AVS). */
export function declineOf(card: ChargedCard, billingPostalCode: string | null, now: Date): CardErrorCode | null {
  if (card.scenario !== 'ok' && card.scenario !== 'COF_AUTH_DECLINED') return card.scenario;
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (card.expYear * 12 + card.expMonth < month) return 'INVALID_EXPIRATION';
  if (billingPostalCode && card.postalCode && normalizePostalCode(billingPostalCode) !== normalizePostalCode(card.postalCode)) {
    return 'ADDRESS_VERIFICATION_FAILURE';
  }
  return null;
}

export async function listPayments(db: Db, referenceId: string): Promise<PaymentRow[]> {
  return db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, referenceId)).orderBy(sandboxCardPayments.createdAt);
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, id));
  return row ?? null;
}

/**
 * Refunds a completed payment in full. A payment is refunded at most once, so asking again (with any key)
 * answers the same refund: the money goes back once.
 */
export async function refundPayment(db: Db, req: { paymentId: string; amountCents: number }): Promise<{ payment: PaymentRow } | { error: SquareError }> {
  return db.transaction(async (tx) => {
    await lockKey(tx as unknown as Db, `sandbox-refund:${req.paymentId}`);
    const [payment] = await tx.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, req.paymentId));
    if (!payment) return { error: { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Payment ${req.paymentId} not found.`, field: 'payment_id' } };
    if (payment.status === 'FAILED') return { error: { status: 400, category: 'REFUND_ERROR', code: 'PAYMENT_NOT_REFUNDABLE', detail: 'A failed payment has nothing to refund.' } };
    if (req.amountCents !== payment.amountCents) {
      return { error: { status: 400, category: 'REFUND_ERROR', code: 'REFUND_AMOUNT_INVALID', detail: 'This sandbox refunds payments in full only.', field: 'amount_money.amount' } };
    }
    if (payment.status === 'COMPLETED') {
      const [refunded] = await tx.update(sandboxCardPayments).set({ status: 'REFUNDED' }).where(eq(sandboxCardPayments.id, payment.id)).returning();
      return { payment: refunded! };
    }
    return { payment };
  });
}
