/**
 * Cards on file: only the provider's card id, brand, last four, expiry and the holder's name (spec section 3,
 * Bank card, without number or CVV). Also the one rule of which pay methods a buyer may use.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PayMethod } from '../../contract/personal';
import type { CardDetails } from '../adapters/payments/types';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { savedCards } from '../db/schema';

export type SavedCard = typeof savedCards.$inferSelect;

export async function listSavedCards(db: Db, customerId: number): Promise<SavedCard[]> {
  return db.select().from(savedCards).where(and(eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.isDefault), asc(savedCards.id));
}

export async function defaultCard(db: Db, customerId: number): Promise<SavedCard | null> {
  const [card] = await db.select().from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.isDefault, true), isNull(savedCards.removedAt))).limit(1);
  return card ?? null;
}

/**
 * Spec section 3 pay methods: a visitor pays by new card or WeChat Pay; a customer also by the General account
 * balance, and by the saved default card when one is on file. userInfo's supportPayMethods and payOrder both ask here.
 */
export async function payMethodsFor(deps: Pick<Deps, 'db'>, customerId: number | null): Promise<PayMethod[]> {
  if (customerId === null) return payMethodsOf(null);
  return payMethodsOf({ defaultCardOnFile: (await defaultCard(deps.db, customerId)) !== null });
}

/** The same rule, for a caller that has read whether the customer (null: a visitor) has a default card on file. */
export const payMethodsOf = (customer: { defaultCardOnFile: boolean } | null): PayMethod[] => {
  if (customer === null) return ['bank_card', 'wechat_pay'];
  return customer.defaultCardOnFile ? ['account', 'bank_card', 'wechat_pay', 'default_card'] : ['account', 'bank_card', 'wechat_pay'];
};

/**
 * Keeps a card the provider stored on file, in the caller's transaction. The customer's first card becomes the
 * default; the same provider card twice is one row.
 */
export async function saveCard(db: Db, input: {
  customerId: number; providerCardId: string; card: CardDetails; holderName: string; billingZip: string | null; now: Date;
}): Promise<number> {
  // Two payments saving cards at once must not both see "no default yet".
  await lockSavedCards(db, input.customerId);
  const [existing] = await db.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.providerCardId, input.providerCardId));
  if (existing) return existing.id;
  const hasDefault = (await defaultCard(db, input.customerId)) !== null;
  const [row] = await db.insert(savedCards).values({
    customerId: input.customerId, providerCardId: input.providerCardId, brand: input.card.brand, last4: input.card.last4,
    expMonth: input.card.expMonth, expYear: input.card.expYear, holderName: input.holderName, billingZip: input.billingZip,
    cardFingerprint: input.card.fingerprint ?? null, isDefault: !hasDefault, createdAt: input.now,
  }).returning({ id: savedCards.id });
  return row!.id;
}

/** Serializes the changes to one customer's cards (which is the default), in the caller's transaction. */
export const lockSavedCards = (db: Db, customerId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-cards:${customerId}`}))`);
