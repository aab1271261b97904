/**
 * WeChat Pay papay (委托代扣) as the merchant calls it (decision 0046), signed like every API v3 request: open a
 * signing session (pre-entrust), ask a contract's state by contract_code, terminate a contract, and apply a deduction
 * under a signed contract. Deductions are then queried, closed and refunded by out_trade_no like any order.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from './context';
import { SIGN_PATH } from './signRoutes';
import { applyDeduction, contractByCode, contractStateOf, preEntrust, terminate, type ContractRow } from './wechatContracts';
import type { WechatError } from './wechatOrders';
import { requireMerchantSignature } from './wechatRoutes';

export const PAPAY_PATHS = {
  preEntrust: '/v3/papay/sign/contracts/pre-entrust-sign',
  byCode: '/v3/papay/sign/contracts/contract-code',
  terminate: '/v3/papay/sign/contracts/contract-id',
  apply: '/v3/papay/pay/transactions/apply',
} as const;

const CODE = /^[A-Za-z0-9_-]{6,32}$/;

const preEntrustBody = z.object({
  appid: z.string(), mchid: z.string(),
  contract_code: z.string().regex(CODE),
  contract_display_account: z.string().min(1).max(32),
  return_url: z.string().url().max(1024),
});

const applyBody = z.object({
  appid: z.string(), mchid: z.string(),
  contract_id: z.string().regex(/^\d{1,32}$/),
  out_trade_no: z.string().regex(/^[A-Za-z0-9_\-|*@]{6,32}$/),
  description: z.string().min(1).max(127),
  notify_url: z.string().url().max(255),
  amount: z.object({ total: z.number().int().min(1).max(99_999_999), currency: z.literal('USD') }),
});

const send = (reply: FastifyReply, e: WechatError) => reply.status(e.status).send({ code: e.code, message: e.message });

export const signUrlOf = (browserOrigin: string, contract: ContractRow) => `${browserOrigin}${SIGN_PATH}?token=${encodeURIComponent(contract.signToken)}`;

export function contractJson(contract: ContractRow, now: Date, ids: { appid: string; mchid: string }) {
  return {
    appid: ids.appid, mchid: ids.mchid, contract_code: contract.contractCode, contract_id: contract.contractId ?? undefined,
    contract_display_account: contract.displayAccount, contract_state: contractStateOf(contract, now),
    contract_signed_time: contract.signedAt?.toISOString(), contract_terminated_time: contract.terminatedAt?.toISOString(),
    contract_termination_mode: contract.terminatedBy ?? undefined,
  };
}

export function wechatContractRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const keys = ctx.credentials.wechat;
  void app.register(async (api) => {
    requireMerchantSignature(api, ctx);

    api.post(PAPAY_PATHS.preEntrust, async (request, reply) => {
      const parsed = preEntrustBody.safeParse(request.body);
      if (!parsed.success) return send(reply, { status: 400, code: 'PARAM_ERROR', message: parsed.error.issues[0]!.message });
      const body = parsed.data;
      if (body.appid !== keys.appid || body.mchid !== keys.mchid) return send(reply, { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      const answer = await preEntrust(ctx.db, ctx.clock, { contractCode: body.contract_code, displayAccount: body.contract_display_account, returnUrl: body.return_url });
      if ('error' in answer) return send(reply, answer.error);
      return { sign_url: signUrlOf(ctx.browserOrigin, answer.contract), expire_time: answer.contract.expiresAt.toISOString() };
    });

    api.get<{ Params: { code: string } }>(`${PAPAY_PATHS.byCode}/:code`, async (request, reply) => {
      const contract = await contractByCode(ctx.db, request.params.code);
      if (!contract) return send(reply, { status: 404, code: 'RESOURCE_NOT_EXISTS', message: '签约协议不存在' });
      return contractJson(contract, ctx.clock.now(), keys);
    });

    api.post<{ Params: { id: string } }>(`${PAPAY_PATHS.terminate}/:id/terminate`, async (request, reply) => {
      const ended = await terminate(ctx.db, ctx.clock, { contractId: request.params.id }, 'MERCHANT');
      if (!ended) return send(reply, { status: 404, code: 'RESOURCE_NOT_EXISTS', message: '签约协议不存在' });
      request.log.info({ contractCode: ended.contractCode }, 'wechat contract terminated by the merchant');
      return reply.status(204).send();
    });

    api.post(PAPAY_PATHS.apply, async (request, reply) => {
      const parsed = applyBody.safeParse(request.body);
      if (!parsed.success) return send(reply, { status: 400, code: 'PARAM_ERROR', message: parsed.error.issues[0]!.message });
      const body = parsed.data;
      if (body.appid !== keys.appid || body.mchid !== keys.mchid) return send(reply, { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      const answer = await applyDeduction(ctx.db, ctx.clock, {
        contractId: body.contract_id, outTradeNo: body.out_trade_no, amountCents: body.amount.total, description: body.description, notifyUrl: body.notify_url,
      });
      if ('error' in answer) return send(reply, answer.error);
      if (answer.created) {
        request.log.info({ outTradeNo: answer.order.outTradeNo }, 'wechat deduction under a contract');
        await ctx.notifier.paid(answer.order);
      }
      return reply.status(204).send();
    });
  });
}
