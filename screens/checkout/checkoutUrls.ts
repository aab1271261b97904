/**
 * The checkout's URLs (spec section 2; TEAM.md client URLs): where a URL opens the chart, and which URL each state
 * of the chart shows, so the URL follows the chart and a deep link to a later step goes back to the step reached.
 */
import type { CheckoutContext, CheckoutEntry } from '../../machines/checkout.machine';
import type { ActivationCard, ProductLink } from '../../machines/checkoutForm';
import type { ActivationSim } from '../../src/contract/activation';

export type StartedFrom = CheckoutContext['startedFrom'];

export const startedFromPath = (pathname: string): StartedFrom => (pathname.startsWith('/activation') ? 'activation' : 'plans');

const base = (from: StartedFrom) => (from === 'activation' ? '/activation' : '/plans');

const int = (v: string | null): number | null => (v !== null && /^\d{1,3}$/.test(v) ? Number(v) : null);

/**
 * `?plan=<slug>&months=..&simType=..&count=..` or `?pack=<globalPackId>&simType=..`; missing or invalid: defaults.
 * `&student=1`: a plan page's student link (decision 0045) opens the form with "I am a student" on.
 */
export function linkFromSearch(search: string): ProductLink | null {
  const q = new URLSearchParams(search);
  const link: ProductLink = {
    plan: q.get('plan') && /^[a-z0-9-]{1,40}$/.test(q.get('plan')!) ? q.get('plan') : null,
    pack: int(q.get('pack')),
    months: int(q.get('months')),
    simType: q.get('simType'),
    count: int(q.get('count')),
    student: q.get('student') === '1' ? true : null,
  };
  return Object.values(link).some((v) => v != null) ? link : null;
}

export function searchOfLink(link: ProductLink | null): string {
  if (!link) return '';
  const q = new URLSearchParams();
  if (link.pack != null) q.set('pack', String(link.pack));
  else if (link.plan) q.set('plan', link.plan);
  if (link.months != null && link.pack == null) q.set('months', String(link.months));
  if (link.simType) q.set('simType', link.simType);
  if (link.count != null) q.set('count', String(link.count));
  if (link.student) q.set('student', '1');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Where a URL of the checkout opens the chart. */
export function entryFromUrl(pathname: string, search: string): CheckoutEntry {
  const result = pathname.match(/\/bundleResult\/([^/]+)$/);
  if (result) return { kind: 'result', orderNo: decodeURIComponent(result[1]!) };
  if (pathname.endsWith('/bundleResultError')) {
    const q = new URLSearchParams(search);
    const orderNo = q.get('orderNo');
    if (orderNo) return { kind: 'resultError', orderNo, reason: q.get('reason') };
  }
  return { kind: 'form', link: linkFromSearch(search) };
}

interface SnapshotLike { context: CheckoutContext; matches(value: never): boolean }

/** The URL of the step the chart is in; null while it is still finding out (keep the current one). */
export function urlFor(snapshot: SnapshotLike): string | null {
  const c = snapshot.context;
  const is = (v: string) => snapshot.matches(v as never);
  const from = base(c.startedFrom);
  const orderNo = c.order?.orderNo ?? c.lookupOrderNo;
  if (is('opening') || is('checkingOrder') || is('paymentExpired')) return null;
  if (is('paid') && orderNo) return `${from}/bundleResult/${encodeURIComponent(orderNo)}`;
  if (is('paymentFailed') && orderNo) {
    // Issue 4's activation has no error page of its own: its failure shows on its form.
    if (c.startedFrom === 'activation') return `${from}/bundleForm`;
    const q = new URLSearchParams({ orderNo });
    if (c.failure) q.set('reason', String(c.failure));
    return `${from}/bundleResultError?${q.toString()}`;
  }
  return `${from}/bundleForm${searchOfLink(c.link)}`;
}

/** Same page? The form keeps whatever query it was opened with. */
export function sameUrl(current: { pathname: string; search: string }, wanted: string): boolean {
  const url = new URL(wanted, 'http://x');
  if (url.pathname !== current.pathname) return false;
  return url.pathname.endsWith('/bundleForm') || url.search === current.search;
}

/** The card a plan is bought for, from what step 1 of activation kept in this tab; null when there is none. */
export function activationCardOf(stored: { activationToken: string; card: ActivationSim } | null): ActivationCard | null {
  if (!stored?.activationToken || !stored.card) return null;
  const { iccid, kind, simType } = stored.card;
  return { activationToken: stored.activationToken, iccid, kind, simType };
}
