/**
 * Bank card points (issue 18 section 6, decision 0043; spec section 9: "Bank card points: 20% cashback up to $20").
 * Who may join (spec section 6, as the campaigns: current individual customers), joining with one saved card and an
 * email (120084 when the email joined this edition, 120085 when the card did, recognised by the provider's fingerprint
 * from any account; three unique indexes decide under parallel joins), and the chart's actions: each card payment with
 * the joined card during the edition earns 20 % back, rounded down to the cent, up to $20 in all, credited to the
 * General account through balance_ledger (reference `welfare:<paymentId>`, once whatever the retries).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { WelfareParticipationEvent } from '../../../machines/welfareParticipation.machine';
import type { WelfareData, WelfareParticipationData } from '../../contract/welfare';
import { cashbackFor, normalizeJoinEmail, WELFARE_CAP_CENTS, WELFARE_CASHBACK_PERCENT, welfareEndsAt, type WelfareEdition } from '../../domain/welfare';
import { listSavedCards, type SavedCard } from '../accounts';
import { eligibilityOf } from '../campaigns';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, customers, orders, payments, savedCards, welfareCashbacks, welfareParticipations } from '../db/schema';
import type { LifecycleActions } from '../db/lifecycle';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { sha256 } from '../secrets';
import { currentWelfareEdition } from './editions';
import { closeJob } from './jobRequests';
import { applyWelfareEventIn } from './lifecycle';

type ParticipationRow = typeof welfareParticipations.$inferSelect;

/**
 * The provider's fingerprint of a saved card; a card kept before the provider gave fingerprints is asked about once
 * more (RetrieveCard) and the answer kept. Null when the provider has none (the card cannot join).
 */
async function fingerprintOf(deps: Deps, card: SavedCard): Promise<string | null> {
  if (card.cardFingerprint) return card.cardFingerprint;
  try {
    const found = await deps.payments.card.retrieveCard(card.providerCardId);
    const fingerprint = found?.card.fingerprint ?? null;
    if (fingerprint) {
      await deps.db.update(savedCards).set({ cardFingerprint: fingerprint }).where(and(eq(savedCards.id, card.id), isNull(savedCards.cardFingerprint)));
    }
    return fingerprint;
  } catch (err) {
    deps.log?.warn({ err, cardId: card.id }, 'the card provider did not say the fingerprint of a saved card');
    return null;
  }
}

async function participationView(deps: Deps, row: ParticipationRow): Promise<WelfareParticipationData> {
  const earned = await deps.db.select({
    paidAt: welfareCashbacks.paidAt, paymentCents: welfareCashbacks.paymentCents, cashbackCents: welfareCashbacks.cashbackCents, kind: orders.kind,
  }).from(welfareCashbacks)
    .innerJoin(payments, eq(payments.id, welfareCashbacks.paymentId))
    .leftJoin(orders, and(eq(payments.payableKind, 'order'), eq(orders.orderNo, payments.payableRef)))
    .where(eq(welfareCashbacks.participationId, row.id)).orderBy(asc(welfareCashbacks.paidAt), asc(welfareCashbacks.id));
  return {
    state: row.state as WelfareParticipationData['state'], edition: row.edition,
    card: { brand: row.cardBrand, last4: row.cardLast4 }, email: row.email,
    earnedCents: row.earnedCents, remainingCents: WELFARE_CAP_CENTS - row.earnedCents,
    joinedAt: row.joinedAt.toISOString(), endsAt: row.endsAt.toISOString(),
    cashbacks: earned.map((c) => ({ paidAt: c.paidAt.toISOString(), kind: c.kind ?? 'order', paymentCents: c.paymentCents, cashbackCents: c.cashbackCents })),
  };
}

export async function welfareView(deps: Deps, customerId: number): Promise<WelfareData> {
  const edition = currentWelfareEdition(deps);
  const [customer] = await deps.db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  const saved = await listSavedCards(deps.db, customerId);
  const cards = await Promise.all(saved.map(async (c) => ({
    id: c.id, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear, isDefault: c.isDefault,
    joinable: (await fingerprintOf(deps, c)) !== null,
  })));
  const rows = await deps.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, customerId)).orderBy(desc(welfareParticipations.id));
  const mine = rows.find((r) => r.edition === edition?.id) ?? rows[0];
  return {
    edition: edition ? { id: edition.id, starts: edition.starts, ends: edition.ends, sandbox: edition.sandbox } : null,
    percent: WELFARE_CASHBACK_PERCENT, capCents: WELFARE_CAP_CENTS,
    eligibility: await eligibilityOf(deps, customerId),
    accountEmail: customer?.email ?? null,
    cards,
    participation: mine ? await participationView(deps, mine) : null,
  };
}

