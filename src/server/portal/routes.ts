/** The portal home's routes (issue 14, part HOME): /personal and /package, Wi-Fi calling, eSIM install details. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { portalHome } from './home';
import { revealInstall, sendInstallCode } from './install';
import { updateWifiCall, wifiCallInfo } from './wifiCall';

export function portalRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.portalHome, async (ctx) => portalHome(deps, ctx.session().customerId));

  route(app, deps, endpoints.wifiCallInfo, async (ctx) => wifiCallInfo(deps, ctx.session().customerId));

  route(app, deps, endpoints.wifiCallUpdate, async (ctx) => {
    const { customerId } = ctx.session();
    const key = idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER));
    return updateWifiCall(deps, { customerId, key, e911: ctx.body });
  });

  route(app, deps, endpoints.installSendCode, async (ctx) =>
    sendInstallCode(deps, { customerId: ctx.session().customerId, line: ctx.body.line, channel: ctx.body.channel, ip: ctx.ip, lang: ctx.lang }));

  route(app, deps, endpoints.installReveal, async (ctx) =>
    revealInstall(deps, { customerId: ctx.session().customerId, line: ctx.body.line, code: ctx.body.code, password: ctx.body.password, ip: ctx.ip, lang: ctx.lang }));
}
