/**
 * Renewals and recoveries (decisions 0025 and 0026): one renewals row per line, term start and kind, with one order
 * of kind 'renewal' that the payments area charges on file (the General balance or the default saved card). Two runs
 * at once, or two gateways, find the same row and the same order: the order's lock and payments_one_success make the
 * term charged once. The paid term is written to the line once (applied_at), by whichever run sees it paid first:
 * the renewal job, or plan.renewalPaid (enqueued when the payment settles, also by reconciliation).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { customers, lineLifecycles, lines, orders, renewals } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { newOrderNo, orderTokenFor, orderTokenHash } from '../orders';
import { chargeOrderOnFile, type OnFileOutcome } from '../payments';
import { applyServiceEvent, lockLifecycles, type LineRef } from './lifecycles';
import { renewPlan, startPlan } from './plan';
import { lastTermPlan } from './terms';
import { messageJob } from './messages';
import { numberRemovedAt } from '../../domain/planCalendar';

export type RenewalRow = typeof renewals.$inferSelect;
export type RenewalKind = RenewalRow['kind'];

export interface RenewalDraft {
  line: LineRef;
  kind: RenewalKind;
  periodStart: Date;
  method: 'card' | 'balance';
  feeCents?: number;
}

const orderKeyOf = (lineId: number, kind: RenewalKind, periodStart: Date) => `renewal:${lineId}:${kind}:${periodStart.toISOString()}`;

/** The renewal of a line's term, created with its order the first time it is asked for; the same row afterwards. */
export async function renewalFor(deps: Deps, draft: RenewalDraft): Promise<RenewalRow> {
  const { line, kind, periodStart } = draft;
  const find = async (db: Db) => (await db.select().from(renewals)
    .where(and(eq(renewals.lineId, line.id), eq(renewals.kind, kind), eq(renewals.periodStart, periodStart))))[0];
  const existing = await find(deps.db);
  if (existing) return existing;
  const plan = await lastTermPlan(deps.db, line.id);
  if (!plan) throw new Error(`renewal of line ${line.id}: the line never had a plan`);
  const [customer] = await deps.db.select({ email: customers.email, phone: customers.phone }).from(customers).where(eq(customers.id, line.customerId));
  const [lc] = await deps.db.select({ lang: lineLifecycles.lang }).from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id));
  const feeCents = draft.feeCents ?? 0;
  const total = plan.monthlyPriceCents + feeCents;
  const now = deps.clock.now();
  const key = orderKeyOf(line.id, kind, periodStart);
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const orderNo = newOrderNo();
    const [created] = await tx.insert(renewals).values({
      lineId: line.id, kind, periodStart, planId: plan.planId, months: 1, planCents: plan.monthlyPriceCents, feeCents, orderNo, method: draft.method, createdAt: now,
    }).onConflictDoNothing().returning();
    if (!created) return (await find(tx))!;
    await tx.insert(orders).values({
      orderNo, kind: 'renewal', customerId: line.customerId, idempotencyKey: key, requestHash: key,
      // Paid on file by the gateway, read by its customer's session: the token is never handed out.
      accessTokenHash: orderTokenHash(orderTokenFor(deps.config.codePepper, orderNo, key)),
      status: 'awaiting_payment', planId: plan.planId, globalPackId: null, planName: plan.name, months: 1, simType: 'esim', simCount: 0,
      unitPriceCents: plan.monthlyPriceCents, planCostCents: total, multiMonthDiscountCents: 0, couponCode: null, discountCents: 0,
      referralCode: null, shippingMethod: 'standard', shippingFeeCents: 0, taxRateBps: 0, taxCents: 0, payAmountCents: total,
      autoRenew: kind === 'renewal', channel: kind, reasons: [], email: customer?.email ?? '', lang: lc?.lang ?? 'en',
      shipping: { country: 'US', firstNameEn: '', lastNameEn: '', phone: customer?.phone ?? '', email: customer?.email ?? '' },
      billing: { country: 'US', address1: '', city: '', state: '', zip: '' },
      fulfilment: 'plan_ready', createdAt: now, updatedAt: now,
    });
    return created;
  });
}

