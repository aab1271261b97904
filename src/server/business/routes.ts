/** Line orders (issue 15): offers, create, detail. Paid through the payments routes (payOrder, payStatus). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { createLineOrder, lineOffersFor, lineOrderDataOf, lineOrderFor } from './lineOrders';

export function lineOrderRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.lineOrderOffers, async (ctx) => lineOffersFor(deps, ctx.session().customerId, ctx.body.kind));

  route(app, deps, endpoints.lineOrderCreate, async (ctx) => {
    const { customerId } = ctx.session();
    const order = await createLineOrder(deps, { form: ctx.body, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)), customerId, lang: ctx.lang });
    return lineOrderDataOf(deps, order, customerId);
  });

  route(app, deps, endpoints.lineOrderDetail, async (ctx) => {
    const { customerId } = ctx.session();
    return lineOrderDataOf(deps, await lineOrderFor(deps, ctx.body.orderNo, customerId), customerId);
  });
}
