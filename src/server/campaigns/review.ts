/**
 * The staff console's campaign queue (issue 18; spec section 6: "Staff review IDs and screenshots"): participations
 * under review oldest first, one with its screenshots (each view logged with who and when), and the decision applied
 * to the campaignReward chart with the decision's record and the audit row in one transaction. Two reviewers deciding
 * at once: the chart lets one through, the other answers rewardUnchanged.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { RewardSummary } from '../../contract/campaigns';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { campaignRewards, customers, staffAccounts, staffAudit } from '../db/schema';
import { GatewayError } from '../http/errors';
import { audit, type StaffSession } from '../staff';
import { applyRewardEvent } from './lifecycle';
import { rewardScreenshot, screenshotsOf } from './screenshots';
import { rewardActions } from './service';

type RewardRow = typeof campaignRewards.$inferSelect;

async function summaries(deps: Deps, rows: RewardRow[]): Promise<RewardSummary[]> {
  if (rows.length === 0) return [];
  const who = new Map((await deps.db.select({ id: customers.id, username: customers.username, phone: customers.phone }).from(customers)
    .where(inArray(customers.id, rows.map((r) => r.customerId)))).map((c) => [c.id, c.phone ?? c.username]));
  const deciders = rows.map((r) => r.decidedBy).filter((v): v is number => v !== null);
  const names = new Map(deciders.length ? (await deps.db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts).where(inArray(staffAccounts.id, deciders))).map((s) => [s.id, s.email]) : []);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({
    id: r.id, state: r.state as RewardSummary['state'], edition: r.edition, customer: who.get(r.customerId) ?? '',
    groups: r.groups, forwardedAt: iso(r.forwardedAt), likes: r.likes, amountCents: r.amountCents,
    submittedAt: r.submittedAt.toISOString(), decidedAt: iso(r.decidedAt), decidedBy: r.decidedBy ? names.get(r.decidedBy) ?? null : null,
    reason: r.reason, creditedAt: iso(r.creditedAt),
  }));
}

export async function campaignQueue(deps: Deps, status: 'waiting' | 'decided') {
  const rows = status === 'waiting'
    ? await deps.db.select().from(campaignRewards).where(eq(campaignRewards.state, 'underReview')).orderBy(asc(campaignRewards.submittedAt), asc(campaignRewards.id)).limit(200)
    : await deps.db.select().from(campaignRewards).where(inArray(campaignRewards.state, ['approved', 'credited', 'rejected'])).orderBy(desc(campaignRewards.decidedAt)).limit(200);
  return { rewards: await summaries(deps, rows) };
}

async function rewardById(deps: Deps, id: number): Promise<RewardRow> {
  const [row] = await deps.db.select().from(campaignRewards).where(eq(campaignRewards.id, id));
  if (!row) throw new GatewayError('noRecord');
  return row;
}

export async function campaignDetail(deps: Deps, staff: StaffSession, id: number) {
  const row = await rewardById(deps, id);
  await audit(deps.db, staff.staffId, 'campaign.view', `campaign:${id}`, {}, deps.clock.now());
  const [summary] = await summaries(deps, [row]);
  const shots = await screenshotsOf(deps, id);
  const log = await deps.db.select({ action: staffAudit.action, staff: staffAccounts.email, at: staffAudit.at })
    .from(staffAudit).innerJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(eq(staffAudit.subject, `campaign:${id}`)).orderBy(desc(staffAudit.id)).limit(50);
  return {
    ...summary!,
    screenshots: shots.map((s, n) => ({ n, slot: s.slot, width: s.width, height: s.height })),
    log: log.map((l) => ({ action: l.action, staff: l.staff, at: l.at.toISOString() })),
  };
}

export async function campaignShot(deps: Deps, staff: StaffSession, id: number, n: number): Promise<Buffer> {
  const jpeg = await rewardScreenshot(deps, id, n);
  await audit(deps.db, staff.staffId, 'campaign.screenshot', `campaign:${id}`, { n }, deps.clock.now());
  return jpeg;
}

export async function decideCampaign(deps: Deps, staff: StaffSession, decision: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string }) {
  await rewardById(deps, decision.id);
  const now = deps.clock.now();
  const base = rewardActions(deps, decision.id);
  const record = async (tx: Db, action: 'approve' | 'reject', reason: string | null) => {
    await tx.update(campaignRewards).set({ decidedBy: staff.staffId }).where(eq(campaignRewards.id, decision.id));
    await audit(tx, staff.staffId, `campaign.${action}`, `campaign:${decision.id}`, reason ? { reason } : {}, now);
  };
  if (decision.decision === 'approve') {
    await applyRewardEvent(deps, decision.id, { type: 'reward.approve', staff: staff.email }, {
      ...base, recordApproval: async (tx, event) => { await record(tx, 'approve', null); await base.recordApproval!(tx, event); },
    });
  } else {
    await applyRewardEvent(deps, decision.id, { type: 'reward.reject', staff: staff.email, reason: decision.reason }, {
      ...base, recordRejection: async (tx, event) => { await record(tx, 'reject', decision.reason); await base.recordRejection!(tx, event); },
    });
  }
  const [summary] = await summaries(deps, [await rewardById(deps, decision.id)]);
  return summary!;
}
