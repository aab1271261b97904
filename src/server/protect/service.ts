/**
 * Number keeping on the gateway (issue 16, decision 0035): what /personal/protect shows, the keeping order (30-day
 * periods at $3.00 plus the tax of the account's tax address, an order of kind 'protect' paid through the payments area
 * like a line order, decision 0029), its fulfilment in the paying transaction, the early end, and the chart's actions.
 *
 * The rules (spec section 4: "starts at least the day after plan expiry; 30 days per period, max 120 days total") are
 * checked the same way when the page is shown, when the order is created, when a payment starts and when money
 * arrives: the last two under the line's row lock, counting the days of keeping orders being paid by card meanwhile, so
 * two purchases at once cannot pass 120 days (a WeChat payment that arrives when they would is closed and given back).
 */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import type { NumberProtectEvent, NumberProtectState } from '../../../machines/numberProtect.machine';
import type { ProtectData, ProtectOrderData, ProtectRefusal } from '../../contract/protect';
import {
  earliestKeepingStart, earlyEndAt, keptUntilOf, periodsLeft, periodsToDays, protectQuote, PROTECT_MAX_DAYS, PROTECT_PERIOD_CENTS,
  PROTECT_PERIOD_DAYS, PROTECT_TEXTS, PROTECT_VOICE_MINUTES,
} from '../../domain/numberKeeping';
import { DAY_MS, numberRemovedAt } from '../../domain/planCalendar';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import type { LifecycleActions } from '../db/lifecycle';
import { activations, customers, lineLifecycles, lines, numberKeepingPeriods, numberKeepings, orders, type BillingAddress } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { enqueueJob } from '../jobs/queue';
import { payMethodsFor } from '../accounts';
import { newOrderNo, orderTokenFor, orderTokenHash, type OrderRow } from '../orders';
import { endNumberKeeping, keepNumber, paidUntil } from '../plan';
import { requireUsLine } from '../portal';
import { applyProtectEvent, keepingRowOf, type KeepingLine, type KeepingRow } from './lifecycle';
import { protectClockJob, protectMessageJob, protectNetworkJob } from './jobRequests';

type LineRow = typeof lines.$inferSelect;

export const PROTECT_KIND = 'protect';
export const isProtectOrder = (order: Pick<OrderRow, 'kind'>): boolean => order.kind === PROTECT_KIND;

/** Where the line stands for keeping at `now`. */
export interface KeepingSituation {
  state: NumberProtectState;
  row: KeepingRow | null;
  service: string;
  suspendedAt: Date | null;
  paidUntil: Date | null;
  earliestAt: Date | null;
  /** Days of this line's keeping orders being paid by card right now (a card attempt holds its order in 'paying'). */
  payingDays: number;
}

export async function situationOf(db: Db, lineId: number, exceptOrderNo: string | null = null): Promise<KeepingSituation> {
  // One after the other: `db` may be the caller's transaction.
  const row = await keepingRowOf(db, lineId);
  const [lc] = await db.select({ service: lineLifecycles.serviceState, suspendedAt: lineLifecycles.suspendedAt }).from(lineLifecycles).where(eq(lineLifecycles.lineId, lineId));
  const until = await paidUntil(db, lineId);
  const [paying] = await db.select({ periods: sql<number>`coalesce(sum(${orders.months}), 0)` }).from(orders)
    .where(and(eq(orders.lineId, lineId), eq(orders.kind, PROTECT_KIND), eq(orders.status, 'paying'),
      exceptOrderNo ? sql`${orders.orderNo} <> ${exceptOrderNo}` : sql`true`));
  return {
    state: (row?.state ?? 'notKept') as NumberProtectState, row, service: lc?.service ?? 'active', suspendedAt: lc?.suspendedAt ?? null,
    paidUntil: until, earliestAt: until ? earliestKeepingStart(until) : null, payingDays: periodsToDays(Number(paying?.periods ?? 0)),
  };
}

