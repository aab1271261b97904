/**
 * The referral reward lifecycle (machines/referralReward.machine.ts) on its row of referral_rewards, applied through
 * applyLifecycleEventIn: the row is locked, the chart's pure transition decides, the named actions run in the same
 * transaction, and a state_history row records the move (entity: `<orderNo>/<slot>`).
 */
import { eq } from 'drizzle-orm';
import { referralRewardMachine, type ReferralRewardEvent } from '../../../machines/referralReward.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, referralRewards } from '../db/schema';
import { applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';

export type ReferralRow = typeof referralRewards.$inferSelect;

export async function lockReferral(tx: Db, rewardId: number): Promise<ReferralRow | null> {
  const [row] = await tx.select().from(referralRewards).where(eq(referralRewards.id, rewardId)).for('update');
  return row ?? null;
}

const storeOf = (rewardId: number, now: Date): LifecycleStore => ({
  async load(tx) { return (await lockReferral(tx, rewardId))?.state ?? null; },
  async save(tx, state) { await tx.update(referralRewards).set({ state, updatedAt: now }).where(eq(referralRewards.id, rewardId)); },
});

/** Applies one event to one referral; the chart refusing it answers referralUnchanged (it moved meanwhile). */
export function applyReferralEvent(
  deps: Deps, rewardId: number, event: ReferralRewardEvent, actions: LifecycleActions<ReferralRewardEvent>, db: Db = deps.db,
): Promise<AppliedEvent> {
  const now = deps.clock.now();
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [ref] = await tx.select({ orderNo: orders.orderNo, slot: referralRewards.slot }).from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId)).where(eq(referralRewards.id, rewardId));
    return applyLifecycleEventIn<ReferralRewardEvent>(tx, {
      chart: 'referralReward', machine: referralRewardMachine, entityRef: ref ? `${ref.orderNo}/${ref.slot}` : String(rewardId),
      store: storeOf(rewardId, now), event, actions, at: now, rejectWith: 'referralUnchanged', missingWith: 'noRecord',
    });
  });
}
