/**
 * A participation's lifecycle (machines/welfareParticipation.machine.ts) on its row of welfare_participations, applied
 * through applyLifecycleEventIn: the row locked, the chart's pure transition deciding, the named actions in the same
 * transaction, and a state_history row.
 */
import { eq } from 'drizzle-orm';
import { welfareParticipationMachine, type WelfareParticipationEvent } from '../../../machines/welfareParticipation.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { welfareParticipations } from '../db/schema';
import { applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';

const storeOf = (participationId: number): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ state: welfareParticipations.state }).from(welfareParticipations).where(eq(welfareParticipations.id, participationId)).for('update');
    return row?.state ?? null;
  },
  async save(tx, state) { await tx.update(welfareParticipations).set({ state }).where(eq(welfareParticipations.id, participationId)); },
});

/** Applies one event in the caller's transaction; the chart refusing it answers rewardUnchanged (nothing to do). */
export function applyWelfareEventIn(
  deps: Deps, tx: Db, participationId: number, event: WelfareParticipationEvent, actions: LifecycleActions<WelfareParticipationEvent>,
): Promise<AppliedEvent> {
  return applyLifecycleEventIn<WelfareParticipationEvent>(tx, {
    chart: 'welfareParticipation', machine: welfareParticipationMachine, entityRef: String(participationId), store: storeOf(participationId),
    event, actions, at: deps.clock.now(), rejectWith: 'rewardUnchanged', missingWith: 'noRecord',
  });
}

/** The same in a transaction of its own. */
export function applyWelfareEvent(deps: Deps, participationId: number, event: WelfareParticipationEvent, actions: LifecycleActions<WelfareParticipationEvent>): Promise<AppliedEvent> {
  return deps.db.transaction(async (trx) => applyWelfareEventIn(deps, trx as unknown as Db, participationId, event, actions));
}
