/**
 * Controls of the sandbox itself, for tests and for people trying the product on this machine: the page ids,
 * deliver the WeChat notifications due on the (moved) clock, or one more copy of a notification now. Loopback only.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { isLoopback } from '../../../http/loopback';

export const CONTROL_PATHS = {
  application: '/v1/sandbox/application', deliverDue: '/v1/sandbox/wechat/deliver-due', notifyAgain: '/v1/sandbox/wechat/notify-again',
} as const;

export function controlRoutes(app: FastifyInstance, ctx: SandboxContext) {
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!isLoopback(request.socket.remoteAddress)) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    });

    // The ids a page is configured with (public anyway), so a test can tokenize a card as the card form does.
    scope.get(CONTROL_PATHS.application, async () => ({ applicationId: ctx.credentials.square.applicationId, locationId: ctx.credentials.square.locationId }));

    scope.post(CONTROL_PATHS.deliverDue, async () => {
      const attempts = await ctx.notifier.deliverDue();
      const { count, nextDueAt } = ctx.notifier.pending();
      return { attempts, pending: count, nextDueAt: nextDueAt?.toISOString() ?? null };
    });

    scope.post(CONTROL_PATHS.notifyAgain, async (request, reply) => {
      const outTradeNo = (request.body as { out_trade_no?: unknown } | null)?.out_trade_no;
      if (typeof outTradeNo !== 'string') return reply.status(400).send({ code: 'PARAM_ERROR', message: 'out_trade_no is required' });
      const status = await ctx.notifier.deliverNow(outTradeNo);
      if (status === null) return reply.status(404).send({ code: 'ORDER_NOT_EXIST', message: 'No paid order with this out_trade_no' });
      return { status };
    });
  });
}
