/**
 * SIM replacement on the gateway (issue 16 section 4, decision 0037; spec section 2 /personal/upgradeNewCard):
 * - ordering: after re-authentication (FCC 23-95: a code to the line or, when the line is lost, to the account's email,
 *   and the password), refused while the number lock is on (numberLocked), while the number is kept (90007) or once it
 *   was removed; free, shipped by standard delivery like any order (an order of kind 'replacement' paid $0, fulfilled
 *   by order.fulfil: the card is made and posted, the shipment chart tells this one when it ships). One replacement in
 *   progress per line (a unique index, so two requests at once make one); once per Idempotency-Key;
 * - activating: the new card, proven by its ICCID and printed code (the activation's tries and lock), takes over the
 *   line in one transaction: the replacement's chart, the new card (sim.takeLine), the line, the old card
 *   (sim.replaced: void) and a card converted away from before it, the SIM change's record, the network's move and the
 *   customer's notice;
 * - cancelling: before the move; the new card (if made) is void, the line stays on its card.
 * The customer hears of each step by SMS and email (the simSecurity notices).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import { activationDeadline } from '../../domain/simExpiry';
import { DAY_MS } from '../../domain/planCalendar';
import { simLifecycleMachine } from '../../../machines/simLifecycle.machine';
import type { ReplacementData, ReplacementInfo, ReplacementReason, ReplacementShipping } from '../../contract/replacement';
import { simExpired, simStore, spendTry } from '../activation';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { applyLifecycleEventIn } from '../db/lifecycle';
import { customers, lineLifecycles, lines, orders, payments, simChanges, simReplacements, sims, type ShippingInfo } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { enqueueJob } from '../jobs/queue';
import { newOrderNo, orderTokenFor, orderTokenHash } from '../orders';
import { markOrderPaid } from '../payments';
import { requireUsLine } from '../portal';
import { checkReauth, moveNumberJob, noticeJob, type Reauth, type ReauthChannel } from '../simSecurity';
import { applyReplacementEvent, type ReplacementRow } from './lifecycle';

type LineRow = typeof lines.$inferSelect;
/** A finished replacement is still shown (moved, cancelled) for this long. */
const SHOWN_AFTER_MS = 30 * DAY_MS;
const OPEN = ['ordered', 'shipped'] as const;
/** What the page calls the order (orders.plan_name; the pages name it in the customer's language). */
export const REPLACEMENT_ORDER_NAME = 'SIM replacement';

const storedKey = (customerId: number, key: string) => `${customerId}:${key}`;
const newPublicId = () => `RS${randomBytes(6).toString('hex').toUpperCase()}`;

async function serviceOf(db: Db, lineId: number): Promise<string> {
  const [lc] = await db.select({ state: lineLifecycles.serviceState }).from(lineLifecycles).where(eq(lineLifecycles.lineId, lineId));
  return lc?.state ?? 'active';
}

/** Why this line cannot change its SIM now, as the customer is told (null: it can). */
function refusalOf(line: Pick<LineRow, 'numberLockedAt'>, service: string): GatewayError | null {
  if (service === 'numberRemoved') return new GatewayError('replacementUnavailable');
  // Spec 90007 "in number-keeping period": a kept number stays on its card until keeping ends (decision 0035).
  if (service === 'suspended.kept') return new GatewayError('90007');
  if (line.numberLockedAt) return new GatewayError('numberLocked');
  return null;
}

const openReplacementOf = async (db: Db, lineId: number): Promise<ReplacementRow | null> =>
  (await db.select().from(simReplacements).where(and(eq(simReplacements.lineId, lineId), inArray(simReplacements.state, [...OPEN]))).limit(1))[0] ?? null;

async function shownReplacement(deps: Deps, lineId: number): Promise<ReplacementRow | null> {
  const open = await openReplacementOf(deps.db, lineId);
  if (open) return open;
  const since = new Date(deps.clock.now().getTime() - SHOWN_AFTER_MS);
  const [last] = await deps.db.select().from(simReplacements)
    .where(and(eq(simReplacements.lineId, lineId), or(gte(simReplacements.movedAt, since), gte(simReplacements.cancelledAt, since))))
    .orderBy(desc(simReplacements.id)).limit(1);
  return last ?? null;
}

