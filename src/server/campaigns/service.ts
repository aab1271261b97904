/**
 * The customer's side of the Lunar New Year campaign (issue 18, decision 0042): who may take part (spec section 6:
 * "current individual users (bought but unactivated included); not business customers, enterprise, employee or
 * agents"), the participation (one per customer and edition: the unique index decides, so parallel sends store one),
 * and the chart's actions. Money: the claim's amount (src/domain/campaigns.ts), credited to the General account once
 * through balance_ledger (reference `campaign:<id>`).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CampaignRewardEvent } from '../../../machines/campaignReward.machine';
import type { LunarNewYearData, LunarNewYearSubmission, Participation } from '../../contract/campaigns';
import { creditBy, reviewStartsAt, rewardCents, screenshotReadyAt, startsAt, type CampaignEdition } from '../../domain/campaigns';
import { joinsProgrammes } from '../../domain/customerType';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, campaignImages, campaignRewards, customers, lines, orders } from '../db/schema';
import type { LifecycleActions } from '../db/lifecycle';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { currentEdition, pastEditions } from './editions';
import { campaignJob } from './jobRequests';
import { applyRewardEventIn } from './lifecycle';
import { screenshotsOf } from './screenshots';

export type Eligibility = LunarNewYearData['eligibility'];

/** Individual, and a current customer: a line (activated or not) or a paid order. */
export async function eligibilityOf(deps: Deps, customerId: number): Promise<Eligibility> {
  const [customer] = await deps.db.select({ type: customers.customerType }).from(customers).where(eq(customers.id, customerId));
  if (!customer || !joinsProgrammes(customer.type)) return 'notIndividual';
  const [line] = await deps.db.select({ id: lines.id }).from(lines).where(eq(lines.customerId, customerId)).limit(1);
  if (line) return 'eligible';
  const [paid] = await deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.customerId, customerId), eq(orders.status, 'paid'))).limit(1);
  return paid ? 'eligible' : 'notCustomer';
}

const editionView = (e: CampaignEdition) => ({ ...e, creditBy: creditBy(e).toISOString() });

type RewardRow = typeof campaignRewards.$inferSelect;
async function participationView(deps: Deps, row: RewardRow): Promise<Participation> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id, state: row.state as Participation['state'], groups: row.groups, forwardedAt: iso(row.forwardedAt), likes: row.likes,
    amountCents: row.amountCents, submittedAt: row.submittedAt.toISOString(), decidedAt: iso(row.decidedAt),
    reason: row.state === 'rejected' ? row.reason : null, creditedAt: iso(row.creditedAt),
    screenshots: (await screenshotsOf(deps, row.id)).map((s) => ({ ref: s.ref, slot: s.slot })),
  };
}

export async function lunarNewYearView(deps: Deps, customerId: number | null): Promise<LunarNewYearData> {
  const current = currentEdition(deps);
  const base = { current: current ? editionView(current) : null, past: pastEditions(deps).map(editionView) };
  if (customerId === null) return { ...base, eligibility: 'visitor', participation: null };
  const eligibility = await eligibilityOf(deps, customerId);
  // The participation shown: the current edition's, else the last one the customer took part in.
  const rows = await deps.db.select().from(campaignRewards).where(eq(campaignRewards.customerId, customerId));
  const mine = rows.find((r) => r.edition === current?.id) ?? rows.sort((a, b) => b.id - a.id)[0];
  return { ...base, eligibility, participation: mine ? await participationView(deps, mine) : null };
}

