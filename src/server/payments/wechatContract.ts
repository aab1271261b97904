/**
 * Paying an order under a signed WeChat Pay agreement (papay contract, decision 0046): a deduction the customer asked
 * for, with no QR to scan. The attempt is written before WeChat Pay is called, its out_trade_no derived from the
 * attempt's key (decision 0009), so a retry never deducts twice and reconciliation can always ask about it. Afterwards
 * the deduction is an ordinary WeChat Pay order: queried, notified (twice, late), closed and refunded as any.
 */
import type { PaymentResult } from '../../contract/payments';
import type { Deps } from '../context';
import type { OrderRow } from '../orders';
import { paymentKeyFor, PROVIDER_REFUSED, wechatTradeNo } from './keys';
import { settleFromProvider } from './reconciliation';
import { settleFailure } from './settle';
import { sameAttempt, startAttempt } from './start';
import { paymentById, paymentByKey, paymentResultOf, type PaymentRow } from './view';
import { closeOpenWechat } from './wechat';

export interface ContractPayment {
  /** The request's Idempotency-Key. */
  key: string;
  requestHash: string;
  customerId: number;
  /** WeChat Pay's id of the customer's signed contract. */
  contractId: string;
  notifyUrl: string;
}

/** The agreement was ended at WeChat Pay: nothing was taken; the caller marks the agreement ended. */
export const CONTRACT_REFUSED = 'contractRefused' as const;

async function answerOf(deps: Deps, p: PaymentRow): Promise<PaymentResult | typeof CONTRACT_REFUSED> {
  let row = p;
  if (row.status === 'pending' && (await settleFromProvider(deps, row, { activeQuery: true }))) row = await paymentById(deps.db, row.id);
  if (row.status === 'failed' && row.failureCode === PROVIDER_REFUSED) return CONTRACT_REFUSED;
  return paymentResultOf(row);
}

export async function payByWechatContract(deps: Deps, order: OrderRow, input: ContractPayment): Promise<PaymentResult | typeof CONTRACT_REFUSED> {
  const key = paymentKeyFor(order.orderNo, input.key);
  const earlier = await paymentByKey(deps.db, key);
  if (earlier) return answerOf(deps, sameAttempt(earlier, input.requestHash));
  // Another attempt starts: open WeChat QRs of the order are closed first, so a phone cannot pay as well.
  await closeOpenWechat(deps, order.orderNo, key);
  const started = await startAttempt(deps, order.orderNo, {
    key, requestHash: input.requestHash, method: 'wechat_pay', customerId: input.customerId, provider: 'wechat_sandbox', providerPaymentId: wechatTradeNo(key),
  });
  if ('existing' in started) return answerOf(deps, started.existing);
  const p = started.created;
  let answer: Awaited<ReturnType<Deps['payments']['wechat']['applyDeduction']>>;
  try {
    answer = await deps.payments.wechat.applyDeduction({
      contractId: input.contractId, outTradeNo: p.providerPaymentId!, amountCents: p.amountCents,
      description: `${order.planName} ${order.orderNo}`, notifyUrl: input.notifyUrl,
    });
  } catch (err) {
    // The deduction may or may not have been taken: the attempt stays pending for payStatus and reconciliation.
    deps.log?.warn({ err, orderNo: order.orderNo }, 'WeChat Pay deduction unanswered; reconciliation will settle it');
    return paymentResultOf(await paymentById(deps.db, p.id));
  }
  if (!answer.accepted) {
    await settleFailure(deps, p.id, { code: PROVIDER_REFUSED, effect: 'none' });
    return CONTRACT_REFUSED;
  }
  return answerOf(deps, p);
}