/** Why `days` more of keeping cannot be bought now (null: they can), with what the customer is told. */
export function refusalOf(s: KeepingSituation, days: number, now: Date): { code: ProtectRefusal; data?: Record<string, unknown> } | null {
  const limit = (kept: number) => (kept + s.payingDays + days > PROTECT_MAX_DAYS
    ? { code: 'protectLimit' as const, data: { daysLeft: Math.max(0, PROTECT_MAX_DAYS - kept - s.payingDays) } } : null);
  if (s.state === 'kept') return limit(s.row?.keptDays ?? 0);
  if (s.state === 'endingEarly' || s.state === 'ended') return { code: 'protectEnded' };
  if (s.state === 'recycled' || s.service === 'numberRemoved' || s.service === 'suspended.byStaff') return { code: 'protectUnavailable' };
  // Not kept: only a line suspended for an unpaid plan, from the day after it expired.
  if (s.service === 'active' || (s.earliestAt && now < s.earliestAt)) {
    return s.earliestAt ? { code: 'protectNotYet', data: { earliestAt: s.earliestAt.toISOString() } } : { code: 'protectUnavailable' };
  }
  if (s.service !== 'suspended.unpaid' || !s.earliestAt) return { code: 'protectUnavailable' };
  return limit(0);
}

// ---- tax ----------------------------------------------------------------------------------------

/**
 * The tax address of keeping (decision 0035): the account's billing address when it is in the US, else the line's E911
 * address (where the service is used: Wi-Fi calling's, or the activation's); without either, no tax.
 */
async function taxAddressOf(db: Db, line: LineRow): Promise<{ country: 'US'; address1: string; city: string; state: string; zip: string } | null> {
  const [customer] = await db.select({ billing: customers.billingAddress }).from(customers).where(eq(customers.id, line.customerId));
  const billing = customer?.billing;
  if (billing?.country === 'US') return { country: 'US', address1: billing.address1, city: billing.city, state: billing.state, zip: billing.zip };
  const e911 = line.e911 ?? (await db.select({ e911: activations.e911 }).from(activations)
    .where(and(eq(activations.lineId, line.id), isNotNull(activations.e911))).orderBy(desc(activations.id)).limit(1))[0]?.e911 ?? null;
  return e911 ? { country: 'US', address1: e911.address1, city: e911.city, state: e911.state, zip: e911.zip } : null;
}

async function taxRateOf(deps: Deps, address: Awaited<ReturnType<typeof taxAddressOf>>): Promise<number> {
  return address ? deps.tax.rateBps(address) : 0;
}

// ---- the chart's actions -------------------------------------------------------------------------

/** Every action of the chart, for one line: the host's side of machines/numberProtect.machine.ts. */
export function protectActions(deps: Deps, line: KeepingLine): LifecycleActions<NumberProtectEvent> {
  const now = deps.clock.now();
  const set = (tx: Db, values: Partial<typeof numberKeepings.$inferInsert>) =>
    tx.update(numberKeepings).set({ ...values, updatedAt: now }).where(eq(numberKeepings.lineId, line.id));
  const current = async (tx: Db) => (await tx.select().from(numberKeepings).where(eq(numberKeepings.lineId, line.id)))[0]!;
  return {
    startKeeping: async (tx, event) => {
      const days = event.type === 'protect.start' ? event.days : 0;
      const until = keptUntilOf(now, days);
      await set(tx, { keptFrom: now, keptUntil: until, keptDays: days, endRequestedAt: null, endsAt: null, endedAt: null, recycledAt: null });
      // The service chart keeps the number: the 90 days to pay stop (decision 0035).
      await keepNumber(deps, line, tx);
      await enqueueJob(tx, protectNetworkJob(line.id, now, now));
      await enqueueJob(tx, protectClockJob('periodEnd', line.id, until));
      await enqueueJob(tx, protectMessageJob('started', line.id, now.toISOString(), now));
    },
    addPeriods: async (tx, event) => {
      const r = await current(tx);
      const days = event.type === 'protect.extend' ? event.days : 0;
      const until = keptUntilOf(r.keptUntil ?? now, days);
      await set(tx, { keptUntil: until, keptDays: r.keptDays + days });
      await enqueueJob(tx, protectClockJob('periodEnd', line.id, until));
      await enqueueJob(tx, protectMessageJob('extended', line.id, until.toISOString(), now));
    },
    requestEarlyEnd: async (tx) => {
      const endsAt = earlyEndAt(line.id, now);
      await set(tx, { endRequestedAt: now, endsAt });
      await enqueueJob(tx, protectClockJob('earlyEnd', line.id, endsAt));
      await enqueueJob(tx, protectMessageJob('ending', line.id, now.toISOString(), now));
    },
    endKeeping: async (tx) => {
      await set(tx, { endedAt: now });
      // Suspended again (911 and 611 only), the 90 days counted from now: "number kept 90 days suspended, then recycled".
      await endNumberKeeping(deps, line, tx);
      await enqueueJob(tx, protectNetworkJob(line.id, null, now));
      await enqueueJob(tx, protectMessageJob('ended', line.id, now.toISOString(), now));
    },
    returnToService: async (tx) => {
      const r = await current(tx);
      await set(tx, { endedAt: r.endedAt ?? now });
      if (!r.endedAt) await enqueueJob(tx, protectNetworkJob(line.id, null, now));
    },
    recordRecycled: async (tx) => { await set(tx, { recycledAt: now }); },
  };
}