/** Every action of the chart, for one participation: the host's side of machines/campaignReward.machine.ts. */
export function rewardActions(deps: Deps, rewardId: number): LifecycleActions<CampaignRewardEvent> {
  const now = deps.clock.now();
  return {
    recordApproval: async (tx) => {
      await tx.update(campaignRewards).set({ decidedAt: now }).where(eq(campaignRewards.id, rewardId));
      // "credit within 7 business days": the credit is asked for at once; the job runs it (and retries it) on the clock.
      await enqueueJob(tx, campaignJob('credit', rewardId, now));
    },
    recordRejection: async (tx, event) => {
      await tx.update(campaignRewards).set({ decidedAt: now, reason: event.type === 'reward.reject' ? event.reason : null }).where(eq(campaignRewards.id, rewardId));
    },
    creditGeneralAccount: async (tx) => {
      const [reward] = await tx.select().from(campaignRewards).where(eq(campaignRewards.id, rewardId));
      if (!reward) throw new GatewayError('noRecord');
      // The ledger's unique reference is the participation's: a second credit of it writes nothing.
      const credited = await tx.insert(balanceLedger).values({
        customerId: reward.customerId, account: 'general', deltaCents: reward.amountCents, reference: `campaign:${reward.id}`, createdAt: now,
      }).onConflictDoNothing({ target: balanceLedger.reference }).returning({ id: balanceLedger.id });
      if (credited.length === 0) return;
      await tx.insert(balances).values({ customerId: reward.customerId, generalCents: reward.amountCents })
        .onConflictDoUpdate({ target: balances.customerId, set: { generalCents: sql`${balances.generalCents} + ${reward.amountCents}` } });
    },
  };
}

/**
 * Takes part in the edition running now: eligible, the group screenshots taken 24 hours after forwarding, the
 * screenshots the customer's own and unused; the row, its screenshots and the review's job in one transaction.
 */
export async function submitLunarNewYear(deps: Deps, customerId: number, body: LunarNewYearSubmission, lang: Language): Promise<LunarNewYearData> {
  const now = deps.clock.now();
  const edition = currentEdition(deps, now);
  if (!edition) throw new GatewayError('campaignClosed');
  if ((await eligibilityOf(deps, customerId)) !== 'eligible') throw new GatewayError('campaignNotEligible');
  const forwardedAt = body.groups > 0 && body.forwardedAt ? new Date(body.forwardedAt) : null;
  if (forwardedAt) {
    if (forwardedAt < startsAt(edition) || forwardedAt > now) throw new GatewayError('validation', { messageKey: 'validation:campaign.forwardedAt.required', data: { field: 'forwardedAt' } });
    const readyAt = screenshotReadyAt(forwardedAt);
    if (readyAt > now) throw new GatewayError('campaignTooEarly', { data: { readyAt: readyAt.toISOString() } });
  }
  const wanted = [
    ...(body.groups > 0 ? body.groupShots.map((ref) => ({ ref, slot: 'group' as const })) : []),
    ...(body.likes !== null && body.socialShot ? [{ ref: body.socialShot, slot: 'social' as const }] : []),
  ];
  const claim = { groups: body.groups, likes: body.likes };
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const found = await tx.select({ id: campaignImages.id, ref: campaignImages.ref, slot: campaignImages.slot }).from(campaignImages)
      .where(and(inArray(campaignImages.ref, wanted.map((w) => w.ref)), eq(campaignImages.customerId, customerId), isNull(campaignImages.rewardId), isNull(campaignImages.deletedAt)))
      .for('update');
    const ok = wanted.every((w) => found.some((f) => f.ref === w.ref && f.slot === w.slot));
    if (!ok) throw new GatewayError('validation', { messageKey: 'validation:campaign.screenshot.required', data: { field: 'screenshots' } });
    // "one participation per user": the unique index (edition, customer) lets one of any parallel sends through.
    const [row] = await tx.insert(campaignRewards).values({
      customerId, edition: edition.id, state: 'submitted', groups: body.groups, forwardedAt, likes: body.likes, postedAt: null,
      amountCents: rewardCents(claim), lang, submittedAt: now,
    }).onConflictDoNothing().returning({ id: campaignRewards.id });
    if (!row) throw new GatewayError('90056');
    await tx.update(campaignImages).set({ rewardId: row.id }).where(inArray(campaignImages.id, found.map((f) => f.id)));
    const opens = reviewStartsAt(edition);
    await enqueueJob(tx, campaignJob('reviewOpens', row.id, opens > now ? opens : now));
  });
  return lunarNewYearView(deps, customerId);
}

/** The clock's events, applied when the participation is still where the job found it. */
export async function applyClockEvent(deps: Deps, tx: Db, rewardId: number, event: CampaignRewardEvent): Promise<void> {
  await applyRewardEventIn(deps, tx, rewardId, event, rewardActions(deps, rewardId));
}