async function replacementView(deps: Deps, row: ReplacementRow): Promise<ReplacementData> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId));
  const [card] = await deps.db.select().from(sims).where(eq(sims.orderId, row.orderId)).limit(1);
  const s = order!.shipping;
  // Spec section 4: "Physical SIM must be activated within 90 days of purchase" (src/domain/simExpiry).
  const activateBy = card ? activationDeadline(card) : null;
  return {
    id: row.publicId, orderNo: order!.orderNo, reason: row.reason, state: row.state, createdAt: row.createdAt.toISOString(),
    shipTo: { name: `${s.firstNameEn} ${s.lastNameEn}`.trim(), city: s.city ?? '', state: s.state ?? '', country: s.country },
    shippedAt: row.shippedAt?.toISOString() ?? null, carrier: order!.carrier, trackingNumber: order!.trackingNumber,
    newIccidEnd: card ? card.iccid.slice(-4) : null, activateBy: activateBy?.toISOString() ?? null,
    movedAt: row.movedAt?.toISOString() ?? null, cancelledAt: row.cancelledAt?.toISOString() ?? null, cancelReason: row.cancelReason,
  };
}

/** The form starts from the address the customer's last physical SIM went to, or the account's own. */
async function shippingDraft(deps: Deps, customerId: number, line: LineRow): Promise<ReplacementInfo['shippingDraft']> {
  const [last] = await deps.db.select({ shipping: orders.shipping }).from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.simType, 'physical'), inArray(orders.kind, ['plan', 'replacement']), isNotNull(orders.paidAt)))
    .orderBy(desc(orders.id)).limit(1);
  const [me] = await deps.db.select().from(customers).where(eq(customers.id, customerId));
  const s = last?.shipping;
  if (s?.address1) {
    return {
      country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn, phone: s.phone,
      address1: s.address1 ?? '', address2: s.address2 ?? '', city: s.city ?? '', state: s.state ?? '', zip: s.zip ?? '',
    };
  }
  const b = me?.billingAddress;
  return {
    country: b?.country ?? 'US', firstNameEn: me?.firstNameEn ?? '', lastNameEn: me?.lastNameEn ?? '', phone: me?.contactPhone ?? line.msisdn ?? '',
    address1: b?.address1 ?? '', address2: b?.address2 ?? '', city: b?.city ?? '', state: b?.state ?? '', zip: b?.zip ?? '',
  };
}

export async function replacementInfo(deps: Deps, customerId: number): Promise<ReplacementInfo> {
  const line = await requireUsLine(deps, customerId) as LineRow;
  const service = await serviceOf(deps.db, line.id);
  const shown = await shownReplacement(deps, line.id);
  return {
    usNumber: line.msisdn!, simType: line.simType, iccidEnd: line.iccid.slice(-4),
    numberLocked: line.numberLockedAt !== null, numberKept: service === 'suspended.kept', numberRemoved: service === 'numberRemoved',
    replacement: shown ? await replacementView(deps, shown) : null,
    shippingDraft: await shippingDraft(deps, customerId, line),
  };
}

/** The same key again: the same answer; the key with another body: 120086 (spec: "do not submit twice"). */
async function replayOf(deps: Deps, customerId: number, key: string, hash: string): Promise<ReplacementInfo | null> {
  const [done] = await deps.db.select({ hash: orders.requestHash }).from(simReplacements).innerJoin(orders, eq(orders.id, simReplacements.orderId))
    .where(and(eq(simReplacements.idempotencyKey, key), eq(simReplacements.customerId, customerId)));
  if (!done) return null;
  if (done.hash !== hash) throw new GatewayError('120086');
  return replacementInfo(deps, customerId);
}

export interface OrderReplacementInput {
  customerId: number; reason: ReplacementReason; shipping: ReplacementShipping; key: string; reauth: Reauth; ip: string; lang: Language;
}

