/**
 * The service chart's side of number keeping (issue 16, decision 0035; the keeping itself is src/server/protect):
 * - keepNumber: a line suspended unpaid is kept ('suspended.kept'): the 90 days to pay stop, and the recovery fee of the
 *   days suspended so far is carried (it is still owed when the line is recovered);
 * - endNumberKeeping: keeping ended: suspended unpaid again, barred (911 and 611 only), its 90 days counted from now;
 * - recoveryFeeOf: "$5 per 30 days on recovery" for the days suspended without keeping: those before keeping began
 *   (carried) and those since it ended.
 * Both run in the caller's transaction, with the keeping's own move.
 */
import { eq } from 'drizzle-orm';
import { recoveryFeeCents } from '../../domain/planCalendar';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lineLifecycles } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { applyServiceEvent, type LifecycleRow, type LineRef } from './lifecycles';
import { barJob, removeNumberJob } from './renewal';

export function keepNumber(deps: Deps, line: LineRef, tx: Db) {
  const now = deps.clock.now();
  return applyServiceEvent(deps, line, { type: 'service.keep' }, {
    stopNumberClock: async (t) => {
      const [lc] = await t.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id));
      const owed = lc?.suspendedAt ? recoveryFeeCents(lc.suspendedAt, now) : 0;
      await t.update(lineLifecycles).set({ recoveryFeeCarriedCents: (lc?.recoveryFeeCarriedCents ?? 0) + owed }).where(eq(lineLifecycles.lineId, line.id));
    },
  }, tx);
}

export function endNumberKeeping(deps: Deps, line: LineRef, tx: Db) {
  const now = deps.clock.now();
  return applyServiceEvent(deps, line, { type: 'service.keepingEnded' }, {
    restartNumberClock: async (t) => {
      await t.update(lineLifecycles).set({ suspendedAt: now }).where(eq(lineLifecycles.lineId, line.id));
      await enqueueJob(t, barJob(line.id, true, now));
      await enqueueJob(t, removeNumberJob(line.id, now));
    },
  }, tx);
}

/** The recovery fee owed now: the days suspended without keeping, each stretch's 30-day periods begun counted whole. */
export const recoveryFeeOf = (lc: Pick<LifecycleRow, 'serviceState' | 'suspendedAt' | 'recoveryFeeCarriedCents'>, now: Date): number =>
  lc.recoveryFeeCarriedCents + (lc.serviceState === 'suspended.unpaid' && lc.suspendedAt ? recoveryFeeCents(lc.suspendedAt, now) : 0);
