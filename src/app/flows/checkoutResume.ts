/**
 * What a reload of the checkout resumes from (ARCHITECTURE.md: "Persist a flow's snapshot (versioned) only at
 * stable states, never while a payment or activation call is running"). The point is the draft, the link and the
 * order being paid, never a call in flight: on reload the chart re-reads the order and shows the step it is at.
 */
import type { AnyActorRef } from 'xstate';
import { RESUME_VERSION, type CheckoutContext, type ResumePoint } from '../../../machines/checkout.machine';
import { getItem, removeItem, setItem } from '../../storage';

export function readResume(): ResumePoint | null {
  const stored = getItem('checkout/resume') as Partial<ResumePoint> | null;
  if (!stored || stored.version !== RESUME_VERSION || typeof stored.draft !== 'object' || stored.draft === null) return null;
  return stored as ResumePoint;
}

interface SnapshotLike {
  context: CheckoutContext;
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
  children: Record<string, AnyActorRef | undefined>;
}

/** The point to keep now, 'skip' while something is running (keep the last one), or 'clear'. */
export function resumePointOf(snapshot: SnapshotLike): ResumePoint | 'skip' | 'clear' {
  const c = snapshot.context;
  const is = (v: string) => snapshot.matches(v as never);
  if (is('paymentExpired')) return 'clear';
  if (snapshot.hasTag('busy') || is('opening') || is('catalogFailed')) return 'skip';
  const payment = snapshot.children.payment?.getSnapshot() as { hasTag?(tag: string): boolean } | undefined;
  if (is('paying') && payment?.hasTag?.('busy')) return 'skip';
  const point = (orderNo: string | null, draft = c.draft): ResumePoint => ({ version: RESUME_VERSION, link: c.link, draft, orderNo });
  if (is('paid')) return point(null, { ...c.draft, termsAccepted: false, confirmPersonalUse: false, confirmUsOnly: false });
  if (is('paying') || is('paymentFailed')) return point(c.order?.orderNo ?? null);
  return point(null);
}

export function persistResume(snapshot: SnapshotLike): void {
  const point = resumePointOf(snapshot);
  if (point === 'skip') return;
  if (point === 'clear') removeItem('checkout/resume');
  else setItem('checkout/resume', point as unknown as Record<string, unknown>);
}
