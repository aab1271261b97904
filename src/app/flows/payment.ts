/**
 * The host side of the payment chart: its named actors made of real gateway calls and the provider's card form.
 * Calls pass `silent: true` because the chart shows the error itself; the order token rides along so a visitor
 * without an account can pay their order.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { cardList, payOrder, payStatus } from '../../contract/payments';
import { userInfo } from '../../contract/personal';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER } from '../../contract/headers';
import { paymentMachine, type PayOrderInput, type PayStatusInput } from '../../../machines/payment.machine';
import { cardFormActor } from './cardForm';

const tokenHeader = (token: string | null): Record<string, string> => (token ? { [ORDER_TOKEN_HEADER]: token } : {});

export const paymentActors = {
  loadBalance: fromPromise(async () => {
    const info = await call(userInfo, { silent: true, background: true });
    return { generalCents: info.balances.generalCents };
  }),
  loadCards: fromPromise(() => call(cardList, { silent: true, background: true })),
  cardForm: cardFormActor,
  payOrder: fromPromise(({ input }: { input: PayOrderInput }) => call(payOrder, {
    body: {
      orderNo: input.orderNo, method: input.method, sourceId: input.sourceId, cardId: input.cardId,
      cardholderName: input.cardholderName, saveCard: input.saveCard,
    },
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey, ...tokenHeader(input.orderToken) },
    silent: true,
  })),
  // Polling runs in the background: no loading overlay every two seconds.
  payStatus: fromPromise(({ input }: { input: PayStatusInput }) => call(payStatus, {
    query: { orderNo: input.orderNo }, headers: tokenHeader(input.orderToken), silent: true, background: true,
  })),
};

/** The payment chart with real calls; checkout (and later top-up, renewal, protect, dual number) invoke it. */
export const paymentFlow = paymentMachine.provide({ actors: paymentActors });