export async function orderReplacement(deps: Deps, input: OrderReplacementInput): Promise<ReplacementInfo> {
  const line = await requireUsLine(deps, input.customerId) as LineRow;
  const key = storedKey(input.customerId, input.key);
  const hash = requestHash({ reason: input.reason, shipping: input.shipping }, input.customerId);
  const replayed = await replayOf(deps, input.customerId, key, hash);
  if (replayed) return replayed;
  const refusal = refusalOf(line, await serviceOf(deps.db, line.id));
  if (refusal) throw refusal;
  if (await openReplacementOf(deps.db, line.id)) throw new GatewayError('replacementOpen');
  let channel: ReauthChannel;
  try {
    channel = await checkReauth(deps, { customerId: input.customerId, ip: input.ip, ...input.reauth });
  } catch (error) {
    // One code, two requests with one key (a double press, a retry): the first spent it. When its order is in by now,
    // this one answers it.
    if (error instanceof GatewayError && error.code === 'codeExpired') {
      const again = await replayOf(deps, input.customerId, key, hash);
      if (again) return again;
    }
    throw error;
  }
  const now = deps.clock.now();
  const [me] = await deps.db.select({ email: customers.email, billing: customers.billingAddress }).from(customers).where(eq(customers.id, input.customerId));
  const s = input.shipping;
  const shipping: ShippingInfo = {
    country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn, firstNameZh: null, lastNameZh: null, phone: s.phone, email: me?.email ?? '',
    address1: s.address1, address2: s.address2 ?? null, city: s.city, state: s.state, zip: s.zip,
  };
  const publicId = newPublicId();
  const made = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The line as it is now, locked: a lock turned on meanwhile is seen; two orders at once queue here.
    const [current] = await tx.select().from(lines).where(eq(lines.id, line.id)).for('update');
    const again = refusalOf(current!, await serviceOf(tx, line.id));
    if (again) throw again;
    if (await openReplacementOf(tx, line.id)) return null;
    const orderNo = newOrderNo();
    const [order] = await tx.insert(orders).values({
      orderNo, kind: 'replacement', customerId: input.customerId, idempotencyKey: `replacement:${key}`, requestHash: hash,
      // Read by the customer's session only; the token is never handed out.
      accessTokenHash: orderTokenHash(orderTokenFor(deps.config.codePepper, orderNo, key)),
      status: 'awaiting_payment', planId: null, globalPackId: null, addOnPackId: null, lineId: line.id,
      planName: REPLACEMENT_ORDER_NAME, months: 0, simType: 'physical', simCount: 1,
      // Decision 0037: the card and its standard delivery are free (spec section 9: "Shipping ... free in US and China").
      unitPriceCents: 0, planCostCents: 0, multiMonthDiscountCents: 0, couponCode: null, discountCents: 0, referralCode: null,
      shippingMethod: 'standard', shippingFeeCents: 0, taxRateBps: 0, taxCents: 0, payAmountCents: 0, autoRenew: false,
      channel: 'portal', reasons: [], email: shipping.email, lang: input.lang, shipping,
      billing: me?.billing ?? { country: s.country, address1: s.address1 ?? '', address2: s.address2 ?? null, city: s.city ?? '', state: s.state ?? '', zip: s.zip ?? '' },
      fulfilment: 'pending', createdAt: now, updatedAt: now,
    }).returning();
    const [replacement] = await tx.insert(simReplacements).values({
      publicId, lineId: line.id, customerId: input.customerId, orderId: order!.id, reason: input.reason, state: 'ordered',
      fromIccid: current!.iccid, reauth: channel, idempotencyKey: key, ip: input.ip, lang: input.lang, createdAt: now,
    }).onConflictDoNothing().returning();
    // Another request made one first (the unique index of open replacements, or the same key): nothing of this one stays.
    if (!replacement) throw new ConflictLost();
    // No provider takes $0 (payments/free.ts): a payment of nothing, and the order paid by its chart, fulfilment enqueued.
    await tx.insert(payments).values({
      payableKind: 'order', payableRef: orderNo, customerId: input.customerId, method: 'account', idempotencyKey: `replacement:${publicId}`,
      requestHash: hash, amountCents: 0, status: 'succeeded', provider: 'none', createdAt: now, updatedAt: now,
    });
    await markOrderPaid(deps, tx, order!, 'account', now);
    await enqueueJob(tx, noticeJob('replacementOrdered', line.id, now, input.lang, { ref: publicId, place: [s.city, s.state].filter(Boolean).join(', ') }));
    return replacement;
  }).catch(async (error) => {
    if (error instanceof ConflictLost) return null;
    throw error;
  });
  if (!made) {
    const replay = await replayOf(deps, input.customerId, key, hash);
    if (replay) return replay;
    throw new GatewayError('replacementOpen');
  }
  return replacementInfo(deps, input.customerId);
}

class ConflictLost extends Error {}

/** The card of a replacement (made by the order's fulfilment), if made yet. */
async function cardOf(db: Db, orderId: number) {
  const [card] = await db.select().from(sims).where(eq(sims.orderId, orderId)).limit(1);
  return card ?? null;
}

/** Cancels `row` in the caller's transaction: the replacement's chart, its card void, the customer told. */
async function cancelIn(deps: Deps, tx: Db, row: ReplacementRow, reason: 'customer' | 'cardExpired' | 'lineEnded', now: Date) {
  await applyReplacementEvent(tx, row, { type: 'replacement.cancel', reason }, {
    voidNewCard: async (t) => {
      await t.update(simReplacements).set({ cancelReason: reason }).where(eq(simReplacements.id, row.id));
      // An expired card stays expired: it can carry no line either way.
      const card = await cardOf(t, row.orderId);
      if (card?.status === 'inactive') await simEvent(t, card.iccid, { type: 'sim.voidReplacement', replacementId: row.publicId }, now, { lineId: row.lineId });
    },
  }, now);
  await enqueueJob(tx, noticeJob('replacementCancelled', row.lineId, now, row.lang as Language, { ref: row.publicId }));
}

export async function cancelReplacement(deps: Deps, input: { customerId: number }): Promise<ReplacementInfo> {
  const line = await requireUsLine(deps, input.customerId);
  const open = await openReplacementOf(deps.db, line.id);
  if (!open) throw new GatewayError('replacementNotReady');
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => cancelIn(deps, trx as unknown as Db, open, 'customer', now));
  return replacementInfo(deps, input.customerId);
}