/** Why a join was not stored, read after the fact: the same request again, the email, the card, or the customer. */
async function refusalOf(db: Db, edition: WelfareEdition, who: { customerId: number; joinKey: string; emailKey: string; fingerprint: string }): Promise<'replay' | GatewayError | null> {
  const found = await db.select().from(welfareParticipations).where(and(
    eq(welfareParticipations.edition, edition.id),
    or(eq(welfareParticipations.customerId, who.customerId), eq(welfareParticipations.emailKey, who.emailKey), eq(welfareParticipations.cardFingerprint, who.fingerprint)),
  ));
  if (found.some((r) => r.customerId === who.customerId && r.joinKey === who.joinKey)) return 'replay';
  // Spec section 8: "120084 email already joined the activity", "120085 bank card already joined the activity".
  if (found.some((r) => r.emailKey === who.emailKey)) return new GatewayError('120084', { data: { field: 'email' } });
  if (found.some((r) => r.cardFingerprint === who.fingerprint)) return new GatewayError('120085', { data: { field: 'cardId' } });
  if (found.some((r) => r.customerId === who.customerId)) return new GatewayError('90056');
  return null;
}

/**
 * Joins the edition running now with one of the customer's saved cards and an email. The same Idempotency-Key answers
 * the same participation; the edition's close is scheduled in the same transaction as the row.
 */
export async function joinWelfare(deps: Deps, customerId: number, body: { cardId: number; email: string }, key: string): Promise<WelfareData> {
  const now = deps.clock.now();
  const edition = currentWelfareEdition(deps, now);
  if (!edition) throw new GatewayError('campaignClosed');
  const joinKey = sha256(`welfare-join:${customerId}:${key}`);
  const [replayed] = await deps.db.select({ id: welfareParticipations.id }).from(welfareParticipations)
    .where(and(eq(welfareParticipations.customerId, customerId), eq(welfareParticipations.joinKey, joinKey)));
  if (replayed) return welfareView(deps, customerId);
  if ((await eligibilityOf(deps, customerId)) !== 'eligible') throw new GatewayError('campaignNotEligible');
  const [card] = await deps.db.select().from(savedCards)
    .where(and(eq(savedCards.id, body.cardId), eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)));
  // Another customer's card and a removed one read the same: not one of yours.
  if (!card) throw new GatewayError('validation', { messageKey: 'validation:welfare.card.required', data: { field: 'cardId' } });
  const fingerprint = await fingerprintOf(deps, card);
  if (!fingerprint) throw new GatewayError('validation', { messageKey: 'validation:welfare.card.unrecognised', data: { field: 'cardId' } });
  const who = { customerId, joinKey, emailKey: normalizeJoinEmail(body.email), fingerprint };
  const before = await refusalOf(deps.db, edition, who);
  if (before === 'replay') return welfareView(deps, customerId);
  if (before) throw before;
  const endsAt = welfareEndsAt(edition);
  const stored = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // Three unique indexes (edition with the customer, the email, the card): of parallel joins, one is stored.
    const [row] = await tx.insert(welfareParticipations).values({
      edition: edition.id, customerId, savedCardId: card.id, cardFingerprint: fingerprint, cardBrand: card.brand, cardLast4: card.last4,
      email: body.email.trim(), emailKey: who.emailKey, state: 'joined', earnedCents: 0, joinKey, joinedAt: now, endsAt,
    }).onConflictDoNothing().returning({ id: welfareParticipations.id });
    if (row) await enqueueJob(tx, closeJob(row.id, endsAt));
    return Boolean(row);
  });
  if (!stored) {
    const after = await refusalOf(deps.db, edition, who);
    if (after instanceof GatewayError) throw after;
    if (after === null) throw new Error('a welfare join was refused by the database for no reason found');
  }
  return welfareView(deps, customerId);
}

