/**
 * The dual number's lifecycle (machines/dualNumber.machine.ts) on its row of dual_numbers, applied through
 * applyLifecycleEvent: the row is locked, the chart's pure transition decides, the named actions run in the same
 * transaction, and a state_history row records the move. A line without a row is 'notOpened'.
 */
import { eq } from 'drizzle-orm';
import { dualNumberMachine, type DualNumberEvent } from '../../../machines/dualNumber.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { dualNumbers } from '../db/schema';
import { applyLifecycleEvent, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';

export type DualRow = typeof dualNumbers.$inferSelect;
export interface DualLine { id: number; customerId: number }

/** The line's dual-number row, locked for the transaction; created as 'notOpened' when it has none. */
export async function lockDual(tx: Db, line: DualLine, now: Date): Promise<DualRow> {
  const [row] = await tx.select().from(dualNumbers).where(eq(dualNumbers.lineId, line.id)).for('update');
  if (row) return row;
  await tx.insert(dualNumbers).values({ lineId: line.id, customerId: line.customerId, state: 'notOpened', updatedAt: now }).onConflictDoNothing();
  const [created] = await tx.select().from(dualNumbers).where(eq(dualNumbers.lineId, line.id)).for('update');
  return created!;
}

export async function dualRowOf(db: Db, lineId: number): Promise<DualRow | null> {
  const [row] = await db.select().from(dualNumbers).where(eq(dualNumbers.lineId, lineId));
  return row ?? null;
}

const storeOf = (line: DualLine, now: Date): LifecycleStore => ({
  async load(tx) { return (await lockDual(tx, line, now)).state; },
  async save(tx, state) { await tx.update(dualNumbers).set({ state, updatedAt: now }).where(eq(dualNumbers.lineId, line.id)); },
});

/** Applies one event; the chart refusing it answers dualUnchanged (the number moved meanwhile: refresh). */
export function applyDualEvent(deps: Deps, line: DualLine, event: DualNumberEvent, actions: LifecycleActions<DualNumberEvent>, db: Db = deps.db): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return applyLifecycleEvent<DualNumberEvent>(db, {
    chart: 'dualNumber', machine: dualNumberMachine, entityRef: String(line.id), store: storeOf(line, now), event, actions, at: now,
    rejectWith: 'dualUnchanged',
  });
}

/** The partner's name for the line: what holdChinaNumber and setChinaNumber key on. */
export const partnerLineRef = (lineId: number) => `line:${lineId}`;
