/** The line-order charts' snapshots as the screens show them, and the URL each state lives at (the URL follows the chart). */
import type { SnapshotFrom } from 'xstate';
import type { LineOrderMachine } from '../../machines/lineOrder.machine';
import type { LineOrderKind } from '../../src/contract/business';

type Snapshot = SnapshotFrom<LineOrderMachine>;

/** Spec section 2's paths of each order kind. */
export const BASE_PATH: Record<LineOrderKind, string> = {
  planChange: '/personal/businessManegement/bundleChange',
  addOn: '/personal/businessManegement/flowPacket',
  roaming: '/personal/businessManegement/roamPack',
  globalRenewal: '/global/renewalpackage',
};

export const formPath = (kind: LineOrderKind) => `${BASE_PATH[kind]}/form`;
/** "/global/renewalpackage/result" carries no order number in the spec: it rides in the query. */
export const resultPath = (kind: LineOrderKind, orderNo: string) => (kind === 'globalRenewal'
  ? `${BASE_PATH[kind]}/result?orderNo=${encodeURIComponent(orderNo)}`
  : `${BASE_PATH[kind]}/result/${encodeURIComponent(orderNo)}`);
/** The global renewal has no resultError page: a failure stays on its form. */
export const resultErrorPath = (kind: LineOrderKind, orderNo: string) => (kind === 'globalRenewal'
  ? `${formPath(kind)}?orderNo=${encodeURIComponent(orderNo)}`
  : `${BASE_PATH[kind]}/resultError?orderNo=${encodeURIComponent(orderNo)}`);

/** Where the chart's state lives; null while it opens or reads (the URL stays). */
export function urlFor(s: Snapshot): string | null {
  const kind = s.context.kind;
  if (s.matches('listing') || s.matches('refused')) return BASE_PATH[kind];
  if (s.matches('confirming') || s.matches('creating') || s.matches('paying')) return formPath(kind);
  const orderNo = s.context.order?.orderNo;
  if (orderNo && s.matches('paid')) return resultPath(kind, orderNo);
  if (orderNo && s.matches('failed')) return resultErrorPath(kind, orderNo);
  return null;
}

/** Where a page opened at `pathname` enters the chart. */
export function entryFor(kind: LineOrderKind, pathname: string, search: URLSearchParams) {
  const base = BASE_PATH[kind];
  const result = new RegExp(`^${base}/result/([^/]+)$`).exec(pathname);
  const orderNo = result ? decodeURIComponent(result[1]!) : search.get('orderNo');
  if (orderNo && pathname !== base) return { kind: 'status' as const, orderNo };
  if (pathname === `${base}/form`) {
    const offer = Number(search.get('offer'));
    const months = Number(search.get('months'));
    return { kind: 'form' as const, offerId: Number.isInteger(offer) && offer > 0 ? offer : null, months: Number.isInteger(months) && months > 0 ? months : null };
  }
  return { kind: 'list' as const };
}