/** Every action of the chart, for one participation: the host's side of machines/welfareParticipation.machine.ts. */
export function welfareActions(deps: Deps, participationId: number): LifecycleActions<WelfareParticipationEvent> {
  const now = deps.clock.now();
  return {
    creditCashback: async (tx, event) => {
      if (event.type !== 'cashback.earn') return;
      const [row] = await tx.select().from(welfareParticipations).where(eq(welfareParticipations.id, participationId));
      if (!row) throw new GatewayError('noRecord');
      // The row is locked by the lifecycle: what it has earned is read here, not trusted from the event.
      const cents = cashbackFor(event.paymentCents, row.earnedCents);
      const [cashback] = await tx.insert(welfareCashbacks).values({
        participationId, paymentId: event.paymentId, paymentCents: event.paymentCents, cashbackCents: cents, paidAt: new Date(event.paidAt), createdAt: now,
      }).onConflictDoNothing({ target: welfareCashbacks.paymentId }).returning({ id: welfareCashbacks.id });
      // The payment earned already (a retried job that got past the look-up): nothing is credited twice.
      if (!cashback) throw new GatewayError('rewardUnchanged');
      await tx.update(welfareParticipations).set({ earnedCents: sql`${welfareParticipations.earnedCents} + ${cents}` }).where(eq(welfareParticipations.id, participationId));
      const credited = await tx.insert(balanceLedger).values({
        customerId: row.customerId, account: 'general', deltaCents: cents, reference: `welfare:${event.paymentId}`, createdAt: now,
      }).onConflictDoNothing({ target: balanceLedger.reference }).returning({ id: balanceLedger.id });
      if (credited.length === 0) return;
      await tx.insert(balances).values({ customerId: row.customerId, generalCents: cents })
        .onConflictDoUpdate({ target: balances.customerId, set: { generalCents: sql`${balances.generalCents} + ${cents}` } });
    },
    recordCapped: async (tx) => { await tx.update(welfareParticipations).set({ cappedAt: now }).where(eq(welfareParticipations.id, participationId)); },
    recordEnded: async (tx) => { await tx.update(welfareParticipations).set({ endedAt: now }).where(eq(welfareParticipations.id, participationId)); },
  };
}

/**
 * A settled card payment (the payments area's job): when it was the customer's, with the card of one of their
 * participations still earning, after joining and before the edition's end, it earns its cashback. Under the
 * participation's lock: parallel settlements of several payments count one after another, and a payment credited
 * already (the unique cashback and ledger rows) is not credited again.
 */
export async function earnCashback(deps: Deps, paymentId: number, paidAt: Date): Promise<'credited' | 'none'> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'succeeded' || payment.customerId === null || !payment.cardFingerprint) return 'none';
  if (payment.provider !== 'card_sandbox') return 'none';
  const [participation] = await deps.db.select({ id: welfareParticipations.id }).from(welfareParticipations).where(and(
    eq(welfareParticipations.customerId, payment.customerId), eq(welfareParticipations.cardFingerprint, payment.cardFingerprint),
    inArray(welfareParticipations.state, ['joined', 'earning']), lte(welfareParticipations.joinedAt, paidAt), gt(welfareParticipations.endsAt, paidAt),
  )).orderBy(desc(welfareParticipations.id)).limit(1);
  if (!participation) return 'none';
  try {
    await deps.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx.select().from(welfareParticipations).where(eq(welfareParticipations.id, participation.id)).for('update');
      const [earned] = await tx.select({ id: welfareCashbacks.id }).from(welfareCashbacks).where(eq(welfareCashbacks.paymentId, paymentId));
      if (!row || earned) throw new GatewayError('rewardUnchanged');
      await applyWelfareEventIn(deps, tx, row.id, {
        type: 'cashback.earn', paymentId, paymentCents: payment.amountCents, earnedCents: row.earnedCents,
        paidAt: paidAt.toISOString(), joinedAt: row.joinedAt.toISOString(), endsAt: row.endsAt.toISOString(),
      }, welfareActions(deps, row.id));
    });
    return 'credited';
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'rewardUnchanged') return 'none';
    throw error;
  }
}

/** The server's clock: the edition is over; a participation still earning ends (capped ones are final already). */
export async function closeParticipation(deps: Deps, participationId: number): Promise<void> {
  try {
    await deps.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx.select({ endsAt: welfareParticipations.endsAt }).from(welfareParticipations).where(eq(welfareParticipations.id, participationId));
      if (!row) return;
      await applyWelfareEventIn(deps, tx, participationId, { type: 'edition.close', endsAt: row.endsAt.toISOString(), at: deps.clock.now().toISOString() }, welfareActions(deps, participationId));
    });
  } catch (error) {
    if (error instanceof GatewayError && (error.code === 'rewardUnchanged' || error.code === 'noRecord')) return;
    throw error;
  }
}
