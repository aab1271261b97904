/** The WeChat Pay agreement's routes (issue 18 section 3, decision 0046). */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { notifyUrlOf } from '../payments';
import { agreementView, cancelAgreement, payWithAgreement, startSigning } from './service';

/** The storefront as customers' browsers reach it (PUBLIC_ORIGIN), never the request's Host (decision 0013). */
function storefrontOf(app: FastifyInstance, deps: Deps): string {
  if (deps.config.publicOrigin) return deps.config.publicOrigin.replace(/\/$/, '');
  return `http://localhost:${(app.server.address() as AddressInfo).port}`;
}

const CONTRACT_CODE = /^LBA[0-9A-F]{24}$/;

export function wechatSigningRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.wechatAgreementInfo, async (ctx) => {
    const named = ctx.query.agreement;
    return agreementView(deps, ctx.session().customerId, named && CONTRACT_CODE.test(named) ? named : null);
  });
  route(app, deps, endpoints.wechatAgreementSign, async (ctx) =>
    startSigning(deps, { customerId: ctx.session().customerId, lang: ctx.lang, storefront: storefrontOf(app, deps) }));
  route(app, deps, endpoints.wechatAgreementCancel, async (ctx) => cancelAgreement(deps, ctx.session().customerId));
  route(app, deps, endpoints.wechatAgreementPay, async (ctx) => payWithAgreement(deps, {
    customerId: ctx.session().customerId, body: ctx.body, key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)), notifyUrl: notifyUrlOf(app, deps),
  }));
}
