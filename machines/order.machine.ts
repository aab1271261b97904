/**
 * The order's status (spec section 3, Order; section 4: "Payment: success or failure with repay option"): awaiting
 * payment, paying, paid, payment failed, cancelled. The truth of one order (orders.status) on the gateway: every
 * payment of it (src/server/payments/start.ts, settle.ts) moves it by applying an event with xstate's pure transition
 * function inside the transaction that holds the order's row locked (src/server/db/lifecycle.ts,
 * applyLifecycleEventIn), which refuses what this chart does not accept and writes a state_history row. The chart
 * keeps no context: guards read the facts the host puts on the event.
 */
import { setup } from 'xstate';

export type OrderEvent =
  /** A card attempt starts: the order is held until the provider answers (a WeChat QR code holds nothing). */
  | { type: 'payment.start'; method: string }
  /** The provider (or the gateway's own ledger) took the money. */
  | { type: 'payment.succeeded'; method: string }
  /** The attempt failed with a reason the customer sees. */
  | { type: 'payment.failed'; method: string; failureCode: string }
  /** The card attempt was never tried (the card token was stale): the order goes back to how it was. */
  | { type: 'payment.restore'; earlierFailure: boolean }
  /** The money came for an order its card or line can no longer take: the order is closed and the money given back. */
  | { type: 'order.cancel'; failureCode: string };

const unpaid = {
  'payment.succeeded': { target: 'paid', description: 'Spec section 4: "Payment: success". The order is paid exactly once (issue 3): its fulfilment starts in the same transaction.' },
  'payment.failed': { target: 'payment_failed', description: 'Spec section 4: "failure with repay option"; section 8: "payment failed (bank refusal, wrong card, address or postcode, insufficient balance ...)".' },
  'order.cancel': { target: 'cancelled', description: 'Spec section 8: "do not resubmit, refresh to reorder": the card already has its plan (two orders paid for one card being activated) or the line can no longer take the order; the money is given back.' },
} as const;

export const orderMachine = setup({
  types: { events: {} as OrderEvent },
  guards: {
    hadEarlierFailure: ({ event }) => event.type === 'payment.restore' && event.earlierFailure,
  },
}).createMachine({
  id: 'order',
  description: 'Spec section 3, Order: "order number, pay amount, ..."; section 4: "Payment: success or failure with repay option."',
  initial: 'awaiting_payment',
  states: {
    awaiting_payment: {
      description: 'Spec section 2 /plans/bundleForm: the order is made and waits for its payment (spec section 3, pay methods map: account, bank card, WeChat Pay, default card).',
      on: {
        'payment.start': { target: 'paying', description: 'Spec section 8: "120086 do not submit twice": a card attempt holds the order until the provider answers.' },
        ...unpaid,
      },
    },
    paying: {
      description: 'Spec section 8: "120086 do not submit twice": a card attempt runs at the provider; no second one may start.',
      on: {
        ...unpaid,
        // Only a card attempt holds the order (in paying), so only there can one be undone.
        'payment.restore': [
          { guard: 'hadEarlierFailure', target: 'payment_failed', description: 'The card attempt was never tried (its token was stale, or the provider refused the request): the order shows the failure of the attempt before it again.' },
          { target: 'awaiting_payment', description: 'The card attempt was never tried (its token was stale, or the provider refused the request): the order waits for its payment again.' },
        ],
      },
    },
    payment_failed: {
      description: 'Spec section 4: "failure with repay option"; /plans/bundleResultError shows the reason and "repay or view more".',
      on: {
        'payment.start': { target: 'paying', description: 'Spec section 8: "buttons repay or view more": the customer pays again by card.' },
        ...unpaid,
      },
    },
    paid: {
      type: 'final',
      description: 'Spec section 4: "Payment: success"; section 2 /plans/bundleResult/{orderNo}. Paid exactly once (issue 3): a second payment is given back.',
    },
    cancelled: {
      type: 'final',
      description: 'Spec section 8: "do not resubmit, refresh to reorder": the order is closed unpaid and any money for it given back.',
    },
  },
});
