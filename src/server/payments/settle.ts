/**
 * Settling a payment attempt once the provider has spoken, in one transaction with the order: paid (and its
 * fulfilment job enqueued) or failed. Every settle is idempotent, so a retried request, a duplicate notification
 * and the reconciliation job may all settle the same attempt. The partial unique index payments_one_success
 * makes "paid exactly once" a property of the database: a second success of one order is given back.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CardDetails } from '../adapters/payments/types';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, payments } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { cardRefundKey, REFUND_PENDING, REFUNDED, wechatRefundNo } from './keys';
import { cardColumns, paymentById, type PaymentRow } from './view';
import { saveCard } from '../accounts';
import { creditTopUp } from '../money';
import { orderKindRules, payableRefusal } from './orderKinds';
import { cardTakenByAnotherOrder, givePlanToCard, type OrderRow } from '../orders';
import { moveOrder } from './orderStatus';

export const FULFIL_JOB = 'order.fulfil';
/** Handled by the plan area (src/server/plan/jobs.ts), named here so payments need not import it. */
export const RENEWAL_PAID_JOB = 'plan.renewalPaid';

/** Locks the order row: every change of an order's payment state goes through this lock, so they serialize. */
export async function lockOrder(tx: Db, orderNo: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  if (!order) throw new Error(`order ${orderNo} vanished`);
  return order;
}

async function lockPayment(tx: Db, id: number): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/**
 * Marks the order paid and enqueues its fulfilment in the caller's transaction (decision 0006). An order for a card
 * being activated gives the card its plan in this same transaction.
 */
export async function markOrderPaid(deps: Deps, tx: Db, order: OrderRow, method: PaymentRow['method'], now: Date): Promise<void> {
  await moveOrder(tx, order, { type: 'payment.succeeded', method }, now, { payMethod: method, paidAt: now, failureCode: null });
  // A top-up is fulfilled here and now: its line owner's account is credited through the ledger (decision 0020).
  if (order.kind === 'topup') return creditTopUp(tx, order, now);
  // A renewal or recovery (issue 15, decision 0025): the plan area writes the paid term to the line, in a job enqueued
  // here, so a payment settled later by reconciliation renews the line as well.
  if (order.kind === 'renewal') {
    await enqueueJob(tx, { kind: RENEWAL_PAID_JOB, dedupeKey: `${RENEWAL_PAID_JOB}:${order.orderNo}`, payload: { orderNo: order.orderNo }, runAt: now });
    return;
  }
  // A plan change, add-on, roaming pack or global renewal is given to its line here and now (decision 0029).
  const owned = orderKindRules(order);
  if (owned) return owned.fulfil(deps, tx, order, now);
  await givePlanToCard(tx, order, now);
  await enqueueJob(tx, { kind: FULFIL_JOB, dedupeKey: `${FULFIL_JOB}:${order.orderNo}`, payload: { orderNo: order.orderNo }, runAt: now });
  // Issue 18 (decision 0041): a referral code on a paid plan order makes its referrals (the referral area's job, named
  // here so payments need not import it).
  if (order.referralCode && order.kind === 'plan') {
    await enqueueJob(tx, { kind: REFERRAL_RECORD_JOB, dedupeKey: `${REFERRAL_RECORD_JOB}:${order.orderNo}`, payload: { orderNo: order.orderNo }, runAt: now });
  }
}

/** Handled in src/server/referral/jobs.ts. */
export const REFERRAL_RECORD_JOB = 'referral.record';
/** Handled in src/server/welfare/jobs.ts: a settled card payment, looked at for bank card points (decision 0043). */
export const WELFARE_CARD_PAID_JOB = 'welfare.cardPaid';

export interface SuccessDetails {
  providerPaymentId?: string | null;
  card?: CardDetails | null;
  /** The provider kept the card on file for this customer ("save the card"). */
  save?: { customerId: number; providerCardId: string; holderName: string; billingZip: string | null } | null;
}

export type SuccessOutcome = 'paid' | 'already' | 'duplicate';

/**
 * The provider took the money. The order becomes paid, unless another attempt paid it first: then this
 * attempt is a duplicate and is given back (refund after the commit, retried by reconciliation).
 */
