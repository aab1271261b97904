/**
 * Reconciliation (decision 0006): finds payments left 'pending' (the process died between the provider's charge
 * and the gateway's commit, or a WeChat notification never came) and settles them from what the provider says.
 * A charge the gateway never recorded ends as a paid order, never as a charge without an order; an attempt the
 * provider never received ends failed. Duplicates being given back are retried until the provider confirms.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Deps } from '../context';
import { payments } from '../db/schema';
import { cardProviderKey, NOT_RECEIVED, REFUND_PENDING, REFUNDED } from './paymentsKeys';
import { refundDuplicate, settleFailure, settleSuccess } from './paymentsSettle';
import type { PaymentRow } from './paymentsView';
import { applyWechatState } from './paymentsWechat';

/**
 * How long an attempt may be pending before silence at the provider means "never received": far longer than
 * any provider call takes, so a request still running is never judged.
 */
export const RECONCILE_GRACE_MS = 2 * 60_000;
/** An unpaid WeChat QR is closed after this (WeChat Pay's default time_expire for Native orders is 2 hours). */
export const WECHAT_QR_TTL_MS = 2 * 60 * 60_000;
const BATCH = 100;

async function settleCard(deps: Deps, p: PaymentRow, old: boolean): Promise<boolean> {
  const key = cardProviderKey(p.idempotencyKey);
  const found = (await deps.payments.card.listPayments(p.payableRef)).find((x) => x.idempotencyKey === key);
  if (found?.status === 'COMPLETED') {
    if (found.amountCents !== p.amountCents) throw new Error(`card provider holds ${found.amountCents} for a ${p.amountCents} payment`);
    await settleSuccess(deps, p.id, { providerPaymentId: found.paymentId });
    return true;
  }
  if (found) {
    const code = found.status === 'REFUNDED' ? REFUNDED : (found as { errorCode?: string }).errorCode ?? 'GENERIC_DECLINE';
    return settleFailure(deps, p.id, { code, effect: 'failed', providerPaymentId: found.paymentId });
  }
  return old ? settleFailure(deps, p.id, { code: NOT_RECEIVED, effect: 'failed' }) : false;
}

async function settleWechat(deps: Deps, p: PaymentRow, old: boolean, ageMs: number): Promise<boolean> {
  const tradeNo = p.providerPaymentId!;
  const said = await deps.payments.wechat.queryOrder(tradeNo);
  if (!said) return old ? settleFailure(deps, p.id, { code: NOT_RECEIVED, effect: 'none' }) : false;
  if (said.state === 'NOTPAY' && ageMs >= WECHAT_QR_TTL_MS) {
    const { state } = await deps.payments.wechat.closeOrder(tradeNo);
    return applyWechatState(deps, p, { state, amountCents: said.amountCents });
  }
  return applyWechatState(deps, p, said);
}

/**
 * Asks the provider about one pending attempt and settles it when the provider's answer is final. With
 * `activeQuery` (payStatus while the buyer waits) a young card attempt is left alone: its request may still run.
 */
export async function settleFromProvider(deps: Deps, p: PaymentRow, opts: { activeQuery?: boolean } = {}): Promise<boolean> {
  if (p.status !== 'pending') return false;
  const ageMs = deps.clock.now().getTime() - p.createdAt.getTime();
  const old = ageMs >= RECONCILE_GRACE_MS;
  if (p.provider === 'wechat_sandbox') return settleWechat(deps, p, old, ageMs);
  if (p.provider === 'card_sandbox' && (old || !opts.activeQuery)) return settleCard(deps, p, old);
  return false;
}

/** Settles pending payments older than the grace period; answers how many it settled. Run by the job runner. */
export async function reconcilePayments(deps: Deps): Promise<{ settled: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - RECONCILE_GRACE_MS);
  const pending = await deps.db.select().from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, cutoff))).orderBy(asc(payments.id)).limit(BATCH);
  const toRefund = await deps.db.select().from(payments).where(eq(payments.failureCode, REFUND_PENDING)).orderBy(asc(payments.id)).limit(BATCH);
  let settled = 0;
  const failures: unknown[] = [];
  // One provider failing must not hold up the others; the job runner records the first failure.
  for (const p of pending) {
    try {
      if (await settleFromProvider(deps, p)) settled++;
    } catch (e) {
      failures.push(e);
    }
  }
  for (const p of toRefund) {
    try {
      await refundDuplicate(deps, p);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length > 0) throw failures[0];
  return { settled };
}
