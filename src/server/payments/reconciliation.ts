/**
 * Reconciliation (decision 0006): finds payments left 'pending' (the process died between the provider's charge
 * and the gateway's commit, or a WeChat notification never came) and settles them from what the provider says.
 * A charge the gateway never recorded ends as a paid order, never as a charge without an order; an attempt the
 * provider never received ends failed. Duplicates being given back are retried until the provider confirms.
 *
 * Each row carries its own time to be looked at (payments.next_check_at), pushed back while the provider's answer is
 * not final (an unpaid QR) or the provider fails, and card attempts, WeChat QRs and refunds are taken separately:
 * however many unpaid QRs wait, a card charge whose commit was lost is reached in the next run.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Deps } from '../context';
import { payments } from '../db/schema';
import { cardProviderKey, NOT_RECEIVED, RECONCILE_GRACE_MS, REFUND_PENDING, REFUNDED } from './keys';
import { refundDuplicate, settleFailure, settleSuccess } from './settle';
import type { PaymentRow } from './view';
import { applyWechatState, closeOpenWechat, closeWechatAttempt } from './wechat';

export { RECONCILE_GRACE_MS };
/** An unpaid WeChat QR is closed after this (WeChat Pay's default time_expire for Native orders is 2 hours). */
export const WECHAT_QR_TTL_MS = 2 * 60 * 60_000;
/** How long a row waits before being asked about again when the provider's answer was not final, or it failed. */
export const RECHECK_MS = 5 * 60_000;
/** Rows of each kind (card attempts, WeChat QRs, refunds) looked at per run. */
const BATCH = 100;

async function settleCard(deps: Deps, p: PaymentRow, old: boolean): Promise<boolean> {
  const key = cardProviderKey(p.idempotencyKey);
  const found = (await deps.payments.card.listPayments(p.payableRef)).find((x) => x.idempotencyKey === key);
  if (found?.status === 'COMPLETED') {
    if (found.amountCents !== p.amountCents) throw new Error(`card provider holds ${found.amountCents} for a ${p.amountCents} payment`);
    if ((await settleSuccess(deps, p.id, { providerPaymentId: found.paymentId, card: found.card })) === 'paid') await closeOpenWechat(deps, p.payableRef);
    return true;
  }
  if (found) {
    const code = found.status === 'REFUNDED' ? REFUNDED : found.errorCode ?? 'GENERIC_DECLINE';
    return settleFailure(deps, p.id, { code, effect: 'failed', providerPaymentId: found.paymentId });
  }
  return old ? settleFailure(deps, p.id, { code: NOT_RECEIVED, effect: 'failed' }) : false;
}

async function settleWechat(deps: Deps, p: PaymentRow, old: boolean, ageMs: number): Promise<boolean> {
  const tradeNo = p.providerPaymentId!;
  const said = await deps.payments.wechat.queryOrder(tradeNo);
  if (!said) return old ? settleFailure(deps, p.id, { code: NOT_RECEIVED, effect: 'none' }) : false;
  if (said.state === 'NOTPAY' && ageMs >= WECHAT_QR_TTL_MS) return closeWechatAttempt(deps, p);
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

/** When to look at a row again that is still unsettled after this run. */
function nextCheck(p: PaymentRow, now: Date, failed: boolean): Date {
  const later = now.getTime() + RECHECK_MS;
  // An unpaid QR is looked at again, and at the latest when it is due to be closed.
  if (!failed && p.provider === 'wechat_sandbox' && p.status === 'pending') {
    return new Date(Math.max(now.getTime(), Math.min(later, p.createdAt.getTime() + WECHAT_QR_TTL_MS)));
  }
  return new Date(later);
}

/** Pushes a row back, unless it was settled or rescheduled meanwhile. */
async function postpone(deps: Deps, p: PaymentRow, failed: boolean): Promise<void> {
  if (!p.nextCheckAt) return;
  await deps.db.update(payments).set({ nextCheckAt: nextCheck(p, deps.clock.now(), failed) })
    .where(and(eq(payments.id, p.id), eq(payments.nextCheckAt, p.nextCheckAt)));
}

const pendingDue = (deps: Deps, provider: PaymentRow['provider'], now: Date) => deps.db.select().from(payments)
  .where(and(eq(payments.status, 'pending'), eq(payments.provider, provider), lte(payments.nextCheckAt, now)))
  .orderBy(asc(payments.nextCheckAt), asc(payments.id)).limit(BATCH);

/** Settles the pending payments and refunds that are due; answers how many attempts it settled. Run by the job runner. */
export async function reconcilePayments(deps: Deps): Promise<{ settled: number }> {
  const now = deps.clock.now();
  const [cards, qrs, toRefund] = await Promise.all([
    pendingDue(deps, 'card_sandbox', now),
    pendingDue(deps, 'wechat_sandbox', now),
    deps.db.select().from(payments).where(and(eq(payments.failureCode, REFUND_PENDING), lte(payments.nextCheckAt, now)))
      .orderBy(asc(payments.nextCheckAt), asc(payments.id)).limit(BATCH),
  ]);
  let settled = 0;
  const failures: unknown[] = [];
  // One row or provider failing must not hold up the others; the job runner records the first failure.
  for (const p of [...cards, ...qrs]) {
    try {
      if (await settleFromProvider(deps, p)) settled++;
      else await postpone(deps, p, false);
    } catch (e) {
      failures.push(e);
      await postpone(deps, p, true);
    }
  }
  for (const p of toRefund) {
    try {
      if (!(await refundDuplicate(deps, p))) await postpone(deps, p, false);
    } catch (e) {
      failures.push(e);
      await postpone(deps, p, true);
    }
  }
  if (failures.length > 0) throw failures[0];
  return { settled };
}
