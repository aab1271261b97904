/**
 * A card's plan starts with its line (issue 15): when the network has provisioned an activated card, the plan bought
 * with it (sims.plan_id, months) starts on the line now (plan.start), and an order placed with the auto-renewal
 * switch on (its terms accepted at checkout, spec section 5) opens auto-renewal, by the default card when there is one.
 * Job plan.startAtActivation, enqueued by the activation's transaction; a line that already has a plan keeps it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lineLifecycles, orders, savedCards, sims } from '../db/schema';
import { applyAutoRenewalEvent, unlessMoved } from './lifecycles';
import { startPlan } from './plan';
import { markAutoRenew } from './terms';

export async function startPlanOfActivatedCard(deps: Deps, input: { lineId: number; customerId: number; iccid: string }): Promise<void> {
  await deps.db.transaction(async (trx) => startInTransaction(deps, trx as unknown as Db, input));
}

async function startInTransaction(deps: Deps, tx: Db, input: { lineId: number; customerId: number; iccid: string }): Promise<void> {
  const [sim] = await tx.select({ planId: sims.planId, months: sims.months, orderId: sims.orderId }).from(sims).where(eq(sims.iccid, input.iccid));
  if (!sim?.planId) return;
  const line = { id: input.lineId, customerId: input.customerId };
  const started = await unlessMoved(() => startPlan(deps, line, { planId: sim.planId!, months: sim.months ?? 1 }, tx), '120079', '120080');
  if (!started || !sim.orderId) return;
  const [order] = await tx.select({ autoRenew: orders.autoRenew }).from(orders).where(eq(orders.id, sim.orderId));
  if (!order?.autoRenew) return;
  const [card] = await tx.select({ id: savedCards.id }).from(savedCards)
    .where(and(eq(savedCards.customerId, input.customerId), eq(savedCards.isDefault, true), isNull(savedCards.removedAt))).limit(1);
  const method = card ? 'card' as const : 'balance' as const;
  const now = deps.clock.now();
  // Activated between 0 and 3 AM Pacific: the chart refuses; the customer opens it on /personal later.
  await unlessMoved(() => applyAutoRenewalEvent(deps, line, { type: 'autoRenewal.open', method, termsAccepted: true, hasCard: !!card, at: now.toISOString() }, {
    recordOpening: async (t) => {
      await t.update(lineLifecycles).set({ autoRenewalMethod: method, termsAcceptedAt: now }).where(eq(lineLifecycles.lineId, line.id));
      await markAutoRenew(t, line.id, true, now);
    },
  }, tx), 'autoRenewalMaintenance', 'autoRenewalUnchanged');
}
