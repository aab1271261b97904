/**
 * Number keeping's lifecycle (machines/numberProtect.machine.ts) on its row of number_keepings, applied through
 * applyLifecycleEvent: the line's lifecycle row is locked first, then the keeping's (the order a recovery, which moves
 * the service chart and then keeping, takes too), the chart's pure transition decides, the named actions run in the
 * same transaction, and a state_history row records the move. A line without a row is 'notKept'.
 */
import { eq } from 'drizzle-orm';
import { numberProtectMachine, type NumberProtectEvent } from '../../../machines/numberProtect.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { numberKeepings } from '../db/schema';
import { applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';
import { lockLifecycles } from '../plan';

export type KeepingRow = typeof numberKeepings.$inferSelect;
export interface KeepingLine { id: number; customerId: number }

/** The line's keeping row, locked for the transaction; created as 'notKept' when it has none. */
export async function lockKeeping(tx: Db, line: KeepingLine, now: Date): Promise<KeepingRow> {
  const [row] = await tx.select().from(numberKeepings).where(eq(numberKeepings.lineId, line.id)).for('update');
  if (row) return row;
  await tx.insert(numberKeepings).values({ lineId: line.id, customerId: line.customerId, state: 'notKept', updatedAt: now }).onConflictDoNothing();
  const [created] = await tx.select().from(numberKeepings).where(eq(numberKeepings.lineId, line.id)).for('update');
  return created!;
}

export async function keepingRowOf(db: Db, lineId: number): Promise<KeepingRow | null> {
  const [row] = await db.select().from(numberKeepings).where(eq(numberKeepings.lineId, lineId));
  return row ?? null;
}

const storeOf = (line: KeepingLine, now: Date): LifecycleStore => ({
  async load(tx) { return (await lockKeeping(tx, line, now)).state; },
  async save(tx, state) { await tx.update(numberKeepings).set({ state, updatedAt: now }).where(eq(numberKeepings.lineId, line.id)); },
});

/** Applies one event; the chart refusing it answers protectUnchanged (keeping moved meanwhile: refresh). */
export function applyProtectEvent(deps: Deps, line: KeepingLine, event: NumberProtectEvent, actions: LifecycleActions<NumberProtectEvent>, db: Db = deps.db): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockLifecycles(tx, line.id, line.customerId, now);
    return applyLifecycleEventIn<NumberProtectEvent>(tx, {
      chart: 'numberProtect', machine: numberProtectMachine, entityRef: String(line.id), store: storeOf(line, now), event, actions, at: now,
      rejectWith: 'protectUnchanged',
    });
  });
}
