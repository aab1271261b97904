/**
 * Top-ups (issue 14, Money; spec section 3, Recharge: "phone number, amount, account type"). A top-up is an order of
 * kind 'topup' (decision 0020): it is paid through the payment area exactly as an order is (card, saved card, WeChat
 * Pay; never the balance it tops up), and the payment that marks it paid credits the line owner's account through the
 * ledger in the same transaction, once: the ledger's unique reference `topup:<orderNo>` and the one successful payment
 * per order (payments_one_success) make a second credit impossible.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TopUpData, topUpForm } from '../../contract/money';
import type { PayMethod } from '../../contract/personal';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, customers, lines, orders } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { requestHash } from '../http/idempotency';
import { enforce, hit, RULES } from '../limits';
import { payMethodsFor } from '../accounts';
import { newOrderNo, orderTokenFor, orderTokenHash, type OrderRow } from '../orders';

export type TopUpForm = z.output<typeof topUpForm>;

/** A top-up is paid by card, saved card or WeChat Pay: paying it from the balance it credits would move nothing. */
export const topUpPayMethods = async (deps: Deps, customerId: number): Promise<PayMethod[]> =>
  (await payMethodsFor(deps, customerId)).filter((m) => m !== 'account');

export async function topUpDataOf(deps: Deps, order: OrderRow, viewerId: number): Promise<TopUpData> {
  return {
    orderNo: order.orderNo, status: order.status, account: order.topUpAccount!, phone: order.topUpMsisdn!,
    amountCents: order.payAmountCents, payMethods: await topUpPayMethods(deps, viewerId), failureCode: order.failureCode,
    paidAt: order.paidAt?.toISOString() ?? null, createdAt: order.createdAt.toISOString(),
  };
}

/**
 * "Number required and correct": one of our US lines in service. Any other number is spec section 8's 90008 "user not
 * existing or not active" (decision 0047), told next to the number with what to do; the same answer for any such number.
 */
async function lineOwnerOf(deps: Deps, msisdn: string): Promise<number> {
  const [line] = await deps.db.select({ customerId: lines.customerId }).from(lines)
    .where(and(eq(lines.msisdn, msisdn), eq(lines.kind, 'us'), eq(lines.simStatus, 'activated')));
  if (!line) throw new GatewayError('90008', { messageKey: 'validation:topUp.phoneUnknown', data: { field: 'phone' } });
  return line.customerId;
}

async function byKey(deps: Deps, key: string): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

function replayOf(existing: OrderRow, hash: string): OrderRow {
  if (existing.kind !== 'topup' || existing.requestHash !== hash) throw new GatewayError('120086');
  return existing;
}

export interface CreateTopUpInput { form: TopUpForm; key: string; customerId: number; lang: Language }

