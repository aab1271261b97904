/**
 * WeChat Pay, Native pay: the buyer scans a QR (code_url) with the phone; the result arrives as a signed
 * notification that may come twice or late, and is also asked for actively (payStatus, reconciliation).
 * A QR never blocks paying another way: when the order gets paid otherwise, open QRs are closed, and a phone
 * that paid anyway is refunded.
 */
import { and, eq } from 'drizzle-orm';
import { PCAPP } from '../../contract/endpoint';
import type { WechatNotification } from '../adapters/payments/types';
import type { Deps } from '../context';
import { payments } from '../db/schema';
import type { OrderRow } from '../orders';
import { NOT_RECEIVED } from './keys';
import { settleFailure, settleSuccess } from './settle';
import type { PaymentRow, WechatQr } from './view';

export const WECHAT_NOTIFY_PATH = `${PCAPP}/pay/wechat/notify`;

export interface WechatReach {
  /** Where WeChat Pay sends its notifications. */
  notifyUrl: string;
}

export async function createWechatQr(deps: Deps, order: OrderRow, p: PaymentRow, reach: WechatReach): Promise<WechatQr> {
  const native = await deps.payments.wechat.createNativeOrder({
    outTradeNo: p.providerPaymentId!, amountCents: p.amountCents, description: `${order.planName} ${order.orderNo}`, ...reach,
  });
  return { codeUrl: native.codeUrl, expiresAt: native.expiresAt.toISOString(), sandboxPhoneUrl: native.sandboxPhoneUrl };
}

/** Applies what WeChat Pay says about one attempt. Answers false when it says nothing final yet. */
export async function applyWechatState(
  deps: Deps, p: PaymentRow, said: { state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR'; amountCents: number },
): Promise<boolean> {
  switch (said.state) {
    case 'SUCCESS':
      if (said.amountCents !== p.amountCents) throw new Error(`WeChat Pay answered ${said.amountCents} for a ${p.amountCents} payment`);
      // Paid by this QR: any other QR of the order still open is closed, so no second phone can pay.
      if ((await settleSuccess(deps, p.id)) === 'paid') await closeOpenWechat(deps, p.payableRef);
      return true;
    case 'PAYERROR':
      await settleFailure(deps, p.id, { code: 'WECHAT_PAYERROR', effect: 'failed' });
      return true;
    case 'CLOSED':
      // Closed unpaid: the QR expired or the buyer chose another way; the order just waits for payment.
      await settleFailure(deps, p.id, { code: 'WECHAT_CLOSED', effect: 'none' });
      return true;
    default:
      return false;
  }
}

/**
 * Closes one QR at WeChat Pay and settles its attempt by the answer: closed unpaid, paid first by the phone (the
 * order is paid by it, or it is refunded), or never received by WeChat Pay (the request that would have created it
 * never arrived): nothing can be paid with it, and the order is left as it is.
 */
export async function closeWechatAttempt(deps: Deps, p: PaymentRow): Promise<boolean> {
  const { state } = await deps.payments.wechat.closeOrder(p.providerPaymentId!);
  if (state === 'NOT_FOUND') return settleFailure(deps, p.id, { code: NOT_RECEIVED, effect: 'none' });
  return applyWechatState(deps, p, { state, amountCents: p.amountCents });
}

/**
 * Closes the order's open QRs (before another way of paying starts, or once it is paid). A phone that paid
 * first turns into that attempt's success: the order is paid by it, or, if already paid, it is refunded. Never
 * throws: a QR that cannot be closed now is logged and left to the reconciliation job, and the others are closed.
 */
export async function closeOpenWechat(deps: Deps, orderNo: string, exceptKey?: string): Promise<void> {
  const open = await deps.db.select().from(payments).where(and(
    eq(payments.payableKind, 'order'), eq(payments.payableRef, orderNo), eq(payments.provider, 'wechat_sandbox'), eq(payments.status, 'pending'),
  ));
  for (const p of open) {
    // The same attempt asked twice at once (a double click) must not close its own QR.
    if (p.idempotencyKey === exceptKey || !p.providerPaymentId) continue;
    try {
      await closeWechatAttempt(deps, p);
    } catch (err) {
      deps.log?.warn({ err, paymentId: p.id, orderNo }, 'could not close a WeChat Pay QR; reconciliation will settle it');
    }
  }
}

/**
 * The notify route's work: true when handled (WeChat Pay stops resending), false when the signature is not
 * genuine. A duplicate or late notification changes nothing that is already settled.
 */
export async function handleWechatNotification(deps: Deps, n: WechatNotification): Promise<void> {
  const [p] = await deps.db.select().from(payments)
    .where(and(eq(payments.provider, 'wechat_sandbox'), eq(payments.providerPaymentId, n.outTradeNo)));
  if (!p) throw new Error(`WeChat Pay notified an unknown out_trade_no ${n.outTradeNo}`);
  await applyWechatState(deps, p, n);
}
