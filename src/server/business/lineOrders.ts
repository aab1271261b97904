/**
 * Line orders (issue 15, decision 0029): a plan change, a data add-on, a roaming pack or a global data SIM's renewed
 * pack is an order of its own kind, created awaiting payment and paid through the payments area exactly as a top-up
 * is (decision 0020): card, saved card, WeChat Pay or the General account (120081 when it is short). The payments area
 * asks this module, under the order's lock, whether the order may still be paid (payableRefusal), and fulfils it
 * in the transaction that marks it paid (fulfilLineOrder): once, by the unique order number of line_add_ons.
 */
import { and, eq } from 'drizzle-orm';
import type { LineOrderData, LineOrderKind, LineOffers } from '../../contract/business';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lineAddOns, lines, orders } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { enqueueJob } from '../jobs/queue';
import { payMethodsFor } from '../accounts';
import { newOrderNo, orderTokenFor, orderTokenHash, type OrderRow } from '../orders';
import { MAX_DATA_ADD_ONS_PER_CYCLE } from '../../domain/addOns';
import {
  lineForKind, multiMonthOffers, offerOf, offerRowById, offerRowsOf, priceOf, situationOf, termOf, type OfferRow,
} from './offers';
import { orderPlanChange } from '../plan';

export const ROAMING_JOB = 'lineOrder.roaming';

export const LINE_KINDS: readonly string[] = ['addOn', 'roaming', 'planChange', 'globalRenewal'];
export const isLineOrder = (order: Pick<OrderRow, 'kind'>): order is OrderRow & { kind: LineOrderKind } => LINE_KINDS.includes(order.kind);

export async function lineOffersFor(deps: Deps, customerId: number, kind: LineOrderKind): Promise<LineOffers> {
  const now = deps.clock.now();
  const line = await lineForKind(deps.db, customerId, kind);
  const [situation, rows, multiMonth, payMethods] = await Promise.all([
    situationOf(deps.db, line, kind, now), offerRowsOf(deps.db, kind),
    kind === 'planChange' ? multiMonthOffers(deps.db) : Promise.resolve([]), payMethodsFor(deps, customerId),
  ]);
  return {
    kind,
    line: line ? { msisdn: line.msisdn, iccid: line.iccid } : null,
    refusal: situation.refusal,
    current: situation.current ? { name: situation.current.name, expiresAt: situation.current.expiresAt.toISOString() } : null,
    startsAt: situation.startsAt?.toISOString() ?? null,
    cycle: situation.cycle
      ? { start: situation.cycle.start.toISOString(), end: situation.cycle.end.toISOString(), bought: situation.cycle.bought, limit: MAX_DATA_ADD_ONS_PER_CYCLE }
      : null,
    offers: rows.map(offerOf),
    multiMonth,
    payMethods,
  };
}

/**
 * The order's name as bills keep it: a plan change is named by its plan ("15GB", as plan orders are); add-ons, roaming
 * packs and global renewals are shown by their kind on the bill (decision 0029), the name is for the records.
 */
function labelOf(kind: LineOrderKind, offer: OfferRow): string {
  if (offer.kind === 'plan') return offer.row.name;
  if (offer.kind === 'global') return `Global data ${offer.row.regionCode} ${offer.row.dataMb}MB ${offer.row.days} days`;
  return kind === 'addOn' ? `Data add-on ${offer.row.dataMb}MB` : `Roaming ${offer.row.zone} ${offer.row.roamingType} ${offer.row.days} days`;
}

export interface CreateLineOrderInput {
  form: { kind: LineOrderKind; offerId: number; months: number };
  key: string;
  customerId: number;
  lang: Language;
}

export async function createLineOrder(deps: Deps, input: CreateLineOrderInput): Promise<OrderRow> {
  const { form, customerId } = input;
  const months = form.kind === 'planChange' ? form.months : 1;
  const body = { ...form, months };
  // Scoped to the customer: one customer's key never answers another's order.
  const key = `line:${customerId}:${input.key}`;
  const hash = requestHash(body, customerId);
  const [earlier] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key));
  if (earlier) {
    if (earlier.requestHash !== hash) throw new GatewayError('120086');
    return earlier;
  }
  const now = deps.clock.now();
  const line = await lineForKind(deps.db, customerId, form.kind);
  const situation = await situationOf(deps.db, line, form.kind, now);
  if (situation.refusal) throw new GatewayError(situation.refusal);
  const offer = await offerRowById(deps.db, form.kind, form.offerId);
  // Spec section 8's "product does not exist or discontinued" (decision 0047), saying to choose another.
  if (!offer) throw new GatewayError('productNotFound', { messageKey: 'validation:lineOrder.offerGone', data: { field: 'offerId' } });
  const price = await priceOf(deps.db, offer, months);

  for (let attempt = 0; attempt < 4; attempt++) {
    const orderNo = newOrderNo();
    const [created] = await deps.db.insert(orders).values({
      orderNo, kind: form.kind, customerId, idempotencyKey: key, requestHash: hash,
      // Read and paid by the customer's session only; the token is never handed out.
      accessTokenHash: orderTokenHash(orderTokenFor(deps.config.codePepper, orderNo, key)),
      status: 'awaiting_payment',
      planId: offer.kind === 'plan' ? offer.row.id : null,
      globalPackId: offer.kind === 'global' ? offer.row.id : null,
      addOnPackId: offer.kind === 'pack' ? offer.row.id : null,
      lineId: line!.id,
      planName: labelOf(form.kind, offer), months, simType: line!.simType, simCount: 0,
      unitPriceCents: price.unitCents, planCostCents: price.costCents, multiMonthDiscountCents: price.discountCents,
      couponCode: null, discountCents: 0, referralCode: null, shippingMethod: 'standard', shippingFeeCents: 0,
      // Portal prices include taxes (decision 0029).
      taxRateBps: 0, taxCents: 0, payAmountCents: price.totalCents, autoRenew: false, channel: 'portal', reasons: [],
      // No email: nothing to track on /tracking, no SIM order emails.
      email: '', lang: input.lang,
      shipping: { country: 'US', firstNameEn: '', lastNameEn: '', phone: line!.msisdn ?? '', email: '' },
      billing: { country: 'US', address1: '', city: '', state: '', zip: '' },
      fulfilment: 'pending', createdAt: now, updatedAt: now,
    }).onConflictDoNothing().returning();
    if (created) return created;
    const [winner] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (winner) {
      if (winner.requestHash !== hash) throw new GatewayError('120086');
      return winner;
    }
  }
  throw new Error('no order number could be drawn');
}

