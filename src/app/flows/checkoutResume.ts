/**
 * What a reload of the checkout resumes from (ARCHITECTURE.md: "Persist a flow's snapshot (versioned) only at
 * stable states, never while a payment or activation call is running"). The point is the draft, the link and the
 * order being paid, never a call in flight: on reload the chart re-reads the order and shows the step it is at.
 */
import { RESUME_VERSION, type CheckoutContext, type ResumePoint } from '../../../machines/checkout.machine';
import { getItem, removeItem, setItem } from '../../storage';
import { shareOpenPurchase } from './orderKeys';

/** The plan pages and activation's plan purchase keep apart: a reload of one never resumes the other. */
const resumeKey = (from: CheckoutContext['startedFrom']) => (from === 'activation' ? 'activation/checkoutResume' : 'checkout/resume');

export function readResume(from: CheckoutContext['startedFrom'] = 'plans'): ResumePoint | null {
  const stored = getItem(resumeKey(from)) as Partial<ResumePoint> | null;
  if (!stored || stored.version !== RESUME_VERSION || typeof stored.draft !== 'object' || stored.draft === null) return null;
  return stored as ResumePoint;
}

interface SnapshotLike {
  context: CheckoutContext;
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
}

/**
 * The point to keep now, 'skip' while something is running (keep the last one), or 'clear'. The checkout shows
 * an unsettled payment as its own state (paying.locked), so a payment call in flight is seen here too.
 */
export function resumePointOf(snapshot: SnapshotLike): ResumePoint | 'skip' | 'clear' {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  if (is('paymentExpired')) return 'clear';
  if (snapshot.hasTag('busy') || is('opening') || is('catalogFailed') || is({ paying: 'locked' })) return 'skip';
  const point = (orderNo: string | null, draft = c.draft): ResumePoint => ({ version: RESUME_VERSION, link: c.link, draft, orderNo, purchaseId: c.purchaseId || null });
  if (is('paid')) return point(null, { ...c.draft, termsAccepted: false, confirmPersonalUse: false, confirmUsOnly: false });
  if (is('paying') || is('paymentFailed')) return point(c.order?.orderNo ?? null);
  return point(null);
}

export function persistResume(snapshot: SnapshotLike): void {
  const point = resumePointOf(snapshot);
  if (point === 'skip') return;
  const key = resumeKey(snapshot.context.startedFrom);
  if (point === 'clear') removeItem(key);
  else setItem(key, point as unknown as Record<string, unknown>);
}

/**
 * Shares this tab's purchase with the other tabs of the browser once this tab starts one or moves on to the next
 * (after a payment, "buy again"); a purchase it only resumed or joined is left as the other tabs know it.
 */
export function purchaseSharer(known: string | null): (purchaseId: string) => void {
  let last = known;
  return (purchaseId) => {
    if (!purchaseId || purchaseId === last) return;
    last = purchaseId;
    shareOpenPurchase(purchaseId);
  };
}
