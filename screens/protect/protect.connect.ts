/** The keeping pages' chart as the URL shows it (the URL follows the chart), and where a page opened at a path enters it. */
import type { SnapshotFrom } from 'xstate';
import type { ProtectEntry, ProtectPageMachine } from '../../machines/protectPage.machine';

type Snapshot = SnapshotFrom<ProtectPageMachine>;

/** Spec section 2: "/personal/protect, /personal/protect/payment, /personal/protect/result/{orderNo}". */
export const PROTECT_PATH = '/personal/protect';
export const PAYMENT_PATH = `${PROTECT_PATH}/payment`;
export const resultPath = (orderNo: string) => `${PROTECT_PATH}/result/${encodeURIComponent(orderNo)}`;
/** The payment page names its order in the query, so a reload (or a failed payment) finds it again. */
export const paymentPath = (orderNo: string | undefined) => (orderNo ? `${PAYMENT_PATH}?orderNo=${encodeURIComponent(orderNo)}` : PAYMENT_PATH);

/** Where the chart's state lives; null while it opens or reads an order (the URL stays). */
export function urlFor(s: Snapshot): string | null {
  const orderNo = s.context.order?.orderNo;
  if (s.matches('showing') || s.matches('confirmingEnd') || s.matches('ending') || s.matches('loadFailed')) return PROTECT_PATH;
  if (s.matches('loading')) return s.context.data ? PROTECT_PATH : null;
  if (s.matches('creating')) return PAYMENT_PATH;
  if (s.matches('paying') || s.matches('failed')) return paymentPath(orderNo);
  if (s.matches('paid') && orderNo) return resultPath(orderNo);
  return null;
}

/** Where a page opened at `pathname` enters the chart: an order's result or payment, else the keeping page. */
export function entryFor(pathname: string, search: URLSearchParams): ProtectEntry {
  const result = /^\/personal\/protect\/result\/([^/]+)$/.exec(pathname);
  if (result) return { kind: 'status', orderNo: decodeURIComponent(result[1]!) };
  const orderNo = pathname === PAYMENT_PATH ? search.get('orderNo') : null;
  return orderNo ? { kind: 'status', orderNo } : { kind: 'page' };
}
