/** Pay an order, payment status, card-form config, saved cards, WeChat Pay notify (issue 3). */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { route } from '../http/route';
import { idempotencyKeyOf } from '../http/idempotency';
import { payOrder, payStatus } from './pay';
import { handleWechatNotification, WECHAT_NOTIFY_PATH } from './wechat';
import { listSavedCards } from '../accounts';
import { orderReaderOf } from '../orders';

/** The gateway as WeChat Pay reaches it: the configured public URL, else the address it listens on. */
export function notifyUrlOf(app: FastifyInstance, deps: Deps): string {
  if (deps.config.publicUrl) return new URL(WECHAT_NOTIFY_PATH, deps.config.publicUrl).toString();
  const { address, port } = app.server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}${WECHAT_NOTIFY_PATH}`;
}

export function paymentRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.payOrder, async (ctx) => payOrder(deps, {
    body: ctx.body,
    key: idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER)),
    reader: orderReaderOf(ctx),
    wechat: { notifyUrl: notifyUrlOf(app, deps) },
    log: ctx.request.log,
  }));

  route(app, deps, endpoints.payStatus, async (ctx) => payStatus(deps, ctx.query.orderNo, orderReaderOf(ctx)));

  // The provider's configured origin (PAYMENTS_ORIGIN), never the request's Host (decision 0013).
  route(app, deps, endpoints.payConfig, async () => ({ provider: 'card-sandbox' as const, ...deps.payments.card.browserConfig() }), { rateLimit: false });

  route(app, deps, endpoints.cardList, async ({ session }) => {
    const cards = await listSavedCards(deps.db, session().customerId);
    return { cards: cards.map((c) => ({ id: c.id, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear, holderName: c.holderName, isDefault: c.isDefault })) };
  });

  // WeChat Pay posts signed JSON; the signature covers the exact bytes, so this route reads the raw body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => { done(null, body); });
    scope.post(WECHAT_NOTIFY_PATH, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const notification = deps.payments.wechat.verifyNotification(request.headers, raw);
      if (!notification) return reply.status(401).send({ code: 'FAIL', message: 'signature verification failed' });
      await handleWechatNotification(deps, notification);
      return reply.status(200).send({ code: 'SUCCESS', message: 'OK' });
    });
  });
}