export async function settleSuccess(deps: Deps, paymentId: number, details: SuccessDetails = {}): Promise<SuccessOutcome> {
  const now = deps.clock.now();
  const { payableRef } = await paymentById(deps.db, paymentId);
  const outcome = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const order = await lockOrder(tx, payableRef);
    const p = await lockPayment(tx, paymentId);
    if (p.status === 'succeeded' || p.failureCode === REFUND_PENDING || p.failureCode === REFUNDED) return 'already' as const;
    const card = details.card;
    const providerPaymentId = details.providerPaymentId ?? p.providerPaymentId;
    // Paid by another attempt, or closed: this money is given back (the order's chart accepts no payment there).
    const settled = order.status === 'paid' || order.status === 'cancelled';
    // Two orders for one card being activated, paid together: the card has its plan, this order is closed and given back.
    const cardTaken = !settled && await cardTakenByAnotherOrder(tx, order);
    // A line order the line can no longer take (a sixth add-on paid by WeChat alongside others, the plan ended): closed and given back.
    const lineRefusal = !settled && !cardTaken ? await payableRefusal(tx, order, now) : null;
    if (settled || cardTaken || lineRefusal) {
      await tx.update(payments).set({ status: 'failed', failureCode: REFUND_PENDING, providerPaymentId, ...cardColumns(card), nextCheckAt: now, updatedAt: now })
        .where(eq(payments.id, p.id));
      const closedFor = cardTaken ? 'activationPlanExists' : lineRefusal;
      if (closedFor) await moveOrder(tx, order, { type: 'order.cancel', failureCode: closedFor }, now, { failureCode: closedFor });
      return 'duplicate' as const;
    }
    const savedCardId = details.save && card
      ? await saveCard(tx, { ...details.save, card, now })
      : p.savedCardId;
    await tx.update(payments).set({ status: 'succeeded', failureCode: null, providerPaymentId, ...cardColumns(card), savedCardId, nextCheckAt: null, updatedAt: now })
      .where(eq(payments.id, p.id));
    await markOrderPaid(deps, tx, order, p.method, now);
    // Issue 18 (decision 0043): a customer's card payment may earn bank card points (the welfare area's job, named here
    // so payments need not import it). Only a card the provider fingerprinted can be recognised.
    if (p.provider === 'card_sandbox' && p.customerId !== null && (card?.fingerprint ?? p.cardFingerprint)) {
      await enqueueJob(tx, { kind: WELFARE_CARD_PAID_JOB, dedupeKey: `${WELFARE_CARD_PAID_JOB}:${p.id}`, payload: { paymentId: p.id, paidAt: now.toISOString() }, runAt: now });
    }
    return 'paid' as const;
  });
  if (outcome === 'duplicate') {
    // Given back at once when the provider answers; otherwise the reconciliation job retries (the row is due).
    try {
      await refundDuplicate(deps, await paymentById(deps.db, paymentId));
    } catch (err) {
      deps.log?.warn({ err, paymentId }, 'refund of a duplicate payment failed; reconciliation will retry it');
    }
  }
  return outcome;
}

/**
 * What a failed attempt does to its order: 'failed' shows the reason (payment_failed, repay offered); 'restore'
 * puts the order back as it was (the card token was stale: nothing was tried); 'none' leaves it (the buyer closed
 * a WeChat QR, or another attempt is running).
 */
export type OrderEffect = 'failed' | 'restore' | 'none';

export async function settleFailure(
  deps: Deps, paymentId: number, failure: { code: string; effect: OrderEffect; providerPaymentId?: string | null; card?: CardDetails | null },
): Promise<boolean> {
  const now = deps.clock.now();
  const { payableRef } = await paymentById(deps.db, paymentId);
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const order = await lockOrder(tx, payableRef);
    const p = await lockPayment(tx, paymentId);
    // A late failure never overrides what is already known.
    if (p.status !== 'pending') return false;
    await tx.update(payments).set({
      status: 'failed', failureCode: failure.code, providerPaymentId: failure.providerPaymentId ?? p.providerPaymentId, nextCheckAt: null, updatedAt: now,
      ...cardColumns(failure.card),
    }).where(eq(payments.id, p.id));
    // Only a card attempt holds the order in 'paying'; a WeChat QR never blocks another way to pay.
    const ownsOrder = p.provider === 'card_sandbox' ? order.status === 'paying' : order.status === 'awaiting_payment' || order.status === 'payment_failed';
    if (!ownsOrder || failure.effect === 'none') return true;
    if (failure.effect === 'failed') {
      await moveOrder(tx, order, { type: 'payment.failed', method: p.method, failureCode: failure.code }, now, { failureCode: failure.code, payMethod: p.method });
    } else {
      const [earlier] = await tx.select({ id: payments.id }).from(payments).where(and(
        eq(payments.payableKind, p.payableKind), eq(payments.payableRef, p.payableRef), eq(payments.status, 'failed'), ne(payments.id, p.id),
        sql`${payments.failureCode} not in (${REFUND_PENDING}, ${REFUNDED})`,
      )).limit(1);
      await moveOrder(tx, order, { type: 'payment.restore', earlierFailure: !!earlier }, now);
    }
    return true;
  });
}

/** Gives back a second payment of an already-paid order; idempotent at the provider (refund key, out_refund_no). */
export async function refundDuplicate(deps: Deps, p: PaymentRow): Promise<boolean> {
  if (p.failureCode !== REFUND_PENDING || !p.providerPaymentId) return false;
  const { refunded } = p.provider === 'wechat_sandbox'
    ? await deps.payments.wechat.refund({ outTradeNo: p.providerPaymentId, outRefundNo: wechatRefundNo(p.providerPaymentId), amountCents: p.amountCents })
    : await deps.payments.card.refundPayment({ idempotencyKey: cardRefundKey(p.idempotencyKey), paymentId: p.providerPaymentId, amountCents: p.amountCents });
  if (refunded) {
    await deps.db.update(payments).set({ failureCode: REFUNDED, nextCheckAt: null, updatedAt: deps.clock.now() })
      .where(and(eq(payments.id, p.id), eq(payments.failureCode, REFUND_PENDING)));
  }
  return refunded;
}