// ---- what the page shows ---------------------------------------------------------------------------

async function usLine(deps: Deps, customerId: number): Promise<LineRow> {
  return requireUsLine(deps, customerId);
}

async function periodsOf(db: Db, lineId: number, keptFrom: Date) {
  return db.select({ period: numberKeepingPeriods, amountCents: orders.payAmountCents, paidAt: orders.paidAt }).from(numberKeepingPeriods)
    .innerJoin(orders, eq(orders.orderNo, numberKeepingPeriods.orderNo))
    .where(and(eq(numberKeepingPeriods.lineId, lineId), eq(numberKeepingPeriods.keptFrom, keptFrom))).orderBy(asc(numberKeepingPeriods.startsAt));
}

export async function protectView(deps: Deps, customerId: number): Promise<ProtectData> {
  const line = await usLine(deps, customerId);
  const now = deps.clock.now();
  const s = await situationOf(deps.db, line.id);
  const refusal = refusalOf(s, PROTECT_PERIOD_DAYS, now);
  // The tax service cannot tell now (120071) or the billing ZIP is not in its state (120077): null; the order says why.
  const taxRateBps = await taxRateOf(deps, await taxAddressOf(deps.db, line)).catch(() => null);
  const current = s.state !== 'notKept' && s.row?.keptFrom ? s.row : null;
  const keptDays = current?.keptDays ?? 0;
  const periods = current?.keptFrom ? await periodsOf(deps.db, line.id, current.keptFrom) : [];
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    state: s.state, msisdn: line.msisdn ?? '', service: s.service,
    planExpiredAt: s.paidUntil && s.paidUntil <= now ? s.paidUntil.toISOString() : null,
    planExpiresAt: s.paidUntil && s.paidUntil > now ? s.paidUntil.toISOString() : null,
    earliestAt: iso(s.earliestAt),
    canBuy: refusal === null, refusal: refusal?.code ?? null,
    priceCents: PROTECT_PERIOD_CENTS, periodDays: PROTECT_PERIOD_DAYS, maxDays: PROTECT_MAX_DAYS, voiceMinutes: PROTECT_VOICE_MINUTES, texts: PROTECT_TEXTS,
    taxRateBps,
    keptFrom: iso(current?.keptFrom), keptUntil: iso(current?.keptUntil), keptDays,
    daysLeft: s.state === 'kept' || s.state === 'notKept' ? PROTECT_MAX_DAYS - keptDays : 0,
    periodsLeft: s.state === 'kept' || s.state === 'notKept' ? periodsLeft(keptDays) : 0,
    periods: periods.map((p) => ({
      orderNo: p.period.orderNo, days: p.period.days, startsAt: p.period.startsAt.toISOString(), endsAt: p.period.endsAt.toISOString(),
      amountCents: p.amountCents, paidAt: (p.paidAt ?? p.period.createdAt).toISOString(),
    })),
    endRequestedAt: iso(current?.endRequestedAt), endsAt: iso(current?.endsAt), endedAt: s.state === 'ended' || s.state === 'recycled' ? iso(current?.endedAt) : null,
    // "Kept 90 days suspended, then recycled": the service chart's removal, 90 days after the end of keeping.
    recycleAt: s.state === 'ended' && s.suspendedAt ? numberRemovedAt(s.suspendedAt).toISOString() : null,
    recycledAt: iso(s.row?.recycledAt),
    payMethods: await payMethodsFor(deps, customerId),
  };
}

// ---- the keeping order ------------------------------------------------------------------------------

