/**
 * WeChat Pay API v3, Native pay, as the merchant (the gateway) calls it: every request signed with the
 * merchant's key (Authorization: WECHATPAY2-... mchid, nonce_str, timestamp, serial_no, signature over
 * "METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n"), errors as { code, message }.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_SIGNATURE_AGE_S, parseAuthorization, signatureMatches } from '../wechatCrypto';
import type { SandboxContext } from './context';
import { closeOrder, codeUrlOf, createNativeOrder, queryOrder, refundOrder, type WechatError, type WechatOrderRow } from './wechatOrders';

const OUT_NO = /^[A-Za-z0-9_\-|*@]{6,32}$/;

const nativeBody = z.object({
  appid: z.string(), mchid: z.string(),
  description: z.string().min(1).max(127),
  out_trade_no: z.string().regex(OUT_NO),
  notify_url: z.string().url().max(255),
  amount: z.object({ total: z.number().int().min(1).max(99_999_999), currency: z.literal('USD') }),
});

const refundBody = z.object({
  out_trade_no: z.string().regex(OUT_NO),
  out_refund_no: z.string().regex(/^[A-Za-z0-9_\-|*@]{1,64}$/),
  amount: z.object({ refund: z.number().int().min(1), total: z.number().int().min(1), currency: z.literal('USD') }),
});

const send = (reply: FastifyReply, e: WechatError) => reply.status(e.status).send({ code: e.code, message: e.message });
const badParam = (reply: FastifyReply, message: string) => send(reply, { status: 400, code: 'PARAM_ERROR', message });

const DESCRIPTIONS: Record<WechatOrderRow['state'], string> = {
  NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', PAYERROR: '支付失败', REFUND: '转入退款',
};

export function transactionJson(order: WechatOrderRow, ids: { appid: string; mchid: string }) {
  return {
    appid: ids.appid, mchid: ids.mchid, out_trade_no: order.outTradeNo, transaction_id: order.transactionId ?? undefined,
    trade_type: order.contractId ? 'PAP' : 'NATIVE', trade_state: order.state, trade_state_desc: DESCRIPTIONS[order.state],
    success_time: order.paidAt?.toISOString(),
    amount: { total: order.amountCents, payer_total: order.state === 'NOTPAY' ? undefined : order.amountCents, currency: 'USD', payer_currency: 'USD' },
  };
}

/** The merchant's API requests are signed with its key, recently: anything else is SIGN_ERROR. */
export function requireMerchantSignature(api: FastifyInstance, ctx: SandboxContext) {
  const keys = ctx.credentials.wechat;
  api.addHook('preHandler', async (request, reply) => {
    const auth = parseAuthorization(request.headers.authorization);
    const age = Math.abs(ctx.clock.now().getTime() / 1000 - Number(auth?.timestamp));
    const genuine = !!auth && auth.mchid === keys.mchid && auth.serial_no === keys.merchantSerial && age <= MAX_SIGNATURE_AGE_S
      && signatureMatches(keys.merchantSecret, [request.method, request.url, auth.timestamp!, auth.nonce_str ?? '', request.rawBody], auth.signature ?? '');
    if (!genuine) return send(reply, { status: 401, code: 'SIGN_ERROR', message: '签名错误' });
  });
}

export function wechatRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const keys = ctx.credentials.wechat;

  void app.register(async (api) => {
    requireMerchantSignature(api, ctx);

    api.post('/v3/pay/transactions/native', async (request, reply) => {
      const parsed = nativeBody.safeParse(request.body);
      if (!parsed.success) return badParam(reply, parsed.error.issues[0]!.message);
      const body = parsed.data;
      if (body.appid !== keys.appid || body.mchid !== keys.mchid) return send(reply, { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      const answer = await createNativeOrder(ctx.db, ctx.clock, {
        outTradeNo: body.out_trade_no, amountCents: body.amount.total, description: body.description, notifyUrl: body.notify_url,
      });
      if ('error' in answer) return send(reply, answer.error);
      request.log.info({ outTradeNo: answer.order.outTradeNo }, 'wechat native order');
      // time_expire is a request field in WeChat Pay; the sandbox answers it so the merchant can show the deadline.
      return { code_url: codeUrlOf(answer.order), time_expire: answer.order.expiresAt.toISOString() };
    });

    api.get<{ Params: { no: string } }>('/v3/pay/transactions/out-trade-no/:no', async (request, reply) => {
      const order = await queryOrder(ctx.db, ctx.clock, request.params.no);
      if (!order) return send(reply, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return transactionJson(order, keys);
    });

    api.post<{ Params: { no: string } }>('/v3/pay/transactions/out-trade-no/:no/close', async (request, reply) => {
      const answer = await closeOrder(ctx.db, ctx.clock, request.params.no);
      if ('error' in answer) return send(reply, answer.error);
      return reply.status(204).send();
    });

    api.post('/v3/refund/domestic/refunds', async (request, reply) => {
      const parsed = refundBody.safeParse(request.body);
      if (!parsed.success) return badParam(reply, parsed.error.issues[0]!.message);
      const body = parsed.data;
      const answer = await refundOrder(ctx.db, ctx.clock, { outTradeNo: body.out_trade_no, outRefundNo: body.out_refund_no, amountCents: body.amount.refund });
      if ('error' in answer) return send(reply, answer.error);
      request.log.info({ outTradeNo: body.out_trade_no }, 'wechat order refunded');
      return {
        refund_id: `50${answer.order.transactionId?.slice(2) ?? ''}`, out_refund_no: body.out_refund_no,
        transaction_id: answer.order.transactionId, out_trade_no: answer.order.outTradeNo, channel: 'ORIGINAL', status: 'SUCCESS',
        create_time: ctx.clock.now().toISOString(),
        amount: { total: answer.order.amountCents, refund: answer.order.amountCents, currency: 'USD' },
      };
    });
  });
}
