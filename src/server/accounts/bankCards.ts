/**
 * /mybank (spec section 3, Bank card; issue 14): the saved cards, a card added from the provider's card form (the
 * bank checks it; its number never reaches the gateway), the default card, and removal. The default card is the
 * one an auto-renewal charges: while an auto-renewal is on it cannot be removed until another card is the default.
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { CardsData } from '../../contract/profile';
import { CardProviderError } from '../adapters/payments/types';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lines, planSubscriptions, savedCards } from '../db/schema';
import { GatewayError } from '../http/errors';
import { sha256 } from '../secrets';
import { enforce, hit, RULES } from '../limits';
import { listSavedCards, lockSavedCards } from './savedCards';

/** The provider's customer reference of an account (the one checkout's "save the card" uses too). */
export const providerCustomerRef = (customerId: number) => `customer-${customerId}`;

/** Whether an auto-renewal of one of the account's lines is on (it charges the default card). */
async function renewalIsOn(db: Db, customerId: number, now: Date): Promise<boolean> {
  const own = db.select({ id: lines.id }).from(lines).where(eq(lines.customerId, customerId));
  const [row] = await db.select({ id: planSubscriptions.id }).from(planSubscriptions)
    .where(and(inArray(planSubscriptions.lineId, own), eq(planSubscriptions.autoRenew, true), gt(planSubscriptions.expiresAt, now))).limit(1);
  return Boolean(row);
}

export async function cardsOf(deps: Pick<Deps, 'db' | 'clock'>, customerId: number, db: Db = deps.db): Promise<CardsData> {
  const cards = await listSavedCards(db, customerId);
  const renewing = await renewalIsOn(db, customerId, deps.clock.now());
  return {
    cards: cards.map((c) => ({
      id: c.id, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear, holderName: c.holderName,
      isDefault: c.isDefault, billingZip: c.billingZip,
    })),
    renewalCardId: renewing ? (cards.find((c) => c.isDefault)?.id ?? null) : null,
  };
}

/**
 * Keeps the card of a card form token. The provider checks it with the bank: a decline is 120106 (card binding
 * failed), anything else the provider answers (a spent or expired token, an error) 120070 (binding abnormal). The
 * same Idempotency-Key answers the same card; the additions per account and day are limited (card testing).
 */
export async function addCard(deps: Deps, input: {
  customerId: number; idempotencyKey: string; sourceId: string; cardholderName: string; billingZip: string;
}): Promise<CardsData> {
  const providerKey = sha256(`addCard:${input.customerId}:${input.idempotencyKey}`).slice(0, 40);
  const [replayed] = await deps.db.select({ id: savedCards.id }).from(savedCards)
    .where(and(eq(savedCards.customerId, input.customerId), eq(savedCards.addKey, providerKey)));
  if (replayed) return cardsOf(deps, input.customerId);
  await enforce(deps.limits, [hit(RULES.cardAddAccount, String(input.customerId))]);
  let outcome;
  try {
    outcome = await deps.payments.card.storeCard({
      idempotencyKey: providerKey, sourceId: input.sourceId, customerRef: providerCustomerRef(input.customerId),
      cardholderName: input.cardholderName, billingPostalCode: input.billingZip,
    });
  } catch (error) {
    if (!(error instanceof CardProviderError)) throw error;
    deps.log?.warn({ err: error, customerId: input.customerId }, 'the card provider refused to keep a card');
    throw new GatewayError('120070');
  }
  if (outcome.status === 'DECLINED') throw new GatewayError('120106', { data: { failure: outcome.errorCode } });
  if (outcome.status === 'TOKEN_INVALID') throw new GatewayError('120070', { data: { failure: outcome.errorCode } });
  const stored = outcome;
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockSavedCards(tx, input.customerId);
    const [existing] = await tx.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.providerCardId, stored.cardId));
    if (existing) return;
    const hasDefault = (await listSavedCards(tx, input.customerId)).some((c) => c.isDefault);
    await tx.insert(savedCards).values({
      customerId: input.customerId, providerCardId: stored.cardId, brand: stored.card.brand, last4: stored.card.last4,
      expMonth: stored.card.expMonth, expYear: stored.card.expYear, holderName: input.cardholderName, billingZip: input.billingZip,
      cardFingerprint: stored.card.fingerprint ?? null, isDefault: !hasDefault, addKey: providerKey, createdAt: now,
    });
  });
  return cardsOf(deps, input.customerId);
}

async function ownCard(tx: Db, customerId: number, cardId: number) {
  const [card] = await tx.select().from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)));
  // Another customer's card and a removed one read the same: no such card.
  if (!card) throw new GatewayError('noRecord', { data: { field: 'cardId' } });
  return card;
}

export async function setDefaultCard(deps: Deps, customerId: number, cardId: number): Promise<CardsData> {
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockSavedCards(tx, customerId);
    await ownCard(tx, customerId, cardId);
    await tx.update(savedCards).set({ isDefault: false }).where(and(eq(savedCards.customerId, customerId), eq(savedCards.isDefault, true)));
    await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, cardId));
    return cardsOf(deps, customerId, tx);
  });
}

/**
 * Removes a card: no longer listed or charged here, then disabled at the provider. The default card of an account
 * whose auto-renewal is on is refused (cardPaysRenewal): the customer makes another card the default first. When the
 * default goes (no renewal on), the oldest remaining card becomes the default.
 */
export async function removeCard(deps: Deps, customerId: number, cardId: number): Promise<CardsData> {
  const providerCardId = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockSavedCards(tx, customerId);
    const card = await ownCard(tx, customerId, cardId);
    if (card.isDefault && await renewalIsOn(tx, customerId, deps.clock.now())) {
      throw new GatewayError('cardPaysRenewal', { data: { field: 'cardId' } });
    }
    await tx.update(savedCards).set({ removedAt: deps.clock.now(), isDefault: false }).where(eq(savedCards.id, card.id));
    if (card.isDefault) {
      const [next] = await tx.select({ id: savedCards.id }).from(savedCards)
        .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.removedAt))).orderBy(asc(savedCards.id)).limit(1);
      if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
    }
    return card.providerCardId;
  });
  try {
    await deps.payments.card.disableCard(providerCardId);
  } catch (error) {
    // The card is gone from the account: nothing here can charge it again. The log tells an operator to disable it.
    deps.log?.error({ err: error, customerId, cardId }, 'the removed card could not be disabled at the provider');
  }
  return cardsOf(deps, customerId);
}