export interface CreateProtectOrderInput { periods: number; key: string; customerId: number; lang: Language }

export async function createProtectOrder(deps: Deps, input: CreateProtectOrderInput): Promise<OrderRow> {
  const { customerId, periods } = input;
  // Scoped to the customer: one customer's key never answers another's order.
  const key = `protect:${customerId}:${input.key}`;
  const hash = requestHash({ periods }, customerId);
  const [earlier] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key));
  if (earlier) {
    if (earlier.requestHash !== hash) throw new GatewayError('120086');
    return earlier;
  }
  const now = deps.clock.now();
  const line = await usLine(deps, customerId);
  const days = periodsToDays(periods);
  const refusal = refusalOf(await situationOf(deps.db, line.id), days, now);
  if (refusal) throw new GatewayError(refusal.code, refusal.data ? { data: refusal.data } : {});
  const address = await taxAddressOf(deps.db, line);
  const taxRateBps = await taxRateOf(deps, address);
  const q = protectQuote(periods, taxRateBps);
  const billing: BillingAddress = address ?? { country: 'US', address1: '', city: '', state: '', zip: '' };
  for (let attempt = 0; attempt < 4; attempt++) {
    const orderNo = newOrderNo();
    const [created] = await deps.db.insert(orders).values({
      orderNo, kind: PROTECT_KIND, customerId, idempotencyKey: key, requestHash: hash,
      // Read and paid by the customer's session only; the token is never handed out.
      accessTokenHash: orderTokenHash(orderTokenFor(deps.config.codePepper, orderNo, key)),
      status: 'awaiting_payment', planId: null, globalPackId: null, addOnPackId: null, lineId: line.id,
      planName: 'Number keeping', months: periods, simType: line.simType, simCount: 0,
      unitPriceCents: PROTECT_PERIOD_CENTS, planCostCents: q.subtotalCents, multiMonthDiscountCents: 0,
      couponCode: null, discountCents: 0, referralCode: null, shippingMethod: 'standard', shippingFeeCents: 0,
      // Spec section 9: "$3.00 plus tax per 30 days".
      taxRateBps, taxCents: q.taxCents, payAmountCents: q.totalCents, autoRenew: false, channel: 'portal', reasons: [],
      // No email: nothing to track on /tracking, no SIM order emails.
      email: '', lang: input.lang,
      shipping: { country: 'US', firstNameEn: '', lastNameEn: '', phone: line.msisdn ?? '', email: '' },
      billing, fulfilment: 'pending', createdAt: now, updatedAt: now,
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

/** One of the customer's own keeping orders; "no related content or record" for anything else. */
export async function protectOrderFor(deps: Deps, orderNo: string, customerId: number): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo.trim().toUpperCase()));
  if (!order || !isProtectOrder(order) || order.customerId !== customerId) throw new GatewayError('noRecord');
  return order;
}

export async function protectOrderDataOf(deps: Deps, order: OrderRow, viewerId: number): Promise<ProtectOrderData> {
  const now = deps.clock.now();
  const days = periodsToDays(order.months);
  const [[given], [line], row, payMethods] = await Promise.all([
    deps.db.select().from(numberKeepingPeriods).where(eq(numberKeepingPeriods.orderNo, order.orderNo)),
    deps.db.select({ msisdn: lines.msisdn }).from(lines).where(eq(lines.id, order.lineId!)),
    keepingRowOf(deps.db, order.lineId!),
    payMethodsFor(deps, viewerId),
  ]);
  // Once paid, the days it gave; before, the days it would give if paid now (after those bought, when kept).
  const startsAt = given?.startsAt ?? (row?.state === 'kept' && row.keptUntil ? row.keptUntil : now);
  return {
    orderNo: order.orderNo, status: order.status, msisdn: line?.msisdn ?? null, periods: order.months, days,
    subtotalCents: order.planCostCents, taxCents: order.taxCents, amountCents: order.payAmountCents,
    startsAt: startsAt.toISOString(), endsAt: (given?.endsAt ?? keptUntilOf(startsAt, days)).toISOString(),
    extended: given ? given.startsAt.getTime() !== given.keptFrom.getTime() : row?.state === 'kept',
    payMethods, failureCode: order.failureCode, paidAt: order.paidAt?.toISOString() ?? null, createdAt: order.createdAt.toISOString(),
  };
}

