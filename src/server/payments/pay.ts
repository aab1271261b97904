/**
 * Paying an order (issue 3, Payment): which methods the buyer may use, one attempt per Idempotency-Key, and the
 * state of the latest attempt. Each method's flow lives in its own file.
 */
import type { z } from 'zod';
import type { PaymentResult, payRequest } from '../../contract/payments';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { findOrderFor, type OrderReader, type OrderRow } from '../orders';
import { payByAccount } from './account';
import { payByCard } from './card';
import { payNothing } from './free';
import { PAID_ANOTHER_WAY, paymentKeyFor, REFUND_PENDING, REFUNDED, wechatTradeNo } from './keys';
import { sameAttempt, startAttempt } from './start';
import { assertPayable } from './orderStatus';
import { latestOrderPayment, paymentById, paymentByKey, paymentResultOf, type PaymentRow } from './view';
import { closeOpenWechat, createWechatQr, type WechatReach } from './wechat';
import { settleFromProvider } from './reconciliation';
import { payMethodsFor } from '../accounts';

export type PayRequestParsed = z.output<typeof payRequest>;

export interface PayOrderInput {
  body: PayRequestParsed;
  /** The request's Idempotency-Key. */
  key: string;
  reader: OrderReader;
  wechat: WechatReach;
  log: { warn(details: object, message: string): void };
}

const TOKEN_ERRORS = ['CARD_TOKEN_EXPIRED', 'CARD_TOKEN_USED', 'NOT_FOUND'];
/** The attempt found the order paid another way: given back, or never sent. "Do not resubmit". */
const PAID_OTHERWISE = [REFUND_PENDING, REFUNDED, PAID_ANOTHER_WAY];

/** The first answer again. A card attempt still running has no answer yet: "do not submit twice". */
async function replayAnswer(deps: Deps, order: OrderRow, attempt: PaymentRow, reach: WechatReach): Promise<PaymentResult> {
  let p = attempt;
  if (p.status === 'pending' && p.provider === 'wechat_sandbox') {
    // The phone may have paid since the QR was shown: ask first, and show the QR again only while it is unpaid.
    if (await settleFromProvider(deps, p, { activeQuery: true })) p = await paymentById(deps.db, p.id);
    else return paymentResultOf(p, await createWechatQr(deps, order, p, reach));
  }
  if (p.status === 'pending') throw new GatewayError('120086');
  if (p.status === 'failed' && p.failureCode && TOKEN_ERRORS.includes(p.failureCode)) throw new GatewayError('120087');
  if (p.status === 'failed' && p.failureCode && PAID_OTHERWISE.includes(p.failureCode)) throw new GatewayError('resubmit');
  return paymentResultOf(p);
}

export async function payOrder(deps: Deps, input: PayOrderInput): Promise<PaymentResult> {
  const { body, reader } = input;
  const order = await findOrderFor(deps, body.orderNo, reader);
  const key = paymentKeyFor(order.orderNo, input.key);
  const hash = requestHash(body, reader.customerId);
  const earlier = await paymentByKey(deps.db, key);
  if (earlier) return replayAnswer(deps, order, sameAttempt(earlier, hash), input.wechat);
  assertPayable(order);
  const allowed = await payMethodsFor(deps, reader.customerId);
  // A top-up is never paid from the balance it tops up (decision 0020).
  if (!allowed.includes(body.method) || (order.kind === 'topup' && body.method === 'account')) {
    throw new GatewayError('validation', { messageKey: 'validation:method.notAllowed', data: { field: 'method' } });
  }
  // Another attempt starts: open WeChat QRs are closed first, so the phone cannot pay as well.
  await closeOpenWechat(deps, order.orderNo, key);

  if (order.payAmountCents === 0) {
    const free = await payNothing(deps, order, { key, requestHash: hash, method: body.method, customerId: reader.customerId });
    return free.replay ? replayAnswer(deps, order, free.payment, input.wechat) : paymentResultOf(free.payment);
  }

  if (body.method === 'wechat_pay') {
    const started = await startAttempt(deps, order.orderNo, {
      key, requestHash: hash, method: 'wechat_pay', customerId: reader.customerId, provider: 'wechat_sandbox', providerPaymentId: wechatTradeNo(key),
    });
    const p = 'existing' in started ? started.existing : started.created;
    if (p.status !== 'pending') return replayAnswer(deps, order, p, input.wechat);
    return paymentResultOf(p, await createWechatQr(deps, order, p, input.wechat));
  }

  const { payment, replay } = body.method === 'account'
    ? await payByAccount(deps, order, { key, requestHash: hash, customerId: reader.customerId! })
    : await payByCard(deps, order, {
      method: body.method, key, requestHash: hash, customerId: reader.customerId, sourceId: body.sourceId, cardId: body.cardId,
      cardholderName: body.cardholderName, saveCard: body.saveCard, log: input.log,
    });
  if (replay) return replayAnswer(deps, order, payment, input.wechat);
  // Paid: a QR that could not be closed before (or opened meanwhile) is closed now, so its phone cannot pay too.
  if (payment.status === 'succeeded') await closeOpenWechat(deps, order.orderNo);
  return paymentResultOf(payment);
}

/**
 * The attempt that paid the order, else its latest attempt; a pending one is first asked about at the provider
 * (active query).
 */
export async function payStatus(deps: Deps, orderNo: string, reader: OrderReader): Promise<PaymentResult | null> {
  const order = await findOrderFor(deps, orderNo, reader);
  const latest = await latestOrderPayment(deps.db, order.orderNo);
  if (!latest) return null;
  if (latest.status !== 'pending') return paymentResultOf(latest);
  await settleFromProvider(deps, latest, { activeQuery: true });
  return paymentResultOf(await paymentById(deps.db, latest.id));
}
