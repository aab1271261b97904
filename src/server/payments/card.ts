/**
 * Card payments, new card (the provider's single-use token) or the saved card on file. The gateway never sees a
 * card number or CVV. Pending attempt committed, provider called with the attempt's key, then one transaction
 * records what the provider said.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CardProviderError, type CardPaymentOutcome } from '../adapters/payments/types';
import type { Deps } from '../context';
import { orders, savedCards } from '../db/schema';
import { GatewayError } from '../http/errors';
import type { OrderRow } from '../orders';
import { cardProviderKey, PAID_ANOTHER_WAY, PROVIDER_REFUSED } from './keys';
import { settleFailure, settleSuccess } from './settle';
import { startAttempt, type Attempt } from './start';
import { paymentById, type PaymentRow } from './view';
import { closeOpenWechat } from './wechat';
import { defaultCard, type SavedCard } from '../accounts';

export interface CardPay {
  method: 'bank_card' | 'default_card';
  key: string;
  requestHash: string;
  customerId: number | null;
  sourceId?: string | null;
  cardId?: number | null;
  cardholderName?: string | null;
  saveCard: boolean;
  log: { warn(details: object, message: string): void };
}

const noSavedCard = () => new GatewayError('validation', { messageKey: 'validation:card.noSaved', data: { field: 'cardId' } });

async function savedCardFor(deps: Deps, customerId: number, cardId: number | null | undefined): Promise<SavedCard> {
  if (cardId == null) return (await defaultCard(deps.db, customerId)) ?? (() => { throw noSavedCard(); })();
  const [card] = await deps.db.select().from(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)));
  if (!card) throw noSavedCard();
  return card;
}

async function orderStatus(deps: Deps, orderNo: string): Promise<OrderRow['status'] | undefined> {
  const [row] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  return row?.status;
}

/** Answers the settled attempt, or the earlier attempt for a replay (the caller tells one from the other). */
export async function payByCard(deps: Deps, order: OrderRow, pay: CardPay): Promise<{ payment: PaymentRow; replay: boolean }> {
  const saved = pay.method === 'default_card' ? await savedCardFor(deps, pay.customerId!, pay.cardId) : null;
  const attempt: Attempt = {
    key: pay.key, requestHash: pay.requestHash, method: pay.method, customerId: pay.customerId, provider: 'card_sandbox',
    savedCardId: saved?.id ?? null,
    card: saved ? { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear, fingerprint: saved.cardFingerprint } : null,
  };
  const started = await startAttempt(deps, order.orderNo, attempt);
  if ('existing' in started) return { payment: started.existing, replay: true };
  const p = started.created;
  // The order is 'paying' now, so no new QR can start: one opened just before is closed, and if its phone paid
  // first, the order is paid by it and the card is not charged.
  await closeOpenWechat(deps, order.orderNo);
  if ((await orderStatus(deps, order.orderNo)) === 'paid') {
    await settleFailure(deps, p.id, { code: PAID_ANOTHER_WAY, effect: 'none' });
    throw new GatewayError('resubmit');
  }

  const keepOnFile = pay.method === 'bank_card' && pay.saveCard && pay.customerId !== null;
  let outcome: CardPaymentOutcome;
  try {
    outcome = await deps.payments.card.createPayment({
      idempotencyKey: cardProviderKey(p.idempotencyKey),
      sourceId: saved ? saved.providerCardId : pay.sourceId!,
      amountCents: p.amountCents,
      referenceId: order.orderNo,
      // Address verification: the provider compares it with the postal code typed in its card form.
      billingPostalCode: saved?.billingZip ?? order.billing.zip,
      storeForCustomer: keepOnFile ? `customer-${pay.customerId}` : null,
    });
  } catch (e) {
    if (e instanceof CardProviderError && e.refusedBeforeCharge) {
      // The provider refused the CreatePayment request itself, so nothing was charged: the order is as it was.
      await settleFailure(deps, p.id, { code: PROVIDER_REFUSED, effect: 'restore' });
      throw e;
    }
    // Charged or not, nobody knows yet: the attempt stays pending (the order 'paying') and is settled from
    // the provider's records by payStatus or the reconciliation job.
    pay.log.warn({ err: e, paymentId: p.id }, 'card provider call failed; the attempt stays pending for reconciliation');
    return { payment: p, replay: false };
  }
  await deps.config.faults?.afterProviderCharge?.();

  if (outcome.status === 'COMPLETED') {
    if (outcome.cardOnFileFailure) {
      pay.log.warn({ paymentId: p.id, reason: outcome.cardOnFileFailure }, 'the payment went through but the card could not be kept on file');
    }
    const settled = await settleSuccess(deps, p.id, {
      providerPaymentId: outcome.paymentId, card: outcome.card,
      save: keepOnFile && outcome.cardId
        ? { customerId: pay.customerId!, providerCardId: outcome.cardId, holderName: pay.cardholderName ?? '', billingZip: order.billing.zip }
        : null,
    });
    // The order was paid another way while this charge ran (a QR's phone): the charge is given back, and the
    // buyer is told the order is paid ("do not resubmit").
    if (settled === 'duplicate') throw new GatewayError('resubmit');
  } else if (outcome.status === 'FAILED') {
    await settleFailure(deps, p.id, { code: outcome.errorCode, effect: 'failed', providerPaymentId: outcome.paymentId, card: outcome.card });
  } else {
    // A used or expired token: nothing was tried, so the order is as it was; "payment info expired" (120087).
    await settleFailure(deps, p.id, { code: outcome.errorCode, effect: 'restore' });
    throw new GatewayError('120087');
  }
  return { payment: await paymentById(deps.db, p.id), replay: false };
}