/** One more try to charge a renewal, on the method it was created with: each try its own payment attempt of the order. */
export async function chargeRenewal(deps: Deps, renewal: RenewalRow): Promise<OnFileOutcome> {
  if (renewal.status === 'paid') return { status: 'succeeded', failureCode: null };
  const [counted] = await deps.db.update(renewals).set({ tries: renewal.tries + 1 })
    .where(eq(renewals.id, renewal.id)).returning({ tries: renewals.tries });
  const outcome = await chargeOrderOnFile(deps, renewal.orderNo, {
    method: renewal.method === 'card' ? 'default_card' : 'account',
    customerId: (await lineOwner(deps.db, renewal.lineId)),
    key: `order:${renewal.orderNo}:try-${counted?.tries ?? renewal.tries + 1}`,
  });
  if (outcome.status === 'failed') {
    await deps.db.update(renewals).set({ status: 'failed', failureCode: outcome.failureCode }).where(and(eq(renewals.id, renewal.id), eq(renewals.status, 'due')));
  }
  if (outcome.status === 'succeeded') await applyPaidRenewal(deps, renewal.orderNo);
  return outcome;
}

const lineOwner = async (db: Db, lineId: number) => (await db.select({ customerId: lines.customerId }).from(lines).where(eq(lines.id, lineId)))[0]!.customerId;

/**
 * A paid renewal writes its term to the line, once: plan.renew after the last term; a recovery starts a plan now and
 * brings the service back (service.recover), in one transaction with the renewal marked applied. Answers false
 * when the order is not paid, or the term was written before.
 */
export async function applyPaidRenewal(deps: Deps, orderNo: string): Promise<boolean> {
  const [order] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  if (order?.status !== 'paid') return false;
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [r] = await tx.select().from(renewals).where(eq(renewals.orderNo, orderNo)).for('update');
    if (!r || r.appliedAt) return false;
    const line: LineRef = { id: r.lineId, customerId: await lineOwner(tx, r.lineId) };
    await lockLifecycles(tx, line.id, line.customerId, now);
    if (r.kind === 'renewal') {
      await renewPlan(deps, line, { planId: r.planId, months: r.months }, tx);
    } else {
      await startPlan(deps, line, { planId: r.planId, months: r.months }, tx);
      await applyServiceEvent(deps, line, { type: 'service.recover', feeCents: r.feeCents }, {
        unbarLine: async (t) => {
          await t.update(lineLifecycles).set({ recoveryFeeCarriedCents: 0 }).where(eq(lineLifecycles.lineId, line.id));
          await enqueueJob(t, barJob(line.id, false, now));
        },
      }, tx);
    }
    await tx.update(renewals).set({ status: 'paid', failureCode: null, appliedAt: now }).where(eq(renewals.id, r.id));
    await enqueueJob(tx, messageJob(r.kind === 'renewal' ? 'renewed' : 'recovered', line.id, r.orderNo, now));
    return true;
  });
}

export const BAR_JOB = 'plan.networkBar';
/** The network is told to bar or unbar the line, as a job (an effect that leaves the database, decision 0006). */
export const barJob = (lineId: number, barred: boolean, now: Date) => ({
  kind: BAR_JOB, dedupeKey: `${BAR_JOB}:${lineId}:${barred ? 'bar' : 'unbar'}:${now.toISOString()}`, payload: { lineId, barred, at: now.toISOString() }, runAt: now,
});

/** The unpaid renewal date passed: the line is suspended (911 and 611 only), its number removed after 90 days unless paid. */
export async function suspendUnpaid(deps: Deps, line: LineRef, tx: Db): Promise<void> {
  const now = deps.clock.now();
  await applyServiceEvent(deps, line, { type: 'service.renewalUnpaid' }, {
    barLine: async (t) => {
      await t.update(lineLifecycles).set({ suspendedAt: now, suspensionReason: null, recoveryFeeCarriedCents: 0 }).where(eq(lineLifecycles.lineId, line.id));
      await enqueueJob(t, barJob(line.id, true, now));
      await enqueueJob(t, removeNumberJob(line.id, now));
      await enqueueJob(t, messageJob('suspended', line.id, now.toISOString(), now));
    },
  }, tx);
}

export const REMOVE_NUMBER_JOB = 'service.removeNumber';
/** "90 days to pay, then number removed": the removal of a suspension that began at `suspendedAt`, one per line and start. */
export const removeNumberJob = (lineId: number, suspendedAt: Date) => ({
  kind: REMOVE_NUMBER_JOB, dedupeKey: `${REMOVE_NUMBER_JOB}:${lineId}:${suspendedAt.toISOString()}`,
  payload: { lineId, suspendedAt: suspendedAt.toISOString() }, runAt: numberRemovedAt(suspendedAt),
});

/** Renewals of a line still waiting for their money (the /personal page shows the latest). */
export const unpaidRenewals = (db: Db, lineId: number) =>
  db.select().from(renewals).where(and(eq(renewals.lineId, lineId), isNull(renewals.appliedAt)));
