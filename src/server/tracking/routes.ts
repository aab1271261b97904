/** /tracking (spec section 2): email code, search (security code + email code), change the shipping address. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { captchaFromHeaders, checkCaptcha } from '../accounts';
import { modifyShippingAddress, searchTracking } from './grant';
import { sendTrackingCode } from './codes';

export function trackingRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.trackingSendCode, async ({ body, ip, lang }) =>
    sendTrackingCode(deps, { orderNo: body.orderNo, email: body.email, ip, lang }));

  route(app, deps, endpoints.trackingSearch, async ({ body, header }) => {
    const { token, answer } = captchaFromHeaders(header);
    await checkCaptcha(deps, token, answer);
    return searchTracking(deps, { orderNo: body.orderNo, email: body.email, code: body.code });
  });

  route(app, deps, endpoints.trackingModify, async ({ body, lang }) =>
    modifyShippingAddress(deps, { trackingToken: body.trackingToken, shipping: body.shipping, lang }));
}
