/**
 * Issue 4, spec section 8 "current ICCID has no plan": the customer holds a card without a plan (a dealer card) and
 * buys one at /activation/bundleForm. The activation token of step 1 names the card; the order buys exactly one plan
 * of the card's kind and type for it: no SIM is created, nothing is shipped, no eSIM is sent. Once paid (in the
 * transaction that marks the order paid) the card carries the plan and activation goes on to step 2.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { readActivationToken } from '../activation';
import { fieldError } from '../catalog';

type SimRow = typeof sims.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What the buyer asked for, as far as the card decides it. */
export interface CardAsk { planId: number | null; globalPackId: number | null; simType: 'physical' | 'esim'; simCount: number }

/**
 * A plan is bought only for a card that has none and is not activated: otherwise the error says why (spec section 8:
 * 120014 already activated, 120020 activating, 120018 expired, 120017 voided; a card with a plan is activated, not sold another).
 */
export function assertCardTakesPlan(sim: SimRow): void {
  if (sim.status === 'activated') throw new GatewayError('120014');
  if (sim.status === 'activating') throw new GatewayError('120020');
  if (sim.status === 'expired') throw new GatewayError('120018');
  if (sim.voidedAt) throw new GatewayError('120017');
  if (sim.planId != null || sim.globalPackId != null) throw new GatewayError('activationPlanExists');
}

/** The card an activation token names (activationTokenInvalid when forged, expired or naming no card). */
export async function cardOfToken(deps: Deps, token: string, db: Db = deps.db): Promise<SimRow> {
  const read = readActivationToken(deps.config.codePepper, token, deps.clock.now());
  if (!read) throw new GatewayError('activationTokenInvalid');
  const [sim] = await db.select().from(sims).where(eq(sims.iccid, read.iccid));
  if (!sim) throw new GatewayError('activationTokenInvalid');
  return sim;
}

/** "Exactly one SIM, its type fixed by the card": a US card takes a US plan, a global card a data pack. */
export function assertFitsCard(sim: SimRow, ask: CardAsk): void {
  if (sim.kind === 'us' ? ask.planId == null : ask.globalPackId == null) throw fieldError('productNotFound', 'planId');
  if (ask.simCount !== 1) throw new GatewayError('validation', { messageKey: 'validation:simCount.activation', data: { field: 'simCount' } });
  if (ask.simType !== sim.simType) throw new GatewayError('validation', { messageKey: 'validation:simType.activation', data: { field: 'simType' } });
}

/** The card an order with an activation token buys a plan for, checked against what is asked. */
export async function cardForPurchase(deps: Deps, token: string, ask: CardAsk): Promise<SimRow> {
  const sim = await cardOfToken(deps, token);
  assertCardTakesPlan(sim);
  assertFitsCard(sim, ask);
  return sim;
}

const lockCard = async (tx: Db, iccid: string): Promise<SimRow | null> => {
  const [sim] = await tx.select().from(sims).where(eq(sims.iccid, iccid)).for('update');
  return sim ?? null;
};

/**
 * Before money is taken (the order's lock held): the card must still take a plan. Another order for the same card
 * paid meanwhile, or the card activated otherwise, stops this payment before it starts.
 */
export async function assertOrderCardPayable(tx: Db, order: OrderRow): Promise<void> {
  if (!order.activationIccid) return;
  const sim = await lockCard(tx, order.activationIccid);
  if (!sim) throw new GatewayError('activationTokenInvalid');
  assertCardTakesPlan(sim);
}

/**
 * Money was taken for an order whose card got a plan from another order in the meantime (two payments that started
 * together): this one is a duplicate for the card, given back like a second payment of one order.
 */
export async function cardTakenByAnotherOrder(tx: Db, order: OrderRow): Promise<boolean> {
  if (!order.activationIccid) return false;
  const sim = await lockCard(tx, order.activationIccid);
  return sim !== null && (sim.planId != null || sim.globalPackId != null);
}

/**
 * In the transaction that marks the order paid: the card carries the plan (its pack for a global card) and the
 * order is fulfilled ('plan_ready'): nothing is created or sent but the confirmation email.
 */
export async function givePlanToCard(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (!order.activationIccid) return;
  await tx.update(sims).set({ planId: order.planId, globalPackId: order.globalPackId, months: order.months })
    .where(and(eq(sims.iccid, order.activationIccid), isNull(sims.planId), isNull(sims.globalPackId)));
  await tx.update(orders).set({ fulfilment: 'plan_ready', updatedAt: now }).where(eq(orders.id, order.id));
}
