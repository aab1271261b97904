/**
 * Bills and orders for the account portal (issue 14): the route loaders of /mybill, /personal/myorder and
 * /global/myorder (their state lives in the URL: the page, the month shown, the order opened), and the bill's PDF
 * download, which needs the session's Bearer token, so it is fetched and handed to the browser as a file.
 */
import { ApiError, call, fetchFile } from '../api/client';
import { billDetail, billList, billPdf, myOrderPayments, myOrders } from '../contract/money';
import { orderDetail } from '../contract/orders';
import { payConfig } from '../contract/payments';
import type { BillsData, OrdersData } from '../contract/pageData';
import { clearSession } from './session';

const pageOf = (url: URL) => Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
const refused = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 403);

export const BILL_MONTHS_PER_PAGE = 12;
export const ORDERS_PER_PAGE = 10;

/** Answers 'login' when the token was refused. */
export async function loadBills(url: URL): Promise<BillsData | 'login'> {
  const page = pageOf(url);
  try {
    const list = await call(billList, { body: { page, pageSize: BILL_MONTHS_PER_PAGE }, silent: true });
    const wanted = url.searchParams.get('month');
    const month = wanted && /^\d{4}-(0[1-9]|1[0-2])$/.test(wanted) ? wanted : list.months[0]?.month ?? null;
    const bill = month ? await call(billDetail, { body: { month }, silent: true }) : null;
    return { list, bill, loadError: false };
  } catch (e) {
    if (refused(e)) { clearSession(); return 'login'; }
    return { list: null, bill: null, loadError: true };
  }
}

export async function loadOrders(url: URL, kind: 'plan' | 'global'): Promise<OrdersData | 'login'> {
  const page = pageOf(url);
  try {
    const list = await call(myOrders, { body: { kind, page, pageSize: ORDERS_PER_PAGE }, silent: true });
    const open = url.searchParams.get('order');
    const detail = open && list.orders.some((o) => o.orderNo === open)
      ? await Promise.all([
        call(orderDetail, { body: { orderNo: open }, silent: true }),
        call(myOrderPayments, { body: { orderNo: open }, silent: true }),
      ]).then(([order, { payments }]) => ({ order, payments }))
      : null;
    return { kind, list, detail, loadError: false };
  } catch (e) {
    if (refused(e)) { clearSession(); return 'login'; }
    return { kind, list: null, detail: null, loadError: true };
  }
}

/** Whether payments go to the sandbox (the payment test page exists only then). */
export async function sandboxPayments(): Promise<boolean> {
  try {
    return (await call(payConfig, { silent: true, background: true })).provider === 'card-sandbox';
  } catch {
    return false;
  }
}

/** Downloads a month's bill as `<bill number>.pdf` in the page's language. */
export async function downloadBill(month: string, billNo: string): Promise<void> {
  const blob = await fetchFile(billPdf.path, { month });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `${billNo}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
