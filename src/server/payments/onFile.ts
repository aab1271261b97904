/**
 * Charging an order without the customer at the screen (issue 15: auto-renewal and recovery): the General balance or
 * the default saved card, through the same attempts as a customer's payment (payByAccount, payByCard), so one order
 * is paid once whatever runs it: a second attempt finds the order paid ('resubmit') or being paid (120086). The
 * answer is what the order's money did: succeeded, failed (with why), or pending (the provider's answer is not known
 * yet: reconciliation settles it).
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { orders } from '../db/schema';
import { GatewayError } from '../http/errors';
import { payByAccount } from './account';
import { payByCard } from './card';

export type OnFileMethod = 'account' | 'default_card';
export interface OnFileOutcome { status: 'succeeded' | 'failed' | 'pending'; failureCode: string | null }

/** Our own failure codes beside the providers' (contract paymentFailure): the balance is short; no card is saved. */
export const INSUFFICIENT_BALANCE = 'INSUFFICIENT_BALANCE';
export const NO_SAVED_CARD = 'NO_SAVED_CARD';

export async function chargeOrderOnFile(
  deps: Deps, orderNo: string, pay: { method: OnFileMethod; customerId: number; key: string },
): Promise<OnFileOutcome> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error(`order ${orderNo} vanished`);
  if (order.status === 'paid') return { status: 'succeeded', failureCode: null };
  if (order.status === 'paying') return { status: 'pending', failureCode: null };
  const requestHash = `onfile:${pay.method}`;
  const log = deps.log ?? { warn: () => undefined };
  try {
    const { payment } = pay.method === 'account'
      ? await payByAccount(deps, order, { key: pay.key, requestHash, customerId: pay.customerId })
      : await payByCard(deps, order, { method: 'default_card', key: pay.key, requestHash, customerId: pay.customerId, cardId: null, saveCard: false, log });
    return { status: payment.status === 'succeeded' ? 'succeeded' : payment.status === 'failed' ? 'failed' : 'pending', failureCode: payment.failureCode };
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    if (e.code === '120081') return { status: 'failed', failureCode: INSUFFICIENT_BALANCE };
    if (e.code === 'validation') return { status: 'failed', failureCode: NO_SAVED_CARD };
    // Paid meanwhile by another run, or being paid by it: the order says which.
    if (e.code === 'resubmit' || e.code === '120086') {
      const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
      return now?.status === 'paid' ? { status: 'succeeded', failureCode: null } : { status: 'pending', failureCode: null };
    }
    throw e;
  }
}
