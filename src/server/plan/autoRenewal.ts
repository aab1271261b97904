/**
 * Auto-renewal of a line, as the customer sees and changes it (/personal/autosubscription/subscription, /personal):
 * its chart state, how it pays, when the next renewal runs and for how much; and each change as one event of the
 * autoRenewal chart (terms to open, confirmation to close, nothing between 0 and 3 AM Pacific).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AutoRenewalEvent, RenewalMethod } from '../../../machines/autoRenewal.machine';
import { inMaintenance, maintenanceEndsAt, renewalRunsAt } from '../../domain/planCalendar';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import { lineLifecycles, savedCards } from '../db/schema';
import { applyAutoRenewalEvent, type LineRef } from './lifecycles';
import { lifecyclesOf } from './plan';
import { lastTermPlan, markAutoRenew, paidUntil } from './terms';

export type AutoRenewalChange =
  | { action: 'open'; method: RenewalMethod; termsAccepted: boolean }
  | { action: 'changeMethod'; method: RenewalMethod }
  | { action: 'requestClose' }
  | { action: 'confirmClose' }
  | { action: 'keepOpen' };

export interface AutoRenewalView {
  state: 'notOpen' | 'open.card' | 'open.balance' | 'closing' | 'closed';
  method: RenewalMethod | null;
  /** The customer has a default saved card (auto-renewal by card needs one). */
  hasCard: boolean;
  /** When the last paid term ends (null: no plan). */
  expiresAt: string | null;
  /** When the renewal will be charged, and how much (null when nothing will renew). */
  nextRenewalAt: string | null;
  amountCents: number | null;
  planName: string | null;
  /** Now inside "Maintenance 0-3 AM Pacific": nothing can change until maintenanceEndsAt. */
  maintenance: boolean;
  maintenanceEndsAt: string | null;
}

async function hasDefaultCard(deps: Deps, customerId: number): Promise<boolean> {
  const [card] = await deps.db.select({ id: savedCards.id }).from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.isDefault, true), isNull(savedCards.removedAt))).limit(1);
  return !!card;
}

export async function autoRenewalView(deps: Deps, line: LineRef): Promise<AutoRenewalView> {
  const lc = await lifecyclesOf(deps, line);
  const until = lc.planState === 'none' ? null : await paidUntil(deps.db, line.id);
  const plan = await lastTermPlan(deps.db, line.id);
  const renews = lc.autoRenewalState.startsWith('open') || lc.autoRenewalState === 'closing';
  const now = deps.clock.now();
  return {
    state: lc.autoRenewalState as AutoRenewalView['state'],
    method: lc.autoRenewalMethod,
    hasCard: await hasDefaultCard(deps, line.customerId),
    expiresAt: until?.toISOString() ?? null,
    nextRenewalAt: renews && until ? renewalRunsAt(until).toISOString() : null,
    amountCents: renews && until ? plan?.monthlyPriceCents ?? null : null,
    planName: plan?.name ?? null,
    maintenance: inMaintenance(now),
    maintenanceEndsAt: inMaintenance(now) ? maintenanceEndsAt(now).toISOString() : null,
  };
}

/** One change, one event of the chart; `linkId` when it comes through an email's signed link (recorded, used once). */
export async function changeAutoRenewal(deps: Deps, line: LineRef, change: AutoRenewalChange, opts: { lang: Language; linkId?: string }): Promise<AutoRenewalView> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const lc = await lifecyclesOf(deps, line);
  const hasCard = await hasDefaultCard(deps, line.customerId);
  const event: AutoRenewalEvent = change.action === 'open'
    ? { type: 'autoRenewal.open', method: change.method, termsAccepted: change.termsAccepted, hasCard, at }
    : change.action === 'changeMethod'
      ? { type: 'autoRenewal.changeMethod', method: change.method, hasCard, at }
      : change.action === 'keepOpen'
        ? { type: 'autoRenewal.keepOpen', method: lc.autoRenewalMethod ?? 'balance', at }
        : { type: `autoRenewal.${change.action}`, at };
  const method = 'method' in change ? change.method : null;
  await applyAutoRenewalEvent(deps, line, event, {
    recordOpening: async (tx) => {
      await tx.update(lineLifecycles).set({ autoRenewalMethod: method, termsAcceptedAt: now, lang: opts.lang }).where(eq(lineLifecycles.lineId, line.id));
      await markAutoRenew(tx, line.id, true, now);
    },
    recordMethod: async (tx) => {
      await tx.update(lineLifecycles).set({ autoRenewalMethod: method, lang: opts.lang }).where(eq(lineLifecycles.lineId, line.id));
    },
    recordClosing: async (tx) => {
      await tx.update(lineLifecycles).set({ lang: opts.lang }).where(eq(lineLifecycles.lineId, line.id));
      await markAutoRenew(tx, line.id, false, now);
    },
  }, undefined, opts.linkId ? { linkId: opts.linkId } : undefined);
  return autoRenewalView(deps, line);
}
