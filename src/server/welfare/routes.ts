/** The bank card points' routes (issue 18 section 6, decision 0043): the customer's page and joining. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { joinWelfare, welfareView } from './service';

export function welfareRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.welfareInfo, async (ctx) => welfareView(deps, ctx.session().customerId));
  route(app, deps, endpoints.welfareJoin, async (ctx) =>
    joinWelfare(deps, ctx.session().customerId, ctx.body, idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER))));
}
