/** Quote, create order, order detail (issue 3). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { customerIdOf, route, type RouteContext } from '../http/route';
import { createOrder } from './create';
import { idempotencyKeyOf } from '../http/idempotency';
import { findOrderFor, orderData } from './view';
import { computeQuote } from '../catalog';
import { GatewayError } from '../http/errors';
import { cardForPurchase } from './activationPlan';

export const orderReaderOf = (ctx: Pick<RouteContext<never>, 'session' | 'header'>) => ({
  customerId: customerIdOf(ctx),
  orderToken: ctx.header(ORDER_TOKEN_HEADER)?.trim() || null,
});

export function orderRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.quote, async (ctx) => {
    const { body } = ctx;
    const planId = body.planId ?? null;
    const globalPackId = body.globalPackId ?? null;
    // A plan for a card being activated: nothing is shipped.
    const activation = body.activationToken
      ? await cardForPurchase(deps, body.activationToken, { planId, globalPackId, simType: body.simType, simCount: body.simCount })
      : null;
    const { quote } = await computeQuote(deps, {
      planId, globalPackId, months: body.months, simType: body.simType, simCount: body.simCount,
      shippingCountry: activation ? null : body.shippingCountry ?? null, shippingMethod: activation ? 'standard' : body.shippingMethod,
      taxAddress: body.taxAddress ?? null, taxZipField: 'taxAddress.zip',
      couponCode: body.couponCode, referralCode: body.referralCode,
    }, customerIdOf(ctx));
    return quote;
  });

  route(app, deps, endpoints.createOrder, async (ctx) => {
    const key = idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER));
    const customerId = customerIdOf(ctx);
    const { order, orderToken } = await createOrder(deps, { form: ctx.body, key, customerId, lang: ctx.lang });
    return { order: await orderData(deps, order, customerId), orderToken };
  });

  route(app, deps, endpoints.orderDetail, async (ctx) => {
    const reader = orderReaderOf(ctx);
    const order = await findOrderFor(deps, ctx.body.orderNo, reader);
    // A top-up reads through its own endpoint (money area): it is no plan order. A replacement card is read by its
    // customer in "My orders" (its order token is never handed out), as a plan order of $0.
    if (order.kind !== 'plan' && order.kind !== 'global' && order.kind !== 'replacement') throw new GatewayError('noRecord');
    return orderData(deps, order, reader.customerId);
  });
}
