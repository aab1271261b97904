/**
 * "My orders" (issue 14, Orders): the customer's plan orders and replacement SIM cards (decision 0037: a replacement
 * is an order of $0, shipped with tracking like any card), or global data SIM orders for /global/myorder, newest
 * first and paged; an order's detail is orderDetail (status, items, shipment with tracking) plus its payments here.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { MyOrderSummary, OrderPaymentLine } from '../../contract/money';
import type { Deps } from '../context';
import { orders, payments } from '../db/schema';
import { GatewayError } from '../http/errors';

export async function listMyOrders(deps: Deps, customerId: number, q: { kind: 'plan' | 'global'; page: number; pageSize: number }) {
  const kinds = q.kind === 'plan' ? ['plan', 'replacement'] as const : ['global'] as const;
  const mine = and(eq(orders.customerId, customerId), inArray(orders.kind, [...kinds]));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(orders).where(mine).orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(orders).where(mine),
  ]);
  const list: MyOrderSummary[] = rows.map((o) => ({
    orderNo: o.orderNo, kind: q.kind, replacement: o.kind === 'replacement', status: o.status, planName: o.planName, months: o.months, simType: o.simType,
    simCount: o.simCount, payAmountCents: o.payAmountCents, logisticsStatus: o.logisticsStatus, createdAt: o.createdAt.toISOString(),
  }));
  return { orders: list, total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

const STATUS = { pending: 'pending', succeeded: 'paid', failed: 'failed' } as const;

/** Every payment attempt of one of the customer's own orders; someone else's reads as no record. */
export async function myOrderPaymentLines(deps: Deps, customerId: number, orderNo: string): Promise<OrderPaymentLine[]> {
  const no = orderNo.trim().toUpperCase();
  const [order] = await deps.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.orderNo, no));
  if (!order || order.customerId !== customerId) throw new GatewayError('noRecord');
  const rows = await deps.db.select().from(payments)
    .where(and(eq(payments.payableKind, 'order'), eq(payments.payableRef, no))).orderBy(payments.createdAt, payments.id);
  return rows.map((p) => ({
    at: p.createdAt.toISOString(), method: p.method, status: STATUS[p.status], amountCents: p.amountCents,
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
  }));
}
