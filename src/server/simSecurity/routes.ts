/** SIM-swap and port-out protection's routes (issue 16): the portal's number security, the conversion, /cpni-out. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { requireUsLine } from '../portal';
import { sendCpniCode, setCpniChoice } from './cpni';
import { sendReauthCode } from './reauth';
import { changeSim, createPortOutPin, securityInfo, setNumberLock } from './service';

export function simSecurityRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.securityInfo, async (ctx) => securityInfo(deps, ctx.session().customerId));
  route(app, deps, endpoints.securitySendCode, async (ctx) => {
    const { customerId } = ctx.session();
    const line = await requireUsLine(deps, customerId);
    return sendReauthCode(deps, { customerId, msisdn: line.msisdn!, channel: ctx.body.channel, ip: ctx.ip, lang: ctx.lang });
  });
  route(app, deps, endpoints.securityLock, async (ctx) => {
    const body = ctx.body;
    return setNumberLock(deps, {
      customerId: ctx.session().customerId, locked: body.locked, ip: ctx.ip, lang: ctx.lang,
      reauth: body.locked ? undefined : { code: body.code, password: body.password },
    });
  });
  route(app, deps, endpoints.securityPin, async (ctx) =>
    createPortOutPin(deps, { customerId: ctx.session().customerId, reauth: { code: ctx.body.code, password: ctx.body.password }, ip: ctx.ip, lang: ctx.lang }));
  route(app, deps, endpoints.securityConvert, async (ctx) => changeSim(deps, {
    customerId: ctx.session().customerId, direction: ctx.body.direction, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)),
    reauth: { code: ctx.body.code, password: ctx.body.password }, ip: ctx.ip, lang: ctx.lang,
  }));
  route(app, deps, endpoints.cpniSendCode, async (ctx) => sendCpniCode(deps, { phone: ctx.body.phone, ip: ctx.ip, lang: ctx.lang }));
  route(app, deps, endpoints.cpniChoice, async (ctx) => setCpniChoice(deps, ctx.body));
}
