/**
 * The gateway's WeChat Pay adapter: API v3 Native pay over HTTP, each request signed with the merchant's key,
 * and the check of WeChat Pay's notifications (signature, age, then the encrypted transaction).
 */
import type { Clock } from '../../../clock';
import { PHONE_PATH } from '../sandbox/phoneRoutes';
import type { WechatCredentials } from '../sandbox/credentials';
import type { WechatContracts, WechatContractState, WechatNotification, WechatPay } from '../types';
import { PAPAY_PATHS } from '../sandbox/wechatContractRoutes';
import { MAX_SIGNATURE_AGE_S, decryptResource, requestAuthorization, signatureMatches, type EncryptedResource } from '../wechatCrypto';

export class WechatPayError extends Error {
  constructor(readonly code: string, readonly status: number, detail: string) {
    super(`WeChat Pay answered ${status} ${code}: ${detail}`);
    this.name = 'WechatPayError';
  }
}

type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

/** The gateway's view: a refunded order was paid (the refund is its own record); a revoked one is closed. */
const STATE: Record<TradeState, 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR'> = {
  SUCCESS: 'SUCCESS', REFUND: 'SUCCESS', NOTPAY: 'NOTPAY', USERPAYING: 'NOTPAY', CLOSED: 'CLOSED', REVOKED: 'CLOSED', PAYERROR: 'PAYERROR',
};

interface Transaction { out_trade_no: string; transaction_id?: string; trade_state: TradeState; amount: { total: number } }

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export interface WechatClientOptions { baseUrl: string; credentials: WechatCredentials; clock: Clock; browserOrigin: string }

