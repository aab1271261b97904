/**
 * Creating an order from the purchase form (spec sections 2 and 3): one order per Idempotency-Key, whatever
 * the number of clicks, retries or tabs; the quote recomputed here, never taken from the client.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CheckoutFormParsed } from '../../contract/orders';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import { orders, type BillingAddress, type ShippingInfo } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { computeQuote, type TaxAddress } from '../catalog';
import { cardForPurchase } from './activationPlan';
import { hmac, sha256 } from '../secrets';
import type { Db } from '../db/database';
import { departureDateProblem } from '../../domain/student';
import { keepOrderStudent, spendProof } from '../students';

export type OrderRow = typeof orders.$inferSelect;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, U/V): read over the phone, typed on /tracking. */
const ORDER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const newOrderNo = (): string =>
  `LB${Array.from({ length: 8 }, () => ORDER_ALPHABET[randomInt(0, ORDER_ALPHABET.length)]).join('')}`;

/**
 * The order token is derived, not stored: a replay of the same submit can hand it out again, while the
 * database keeps only its digest.
 */
export const orderTokenFor = (pepper: string, orderNo: string, key: string): string => hmac(pepper, `order-token:${orderNo}:${key}`);
export const orderTokenHash = (token: string): string => sha256(token);

/** A physical SIM is posted, unless it is the card being activated (already in the buyer's hands). */
const posted = (form: CheckoutFormParsed): boolean => form.simType === 'physical' && !form.activationToken;

/** For a posted SIM with "billing same as shipping", the shipping address is the billing address. */
export function billingOf(form: CheckoutFormParsed): BillingAddress {
  if (form.billingSameAsShipping && posted(form)) {
    const s = form.shipping;
    return { country: s.country, address1: s.address1!, address2: s.address2, city: s.city!, state: s.state!, zip: s.zip! };
  }
  return form.billing!;
}

/** "Tax address = billing address when in the US, else the US shipping address, else no tax." */
export function taxAddressOf(form: CheckoutFormParsed, billing: BillingAddress): { address: TaxAddress | null; field: string } {
  const billingIsShipping = form.billingSameAsShipping && posted(form);
  if (billing.country === 'US') return { address: billing, field: billingIsShipping ? 'shipping.zip' : 'billing.zip' };
  const s = form.shipping;
  if (s.country === 'US' && s.state && s.zip) return { address: { country: 'US', state: s.state, zip: s.zip }, field: 'shipping.zip' };
  return { address: null, field: 'billing.zip' };
}

async function findByKey(deps: Deps, key: string): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

function replay(existing: OrderRow, hash: string, pepper: string, key: string) {
  // The same key for another request would answer an order the buyer did not ask for.
  if (existing.requestHash !== hash) throw new GatewayError('120086');
  return { order: existing, orderToken: orderTokenFor(pepper, existing.orderNo, key) };
}

export interface CreateOrderInput { form: CheckoutFormParsed; key: string; customerId: number | null; lang: Language }

export async function createOrder(deps: Deps, input: CreateOrderInput): Promise<{ order: OrderRow; orderToken: string }> {
  const { form, key, customerId } = input;
  const pepper = deps.config.codePepper;
  const hash = requestHash(form, customerId);
  const earlier = await findByKey(deps, key);
  if (earlier) return replay(earlier, hash, pepper, key);

  const planId = form.planId ?? null;
  const globalPackId = form.globalPackId ?? null;
  const card = form.activationToken
    ? await cardForPurchase(deps, form.activationToken, { planId, globalPackId, simType: form.simType, simCount: form.simCount })
    : null;
  const billing = billingOf(form);
  const tax = taxAddressOf(form, billing);
  const { quote, product } = await computeQuote(deps, {
    planId, globalPackId, months: form.months, simType: form.simType,
    simCount: form.simCount, shippingCountry: posted(form) ? form.shipping.country : null,
    shippingMethod: posted(form) ? form.shippingMethod : 'standard', taxAddress: tax.address, taxZipField: tax.field,
    couponCode: form.couponCode, referralCode: form.referralCode,
  }, customerId);

  const now = deps.clock.now();
  // Decision 0045: a student order needs a departure date in its window on the gateway's day, and a live proof of the
  // very edu address it names (an order is never a student order without one; the payment pays only what exists).
  // The proof is spent below, in the transaction that inserts the order: one proof, one order.
  const student = form.student ?? null;
  if (student) checkDeparture(student, now);
  // Nothing is posted for a card being activated: only the buyer's contact details are kept.
  const shipping: ShippingInfo = card ? { ...form.shipping, address1: null, address2: null, city: null, state: null, zip: null } : { ...form.shipping };
  for (let attempt = 0; attempt < 4; attempt++) {
    const orderNo = newOrderNo();
    const orderToken = orderTokenFor(pepper, orderNo, key);
    try {
      // Fifty concurrent submits of one checkout race here: the unique key lets exactly one insert through. The student
      // proof is spent and the student info kept in the same transaction: a student order never exists without them,
      // a refused proof rolls the order back, and a replay of the key (no row inserted) spends nothing.
      const created = await deps.db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [row] = await tx.insert(orders).values({
          orderNo, kind: product.kind, customerId, idempotencyKey: key, requestHash: hash, accessTokenHash: orderTokenHash(orderToken),
          status: 'awaiting_payment', planId: product.planId, globalPackId: product.globalPackId, planName: product.planName,
          months: quote.months, simType: form.simType, simCount: quote.simCount, unitPriceCents: quote.monthlyPriceCents,
          planCostCents: quote.planCostCents, multiMonthDiscountCents: quote.multiMonthDiscountCents,
          couponCode: quote.couponCode, discountCents: quote.codeDiscountCents, referralCode: quote.referralCode,
          shippingMethod: quote.shippingMethod, shippingFeeCents: quote.shippingCents, taxRateBps: quote.taxRateBps,
          taxCents: quote.taxCents, payAmountCents: quote.totalCents, autoRenew: form.autoRenew, channel: form.channel,
          reasons: form.reasons, email: form.shipping.email, lang: input.lang, shipping, billing, activationIccid: card?.iccid ?? null,
          promotionPlatform: form.promotionPlatform ?? null, activityCode: form.activityCode ?? null,
          createdAt: now, updatedAt: now,
        }).onConflictDoNothing({ target: orders.idempotencyKey }).returning();
        if (row && student) {
          const { school, grade, departureDate, eduEmail } = student;
          const provenAt = await spendProof(tx, now, { eduEmail, verification: student.verification, customerId, orderId: row.id });
          await keepOrderStudent(tx, row.id, { school, grade, departureDate, eduEmail }, provenAt);
        }
        return row;
      });
      if (created) return { order: created, orderToken };
      const winner = await findByKey(deps, key);
      if (winner) return replay(winner, hash, pepper, key);
    } catch (e) {
      // Two random order numbers colliding: draw again (the key's conflict is handled above, not thrown).
      if (isUniqueViolation(e, 'orders_order_no_unique')) continue;
      throw e;
    }
  }
  throw new Error('no order number could be drawn');
}

type StudentForm = NonNullable<CheckoutFormParsed['student']>;

function checkDeparture(student: StudentForm, now: Date): void {
  const problem = departureDateProblem(student.departureDate, now);
  if (problem) throw new GatewayError('validation', { messageKey: problem, data: { field: 'student.departureDate' } });
}

const isUniqueViolation = (e: unknown, constraint: string): boolean => {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const { code, constraint: name } = (err ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (name === undefined || name === constraint);
};