/**
 * The new card takes over the line. The card is proven first (its ICCID among this replacement's, then its code with the
 * activation's tries and lock), then the line's refusals; everything else happens in one transaction.
 */
export async function activateReplacement(deps: Deps, input: { customerId: number; iccid: string; activationCode: string; lang: Language }): Promise<ReplacementInfo> {
  const line = await requireUsLine(deps, input.customerId) as LineRow;
  const open = await openReplacementOf(deps.db, line.id);
  if (!open || open.state !== 'shipped') throw new GatewayError('replacementNotReady');
  const card = await cardOf(deps.db, open.orderId);
  // Spec 120021 "enter correct ICCID": not the card this replacement sent.
  if (!card || card.iccid !== input.iccid) throw new GatewayError('120021', { data: { field: 'iccid' } });
  const now = deps.clock.now();
  if (card.activationLockedUntil && card.activationLockedUntil > now) {
    const seconds = Math.max(1, Math.ceil((card.activationLockedUntil.getTime() - now.getTime()) / 1000));
    throw new GatewayError('activationLocked', { data: { retryAfterSeconds: seconds }, headers: { 'retry-after': String(seconds) } });
  }
  await spendTry(deps, card, input.activationCode);
  if (simExpired(card, now)) {
    // Spec section 4: "Physical SIM must be activated within 90 days of purchase": this card can no longer carry the
    // line; the replacement ends so another can be ordered.
    await deps.db.transaction(async (trx) => cancelIn(deps, trx as unknown as Db, open, 'cardExpired', now));
    throw new GatewayError('120018');
  }
  const refusal = refusalOf(line, await serviceOf(deps.db, line.id));
  if (refusal) throw refusal;
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [current] = await tx.select().from(lines).where(eq(lines.id, line.id)).for('update');
    const service = await serviceOf(tx, line.id);
    await applyReplacementEvent(tx, open, { type: 'replacement.activate', numberLocked: current!.numberLockedAt !== null, numberKept: service === 'suspended.kept' }, {
      moveLine: async (t) => {
        const fromIccid = current!.iccid;
        // A card the line was converted away from (physical to eSIM) can no longer be gone back to: it stops too.
        const [converted] = await t.select({ fromIccid: simChanges.fromIccid }).from(simChanges)
          .where(and(eq(simChanges.lineId, line.id), eq(simChanges.kind, 'toEsim'), eq(simChanges.toIccid, fromIccid))).orderBy(desc(simChanges.id)).limit(1);
        const sim = (iccid: string, event: Parameters<typeof simEvent>[2]) => simEvent(t, iccid, event, now, { lineId: line.id, replacement: open.publicId });
        await sim(card.iccid, { type: 'sim.takeLine', replacementId: open.publicId });
        await t.update(lines).set({ iccid: card.iccid, simType: 'physical', simStatus: 'activated' }).where(eq(lines.id, line.id));
        await sim(fromIccid, { type: 'sim.replaced', replacementId: open.publicId });
        if (converted) {
          const [old] = await t.select({ status: sims.status, voidedAt: sims.voidedAt }).from(sims).where(eq(sims.iccid, converted.fromIccid));
          if (old?.status === 'activated' && old.voidedAt) await sim(converted.fromIccid, { type: 'sim.replaced', replacementId: open.publicId });
        }
        await t.update(simReplacements).set({ newIccid: card.iccid }).where(eq(simReplacements.id, open.id));
        await t.insert(simChanges).values({
          lineId: line.id, customerId: input.customerId, kind: 'replacement', fromIccid, toIccid: card.iccid, reauth: open.reauth,
          idempotencyKey: `replacement:${open.publicId}`, ip: open.ip, createdAt: now,
        });
        await enqueueJob(t, moveNumberJob(line.id, fromIccid, card.iccid, `replacement:${open.publicId}`, now));
        await enqueueJob(t, noticeJob('replaced', line.id, now, input.lang, { ref: open.publicId }));
      },
    }, now, current!.numberLockedAt ? 'numberLocked' : service === 'suspended.kept' ? '90007' : 'replacementNotReady');
  });
  return replacementInfo(deps, input.customerId);
}

type SimEvent = Parameters<typeof simLifecycleMachine.transition>[1];

function simEvent(tx: Db, iccid: string, event: SimEvent, now: Date, meta: Record<string, unknown>) {
  return applyLifecycleEventIn(tx, {
    chart: 'simLifecycle', machine: simLifecycleMachine, entityRef: iccid, store: simStore(iccid, now), event, actions: {}, at: now,
    rejectWith: 'simUnchanged', meta,
  });
}
