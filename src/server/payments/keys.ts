/**
 * The keys one payment attempt goes by. The payment row stores the attempt's key; what the providers receive is
 * derived from it, so the reconciliation job can always ask a provider about a row, even after a crash.
 */
import { sha256 } from '../secrets';

/** One attempt to pay one order: the client's Idempotency-Key, scoped to the order it pays. */
export const paymentKeyFor = (orderNo: string, requestKey: string): string => `order:${orderNo}:${requestKey}`;

/** Square takes idempotency keys of up to 45 characters. */
export const cardProviderKey = (paymentKey: string): string => `lb-${sha256(paymentKey).slice(0, 40)}`;
export const cardRefundKey = (paymentKey: string): string => `lbr-${sha256(paymentKey).slice(0, 40)}`;

/** WeChat Pay's out_trade_no: 6 to 32 letters and digits. */
export const wechatTradeNo = (paymentKey: string): string => `LB${sha256(paymentKey).slice(0, 30).toUpperCase()}`;
export const wechatRefundNo = (tradeNo: string): string => `RF${tradeNo.slice(2)}`;

/** Payment failure codes of our own, beside the providers' (contract paymentFailure). */
export const NOT_RECEIVED = 'NOT_RECEIVED';          // the provider never got the attempt (crash before the call)
export const PROVIDER_REFUSED = 'PROVIDER_REFUSED';  // the provider refused the request itself (4xx): nothing charged
export const REFUND_PENDING = 'REFUND_PENDING';      // paid twice: this one is being given back
export const REFUNDED = 'REFUNDED';                  // paid twice: this one was given back
export const PAID_ANOTHER_WAY = 'PAID_ANOTHER_WAY';  // the order got paid (a QR's phone) before this attempt was sent: nothing charged

/**
 * How long an attempt may be pending before reconciliation asks the provider about it, and before silence at the
 * provider means "never received": far longer than any provider call takes, so a request still running is never judged.
 */
export const RECONCILE_GRACE_MS = 2 * 60_000;
