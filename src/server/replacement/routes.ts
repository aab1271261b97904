/** SIM replacement's routes (issue 16 section 4, decision 0037): /personal/upgradeNewCard's calls. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { activateReplacement, cancelReplacement, orderReplacement, replacementInfo } from './service';

export function replacementRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.replacementInfo, async (ctx) => replacementInfo(deps, ctx.session().customerId));
  route(app, deps, endpoints.replacementOrder, async (ctx) => orderReplacement(deps, {
    customerId: ctx.session().customerId, reason: ctx.body.reason, shipping: ctx.body.shipping, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)),
    reauth: { code: ctx.body.code, password: ctx.body.password }, ip: ctx.ip, lang: ctx.lang,
  }));
  route(app, deps, endpoints.replacementActivate, async (ctx) => activateReplacement(deps, {
    customerId: ctx.session().customerId, iccid: ctx.body.iccid, activationCode: ctx.body.activationCode, lang: ctx.lang,
  }));
  route(app, deps, endpoints.replacementCancel, async (ctx) => cancelReplacement(deps, { customerId: ctx.session().customerId }));
}