export function createWechatClient(o: WechatClientOptions): WechatPay & WechatContracts {
  const keys = o.credentials;

  async function call<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: T & { code?: string; message?: string } }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const authorization = requestAuthorization({
      mchid: keys.mchid, serialNo: keys.merchantSerial, secret: keys.merchantSecret, method, pathWithQuery, body: text,
      timestamp: Math.floor(o.clock.now().getTime() / 1000),
    });
    const res = await fetch(`${o.baseUrl}${pathWithQuery}`, {
      method,
      headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(15_000),
    });
    const raw = await res.text();
    return { status: res.status, json: (raw ? JSON.parse(raw) : {}) as T & { code?: string; message?: string } };
  }

  const fail = (status: number, json: { code?: string; message?: string }): never => {
    throw new WechatPayError(json.code ?? 'UNKNOWN', status, json.message ?? '');
  };

  return {
    async createNativeOrder(req) {
      const { status, json } = await call<{ code_url?: string; time_expire?: string }>('POST', '/v3/pay/transactions/native', {
        appid: keys.appid, mchid: keys.mchid, description: req.description.slice(0, 127), out_trade_no: req.outTradeNo,
        notify_url: req.notifyUrl, amount: { total: req.amountCents, currency: 'USD' },
      });
      if (!json.code_url || !json.time_expire) return fail(status, json);
      const pr = new URL(json.code_url).searchParams.get('pr') ?? '';
      return {
        codeUrl: json.code_url,
        expiresAt: new Date(json.time_expire),
        sandboxPhoneUrl: `${o.browserOrigin}${PHONE_PATH}?pr=${encodeURIComponent(pr)}`,
      };
    },

    async queryOrder(outTradeNo) {
      const { status, json } = await call<Partial<Transaction>>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${keys.mchid}`);
      if (status === 404) return null;
      if (!json.trade_state) return fail(status, json);
      return { state: STATE[json.trade_state], transactionId: json.transaction_id ?? null, amountCents: json.amount?.total ?? 0 };
    },

    async closeOrder(outTradeNo) {
      const { status, json } = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: keys.mchid });
      if (status === 204) return { state: 'CLOSED' };
      if (json.code === 'ORDERPAID') return { state: 'SUCCESS' };
      if (status === 404 && json.code === 'ORDER_NOT_EXIST') return { state: 'NOT_FOUND' };
      return fail(status, json);
    },

    async refund(req) {
      const { status, json } = await call<{ status?: string }>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: req.outTradeNo, out_refund_no: req.outRefundNo,
        amount: { refund: req.amountCents, total: req.amountCents, currency: 'USD' },
      });
      if (!json.status) return fail(status, json);
      return { refunded: json.status === 'SUCCESS' || json.status === 'PROCESSING' };
    },

    async preEntrust(req) {
      const { status, json } = await call<{ sign_url?: string; expire_time?: string }>('POST', PAPAY_PATHS.preEntrust, {
        appid: keys.appid, mchid: keys.mchid, contract_code: req.contractCode, contract_display_account: req.displayAccount, return_url: req.returnUrl,
      });
      if (!json.sign_url || !json.expire_time) return fail(status, json);
      // The signing page in the customer's language, as WeChat shows it in the phone's.
      return { signUrl: `${json.sign_url}&lang=${encodeURIComponent(req.lang)}`, expiresAt: new Date(json.expire_time) };
    },

    async queryContract(contractCode) {
      const { status, json } = await call<{ contract_state?: WechatContractState; contract_id?: string; contract_termination_mode?: 'USER' | 'MERCHANT' }>(
        'GET', `${PAPAY_PATHS.byCode}/${encodeURIComponent(contractCode)}?appid=${keys.appid}`,
      );
      if (status === 404) return null;
      if (!json.contract_state) return fail(status, json);
      return { state: json.contract_state, contractId: json.contract_id ?? null, terminatedBy: json.contract_termination_mode ?? null };
    },

    async terminateContract(contractId) {
      const { status, json } = await call('POST', `${PAPAY_PATHS.terminate}/${encodeURIComponent(contractId)}/terminate`, { appid: keys.appid, terminate_remark: 'customer request' });
      if (status === 204) return { terminated: true };
      if (status === 404) return { terminated: false };
      return fail(status, json);
    },

    async applyDeduction(req) {
      const { status, json } = await call('POST', PAPAY_PATHS.apply, {
        appid: keys.appid, mchid: keys.mchid, contract_id: req.contractId, out_trade_no: req.outTradeNo,
        description: req.description.slice(0, 127), notify_url: req.notifyUrl, amount: { total: req.amountCents, currency: 'USD' },
      });
      if (status === 204) return { accepted: true };
      if (json.code === 'CONTRACT_NOT_EXIST') return { accepted: false, refusal: 'CONTRACT_NOT_EXIST' };
      return fail(status, json);
    },

    verifyNotification(headers, rawBody): WechatNotification | null {
      const timestamp = header(headers, 'wechatpay-timestamp');
      const nonce = header(headers, 'wechatpay-nonce');
      const signature = header(headers, 'wechatpay-signature');
      if (!timestamp || !nonce || !signature || header(headers, 'wechatpay-serial') !== keys.platformSerial) return null;
      if (!/^\d+$/.test(timestamp) || Math.abs(o.clock.now().getTime() / 1000 - Number(timestamp)) > MAX_SIGNATURE_AGE_S) return null;
      if (!signatureMatches(keys.platformSecret, [timestamp, nonce, rawBody], signature)) return null;
      try {
        const body = JSON.parse(rawBody) as { event_type?: string; resource?: EncryptedResource };
        if (!body.resource) return null;
        const plain = decryptResource(keys.apiV3Key, body.resource);
        if (!plain) return null;
        const t = JSON.parse(plain) as Transaction & { mchid?: string };
        if (t.mchid !== keys.mchid || !t.transaction_id) return null;
        const state = STATE[t.trade_state];
        if (state !== 'SUCCESS' && state !== 'PAYERROR' && state !== 'CLOSED') return null;
        return { outTradeNo: t.out_trade_no, transactionId: t.transaction_id, amountCents: t.amount.total, state };
      } catch {
        return null;
      }
    },
  };
}
