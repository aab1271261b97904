/**
 * The three lifecycles of a line (machines/plan, autoRenewal, service) on one row of line_lifecycles, applied through
 * applyLifecycleEvent: the row is locked, the chart's pure transition decides, the named actions run in the same
 * transaction, and a state_history row records the move. A line with no row yet is read as it stands (its terms in
 * plan_subscriptions, the checkout's auto-renew switch) when the first event reaches it.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { planMachine, type PlanEvent, type PlanState } from '../../../machines/plan.machine';
import { autoRenewalMachine, type AutoRenewalEvent } from '../../../machines/autoRenewal.machine';
import { serviceMachine, type ServiceEvent } from '../../../machines/service.machine';
import { inMaintenance, maintenanceEndsAt } from '../../domain/planCalendar';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lineLifecycles, planSubscriptions, savedCards } from '../db/schema';
import { applyLifecycleEvent, applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';
import { GatewayError } from '../http/errors';

export type LifecycleRow = typeof lineLifecycles.$inferSelect;

/** What the line's own rows say, for a line that has no lifecycle row yet. */
async function initialRow(tx: Db, lineId: number, customerId: number, now: Date): Promise<typeof lineLifecycles.$inferInsert> {
  const terms = await tx.select().from(planSubscriptions).where(and(eq(planSubscriptions.lineId, lineId), gt(planSubscriptions.expiresAt, now)));
  const main = terms.find((t) => t.status === 'main' && t.startsAt <= now);
  const planState: PlanState = !main ? 'none' : terms.some((t) => t.status === 'pending') ? 'main.pending' : 'main.only';
  const renews = main?.autoRenew ?? false;
  const [card] = renews
    ? await tx.select({ id: savedCards.id }).from(savedCards).where(and(eq(savedCards.customerId, customerId), eq(savedCards.isDefault, true), isNull(savedCards.removedAt))).limit(1)
    : [];
  const method = renews ? (card ? 'card' : 'balance') : null;
  return { lineId, planState, autoRenewalState: method ? `open.${method}` : 'notOpen', autoRenewalMethod: method, updatedAt: now };
}

/** The line's lifecycle row, locked for the transaction; created from the line's rows when it has none. */
export async function lockLifecycles(tx: Db, lineId: number, customerId: number, now: Date): Promise<LifecycleRow> {
  const [row] = await tx.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, lineId)).for('update');
  if (row) return row;
  await tx.insert(lineLifecycles).values(await initialRow(tx, lineId, customerId, now)).onConflictDoNothing();
  const [created] = await tx.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, lineId)).for('update');
  return created!;
}

type Column = 'planState' | 'autoRenewalState' | 'serviceState';

const storeOf = (lineId: number, customerId: number, now: Date, column: Column): LifecycleStore => ({
  async load(tx) { return (await lockLifecycles(tx, lineId, customerId, now))[column]; },
  async save(tx, state) { await tx.update(lineLifecycles).set({ [column]: state, updatedAt: now }).where(eq(lineLifecycles.lineId, lineId)); },
});

export interface LineRef { id: number; customerId: number }

/** The plan chart refuses by the state the line is in: no plan (120079), or a pending plan already (120080). */
const planRefusal = (from: string) => (from === 'none' ? '120079' : '120080');

export function applyPlanEvent(deps: Deps, line: LineRef, event: PlanEvent, actions: LifecycleActions<PlanEvent>, db: Db = deps.db): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return applyLifecycleEvent<PlanEvent>(db, {
    chart: 'plan', machine: planMachine, entityRef: String(line.id), store: storeOf(line.id, line.customerId, now, 'planState'),
    event, actions, at: now, rejectWith: planRefusal,
  });
}

/** "Maintenance 0-3 AM Pacific: cannot be changed": the refusal says when to come back, in Pacific time. */
export const maintenanceRefusal = (at: Date): GatewayError =>
  new GatewayError('autoRenewalMaintenance', { data: { retryAt: maintenanceEndsAt(at).toISOString() } });

export function applyAutoRenewalEvent(
  deps: Deps, line: LineRef, event: AutoRenewalEvent, actions: LifecycleActions<AutoRenewalEvent>, db: Db = deps.db, meta?: Record<string, unknown>,
): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return applyLifecycleEvent<AutoRenewalEvent>(db, {
    chart: 'autoRenewal', machine: autoRenewalMachine, entityRef: String(line.id), store: storeOf(line.id, line.customerId, now, 'autoRenewalState'),
    event, actions, at: now, meta,
    rejectWith: () => {
      if (inMaintenance(new Date(event.at))) return maintenanceRefusal(new Date(event.at));
      if (event.type === 'autoRenewal.open' && !event.termsAccepted) return new GatewayError('validation', { messageKey: 'portalPlan:refusal.terms', data: { field: 'termsAccepted' } });
      if ((event.type === 'autoRenewal.open' || event.type === 'autoRenewal.changeMethod') && event.method === 'card' && !event.hasCard) {
        return new GatewayError('validation', { messageKey: 'validation:card.noSaved', data: { field: 'method' } });
      }
      return 'autoRenewalUnchanged';
    },
  });
}

/**
 * What another area does when the line's service moves, in the same transaction (issue 16: number keeping follows a
 * recovery and a number removal, decision 0035). Registered by that area at its composition, so this area need not
 * import it (it imports this one).
 */
export type ServiceListener = (deps: Deps, tx: Db, line: LineRef, event: ServiceEvent, moved: AppliedEvent) => Promise<void>;
const serviceListeners: ServiceListener[] = [];
export function onServiceChange(listener: ServiceListener): void {
  if (!serviceListeners.includes(listener)) serviceListeners.push(listener);
}

export function applyServiceEvent(deps: Deps, line: LineRef, event: ServiceEvent, actions: LifecycleActions<ServiceEvent>, db: Db = deps.db): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const moved = await applyLifecycleEventIn<ServiceEvent>(tx, {
      chart: 'service', machine: serviceMachine, entityRef: String(line.id), store: storeOf(line.id, line.customerId, now, 'serviceState'),
      event, actions, at: now, rejectWith: 'serviceUnchanged',
    });
    for (const listener of serviceListeners) await listener(deps, tx, line, event, moved);
    return moved;
  });
}

/** Another run (or another gateway) moved the line first: the chart refused ours, and nothing was written. */
export async function unlessMoved<T>(apply: () => Promise<T>, ...codes: string[]): Promise<T | null> {
  try {
    return await apply();
  } catch (error) {
    if (error instanceof GatewayError && codes.includes(error.code)) return null;
    throw error;
  }
}