/** One of the customer's own line orders; "no related content or record" for anything else. */
export async function lineOrderFor(deps: Deps, orderNo: string, customerId: number): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo.trim().toUpperCase()));
  if (!order || !isLineOrder(order) || order.customerId !== customerId) throw new GatewayError('noRecord');
  return order;
}

const offerIdOf = (order: OrderRow): number => (order.planId ?? order.globalPackId ?? order.addOnPackId)!;

export async function lineOrderDataOf(deps: Deps, order: OrderRow, viewerId: number): Promise<LineOrderData> {
  if (!isLineOrder(order)) throw new GatewayError('noRecord');
  const now = deps.clock.now();
  const [offer, [given], [line], payMethods] = await Promise.all([
    offerRowById(deps.db, order.kind, offerIdOf(order)),
    deps.db.select().from(lineAddOns).where(eq(lineAddOns.orderNo, order.orderNo)),
    deps.db.select().from(lines).where(eq(lines.id, order.lineId!)),
    payMethodsFor(deps, viewerId),
  ]);
  if (!offer || !line) throw new GatewayError('noRecord');
  // Once paid, the terms it gave; before, the terms it would give if paid now.
  const term = given ?? termOf(order.kind, offer, order.months, await situationOf(deps.db, line, order.kind, now, order.orderNo), now);
  return {
    orderNo: order.orderNo, kind: order.kind, status: order.status, offer: offerOf(offer), months: order.months,
    amountCents: order.payAmountCents, multiMonthDiscountCents: order.multiMonthDiscountCents, msisdn: line.msisdn,
    startsAt: term.startsAt.toISOString(), expiresAt: term.expiresAt.toISOString(), payMethods,
    failureCode: order.failureCode, paidAt: order.paidAt?.toISOString() ?? null, createdAt: order.createdAt.toISOString(),
  };
}

/** Locks the order's line: every payment start, settle and fulfilment of one line's orders runs one at a time. */
async function lockLine(tx: Db, lineId: number) {
  const [line] = await tx.select().from(lines).where(eq(lines.id, lineId)).for('update');
  return line ?? null;
}

/**
 * Why a line order cannot be paid now (null: it can), under the line's lock: the rules of the list again, with this
 * order not counted against the limit it is checked for. Called by the payments area when a payment starts (refused
 * with this code) and when money arrived (then the order is closed and the money given back).
 */
export async function payableRefusal(tx: Db, order: OrderRow, now: Date): Promise<string | null> {
  if (!isLineOrder(order)) return null;
  const line = await lockLine(tx, order.lineId!);
  const situation = await situationOf(tx, line, order.kind, now, order.orderNo);
  return situation.refusal;
}

/**
 * In the transaction that marks the order paid: the line is given what was bought, once (line_add_ons.order_no is
 * unique): a data add-on raises the cycle's high-speed data, a roaming pack is provisioned on the network by a job,
 * a plan change becomes the pending plan that starts when the current one expires, a global pack follows the one in
 * force.
 */
export async function fulfilLineOrder(deps: Deps, tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (!isLineOrder(order)) return;
  const line = await lockLine(tx, order.lineId!);
  const offer = await offerRowById(tx, order.kind, offerIdOf(order));
  if (!line || !offer) throw new Error(`line order ${order.orderNo} lost its line or offer`);
  const situation = await situationOf(tx, line, order.kind, now, order.orderNo);
  const term = termOf(order.kind, offer, order.months, situation, now);
  const kind = order.kind === 'addOn' ? 'data' : order.kind === 'roaming' ? 'roaming' : order.kind === 'globalRenewal' ? 'global' : 'planChange';
  const [given] = await tx.insert(lineAddOns).values({
    orderNo: order.orderNo, lineId: line.id, kind,
    packId: offer.kind === 'pack' ? offer.row.id : null, globalPackId: offer.kind === 'global' ? offer.row.id : null,
    dataMb: offer.kind === 'pack' ? offer.row.dataMb : null,
    cycleStart: kind === 'data' ? situation.cycle?.start ?? null : null,
    startsAt: term.startsAt, expiresAt: term.expiresAt, createdAt: now,
  }).onConflictDoNothing({ target: lineAddOns.orderNo }).returning({ id: lineAddOns.id });
  if (!given) return;
  if (order.kind === 'planChange' && offer.kind === 'plan') {
    // The plan chart takes the change: it waits as the pending plan from when the last paid term ends (src/server/plan).
    await orderPlanChange(deps, { id: line.id, customerId: line.customerId }, { planId: offer.row.id, months: order.months }, tx);
  }
  if (order.kind === 'roaming') {
    await enqueueJob(tx, { kind: ROAMING_JOB, dedupeKey: `${ROAMING_JOB}:${order.orderNo}`, payload: { orderNo: order.orderNo }, runAt: now });
  }
  await tx.update(orders).set({ fulfilment: 'plan_ready', updatedAt: now }).where(and(eq(orders.id, order.id)));
}