/** Locks the order's line: every payment start, settle and fulfilment of one line's keeping orders runs one at a time. */
async function lockLine(tx: Db, lineId: number): Promise<LineRow | null> {
  const [line] = await tx.select().from(lines).where(eq(lines.id, lineId)).for('update');
  return line ?? null;
}

/**
 * Why a keeping order cannot be paid now (null: it can), under the line's lock: the rules of the page again, with this
 * order not counted among those being paid. Called by the payments area when a payment starts (refused with this code)
 * and when money arrived (then the order is closed and the money given back).
 */
export async function payableRefusal(tx: Db, order: OrderRow, now: Date): Promise<string | null> {
  if (!isProtectOrder(order)) return null;
  const line = await lockLine(tx, order.lineId!);
  if (!line || !line.msisdn) return 'protectUnavailable';
  return refusalOf(await situationOf(tx, line.id, order.orderNo), periodsToDays(order.months), now)?.code ?? null;
}

/**
 * In the transaction that marks the order paid: the line is given its days, once (number_keeping_periods.order_no is
 * unique): keeping starts now (the chart's protect.start), or the days follow those bought (protect.extend).
 */
export async function fulfilProtectOrder(deps: Deps, tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (!isProtectOrder(order)) return;
  const [given] = await tx.select({ id: numberKeepingPeriods.id }).from(numberKeepingPeriods).where(eq(numberKeepingPeriods.orderNo, order.orderNo));
  if (given) return;
  const line = await lockLine(tx, order.lineId!);
  if (!line) throw new Error(`keeping order ${order.orderNo} lost its line`);
  const ref: KeepingLine = { id: line.id, customerId: line.customerId };
  const days = periodsToDays(order.months);
  const s = await situationOf(tx, line.id, order.orderNo);
  const actions = protectActions(deps, ref);
  const extending = s.state === 'kept' && s.row?.keptUntil;
  if (extending) {
    await applyProtectEvent(deps, ref, { type: 'protect.extend', days, keptDays: s.row!.keptDays }, actions, tx);
  } else {
    await applyProtectEvent(deps, ref, {
      type: 'protect.start', days, service: s.service, earliestAt: s.earliestAt?.toISOString() ?? null, at: now.toISOString(),
    }, actions, tx);
  }
  // The days this order gave: the last ones of the keeping as the chart's action wrote it.
  const kept = (await keepingRowOf(tx, line.id))!;
  const endsAt = kept.keptUntil!;
  await tx.insert(numberKeepingPeriods).values({
    orderNo: order.orderNo, lineId: line.id, keptFrom: kept.keptFrom!, days, startsAt: new Date(endsAt.getTime() - days * DAY_MS), endsAt, createdAt: now,
  });
  // Keeping's emails and SMS are written in the language of the customer's last purchase.
  await tx.update(numberKeepings).set({ lang: order.lang }).where(eq(numberKeepings.lineId, line.id));
  await tx.update(orders).set({ fulfilment: 'plan_ready', updatedAt: now }).where(eq(orders.id, order.id));
}

// ---- the early end -------------------------------------------------------------------------------------

/** Spec section 4: "early end takes 4-5 hours, no refund". Asked again (a double click), the same answer. */
export async function endKeepingEarly(deps: Deps, customerId: number, lang: Language): Promise<ProtectData> {
  const line = await usLine(deps, customerId);
  const row = await keepingRowOf(deps.db, line.id);
  if (row?.state !== 'endingEarly') {
    const ref: KeepingLine = { id: line.id, customerId };
    await applyProtectEvent(deps, ref, { type: 'protect.requestEnd' }, {
      ...protectActions(deps, ref),
      requestEarlyEnd: async (tx, event) => {
        await protectActions(deps, ref).requestEarlyEnd!(tx, event);
        await tx.update(numberKeepings).set({ lang }).where(eq(numberKeepings.lineId, line.id));
      },
    });
  }
  return protectView(deps, customerId);
}

/** Issue 16, spec section 8: "90007 in number-keeping period": what conflicts with a kept number is refused. */
export async function keepingConflict(db: Db, lineId: number): Promise<'90007' | null> {
  const row = await keepingRowOf(db, lineId);
  return row && (row.state === 'kept' || row.state === 'endingEarly') ? '90007' : null;
}
