/**
 * A campaign reward's lifecycle (machines/campaignReward.machine.ts) on its row of campaign_rewards, applied through
 * applyLifecycleEvent: the row locked, the chart's pure transition deciding, the named actions in the same
 * transaction, and a state_history row.
 */
import { eq } from 'drizzle-orm';
import { campaignRewardMachine, type CampaignRewardEvent } from '../../../machines/campaignReward.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { campaignRewards } from '../db/schema';
import { applyLifecycleEvent, applyLifecycleEventIn, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';

const storeOf = (rewardId: number, now: Date): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ state: campaignRewards.state }).from(campaignRewards).where(eq(campaignRewards.id, rewardId)).for('update');
    return row?.state ?? null;
  },
  async save(tx, state) { await tx.update(campaignRewards).set({ state, ...(state === 'credited' ? { creditedAt: now } : {}) }).where(eq(campaignRewards.id, rewardId)); },
});

const input = (deps: Deps, rewardId: number, event: CampaignRewardEvent, actions: LifecycleActions<CampaignRewardEvent>) => {
  const now = deps.clock.now();
  return {
    chart: 'campaignReward', machine: campaignRewardMachine, entityRef: String(rewardId), store: storeOf(rewardId, now), event, actions, at: now,
    rejectWith: 'rewardUnchanged' as const, missingWith: 'noRecord' as const,
  };
};

/** Applies one event; the chart refusing it answers rewardUnchanged (decided or credited meanwhile). */
export function applyRewardEvent(deps: Deps, rewardId: number, event: CampaignRewardEvent, actions: LifecycleActions<CampaignRewardEvent>, db: Db = deps.db): Promise<AppliedEvent> {
  return applyLifecycleEvent<CampaignRewardEvent>(db, input(deps, rewardId, event, actions));
}

/** The same inside the caller's transaction (the submission writes the row, its first move and its job together). */
export function applyRewardEventIn(deps: Deps, tx: Db, rewardId: number, event: CampaignRewardEvent, actions: LifecycleActions<CampaignRewardEvent>): Promise<AppliedEvent> {
  return applyLifecycleEventIn<CampaignRewardEvent>(tx, input(deps, rewardId, event, actions));
}
