/** Top-up, bills (list, month, PDF) and my orders (issue 14, Money). */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { customers } from '../db/schema';
import { GatewayError } from '../http/errors';
import { idempotencyKeyOf } from '../http/idempotency';
import { rawRoute, route } from '../http/route';
import { billOfMonth, listBillMonths } from './bills';
import { renderBillPdf } from './billPdf';
import { listMyOrders, myOrderPaymentLines } from './myOrders';
import { createTopUp, topUpDataOf, topUpFor } from './topUp';

export function moneyRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.topUpCreate, async (ctx) => {
    const { customerId } = ctx.session();
    const order = await createTopUp(deps, { form: ctx.body, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)), customerId, lang: ctx.lang });
    return topUpDataOf(deps, order, customerId);
  });

  route(app, deps, endpoints.topUpDetail, async (ctx) => {
    const { customerId } = ctx.session();
    return topUpDataOf(deps, await topUpFor(deps, ctx.body.orderNo, customerId), customerId);
  });

  route(app, deps, endpoints.billList, async (ctx) =>
    listBillMonths(deps, ctx.session().customerId, ctx.body.page, ctx.body.pageSize));

  route(app, deps, endpoints.billDetail, async (ctx) => billOfMonth(deps, ctx.session().customerId, ctx.body.month));

  rawRoute(app, deps, endpoints.billPdf, async (ctx) => {
    const { customerId } = ctx.session();
    const bill = await billOfMonth(deps, customerId, ctx.query.month);
    // A month without a charge or a credit has no bill to download: spec section 8's 120091 "empty" (decision 0047).
    if (bill.entries.length === 0) throw new GatewayError('120091', { messageKey: 'errors:empty.bill', vars: { month: ctx.query.month } });
    const [holder] = await deps.db.select({ username: customers.username, phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
    const pdf = await renderBillPdf(ctx.lang, bill, holder ?? { username: '', phone: null }, deps.clock.now());
    await ctx.reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${bill.billNo}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, deps, endpoints.myOrders, async (ctx) => listMyOrders(deps, ctx.session().customerId, ctx.body));

  route(app, deps, endpoints.myOrderPayments, async (ctx) =>
    ({ payments: await myOrderPaymentLines(deps, ctx.session().customerId, ctx.body.orderNo) }));
}
