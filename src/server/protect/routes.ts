/** Number keeping's routes (issue 16): the page's view, the keeping order, its detail, the early end. Paid through the payments routes. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { createProtectOrder, endKeepingEarly, protectOrderDataOf, protectOrderFor, protectView } from './service';

export function protectRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.protectInfo, async (ctx) => protectView(deps, ctx.session().customerId));

  route(app, deps, endpoints.protectCreate, async (ctx) => {
    const { customerId } = ctx.session();
    const order = await createProtectOrder(deps, { periods: ctx.body.periods, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)), customerId, lang: ctx.lang });
    return protectOrderDataOf(deps, order, customerId);
  });

  route(app, deps, endpoints.protectDetail, async (ctx) => {
    const { customerId } = ctx.session();
    return protectOrderDataOf(deps, await protectOrderFor(deps, ctx.body.orderNo, customerId), customerId);
  });

  route(app, deps, endpoints.protectEndEarly, async (ctx) => endKeepingEarly(deps, ctx.session().customerId, ctx.lang));
}