export async function createTopUp(deps: Deps, input: CreateTopUpInput): Promise<OrderRow> {
  const { form, customerId } = input;
  // Scoped to the payer: one customer's key never answers another's top-up.
  const key = `topup:${customerId}:${input.key}`;
  const hash = requestHash(form, customerId);
  const earlier = await byKey(deps, key);
  if (earlier) return replayOf(earlier, hash);
  const beneficiaryId = await lineOwnerOf(deps, form.phone);
  await enforce(deps.limits, [hit(RULES.topUpCustomerDay, `customer:${customerId}`)]);

  const [payer] = await deps.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  const amountCents = form.amount * 100;
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 4; attempt++) {
    const orderNo = newOrderNo();
    try {
      const [created] = await deps.db.insert(orders).values({
        orderNo, kind: 'topup', customerId, idempotencyKey: key, requestHash: hash,
        // A top-up is read and paid by its payer's session only; the token is never handed out.
        accessTokenHash: orderTokenHash(orderTokenFor(deps.config.codePepper, orderNo, key)),
        status: 'awaiting_payment', planId: null, globalPackId: null, planName: 'Top-up', months: 1, simType: 'esim', simCount: 0,
        unitPriceCents: amountCents, planCostCents: amountCents, multiMonthDiscountCents: 0, couponCode: null, discountCents: 0,
        referralCode: null, shippingMethod: 'standard', shippingFeeCents: 0,
        // Prepaid top-ups carry no sales tax at purchase here (decision 0020).
        taxRateBps: 0, taxCents: 0, payAmountCents: amountCents, autoRenew: false, channel: 'portal', reasons: [],
        // No email: a top-up is nothing to track (/tracking matches an order by its email) and sends no order emails.
        email: '', lang: input.lang,
        shipping: { country: 'US', firstNameEn: '', lastNameEn: '', phone: payer?.phone ?? form.phone, email: '' },
        billing: { country: 'US', address1: '', city: '', state: '', zip: '' },
        topUpAccount: form.account, topUpMsisdn: form.phone, topUpCustomerId: beneficiaryId,
        fulfilment: 'pending', createdAt: now, updatedAt: now,
      }).onConflictDoNothing({ target: orders.idempotencyKey }).returning();
      if (created) return created;
      const winner = await byKey(deps, key);
      if (winner) return replayOf(winner, hash);
    } catch (e) {
      const err = ((e as { cause?: unknown })?.cause ?? e) as { code?: string };
      if (err?.code === '23505') continue;
      throw e;
    }
  }
  throw new Error('no order number could be drawn');
}

/** A top-up the reader asked for; "no related content or record" for anything else, so nothing is revealed. */
export async function topUpFor(deps: Deps, orderNo: string, customerId: number): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo.trim().toUpperCase()));
  if (!order || order.kind !== 'topup' || order.customerId !== customerId) throw new GatewayError('noRecord');
  return order;
}

/**
 * Credits a paid top-up to its line owner's account, in the transaction that marks it paid. Once per top-up: the
 * ledger row's reference is unique, and the balance moves only when that row is new.
 */
export async function creditTopUp(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.kind !== 'topup' || !order.topUpCustomerId || !order.topUpAccount) return;
  const [entry] = await tx.insert(balanceLedger).values({
    customerId: order.topUpCustomerId, account: order.topUpAccount, deltaCents: order.payAmountCents,
    reference: `topup:${order.orderNo}`, createdAt: now,
  }).onConflictDoNothing({ target: balanceLedger.reference }).returning({ id: balanceLedger.id });
  if (!entry) return;
  const general = order.topUpAccount === 'general' ? order.payAmountCents : 0;
  const ild = order.topUpAccount === 'ild' ? order.payAmountCents : 0;
  await tx.insert(balances).values({ customerId: order.topUpCustomerId, generalCents: general, ildCents: ild })
    .onConflictDoUpdate({
      target: balances.customerId,
      set: { generalCents: sql`${balances.generalCents} + ${general}`, ildCents: sql`${balances.ildCents} + ${ild}` },
    });
  // Issue 15 (decision 0026): a line suspended for an unpaid renewal is recovered from the General account once it
  // covers the plan and the fee; the plan area's job decides (named here, so money need not import the plan area).
  if (general > 0) {
    await enqueueJob(tx, { kind: RECOVER_AFTER_TOP_UP_JOB, dedupeKey: `${RECOVER_AFTER_TOP_UP_JOB}:${order.orderNo}`, payload: { customerId: order.topUpCustomerId }, runAt: now });
    // Issue 16, spec section 4: a paused dual number "resumes after successful top-up" (the dual area's job decides).
    await enqueueJob(tx, { kind: DUAL_RESUME_JOB, dedupeKey: `${DUAL_RESUME_JOB}:resumeAfterTopUp:${order.orderNo}`, payload: { event: 'resumeAfterTopUp', customerId: order.topUpCustomerId }, runAt: now });
  }
}

/** Handled in src/server/plan/jobs.ts. */
export const RECOVER_AFTER_TOP_UP_JOB = 'plan.recoverAfterTopUp';
/** Handled in src/server/dual/jobs.ts (its DUAL_JOB). */
export const DUAL_RESUME_JOB = 'dual.clock';
