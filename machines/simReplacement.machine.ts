/**
 * SIM replacement (issue 16 section 4, decision 0037; spec section 2: "/personal/upgradeNewCard", "upgrade to new SIM
 * card, card replacement"): the truth of one replacement (sim_replacements.state) on the gateway, moved by
 * src/server/replacement with xstate's pure transition function in the transaction that holds its row locked
 * (src/server/db/lifecycle.ts), which refuses what this chart does not accept and writes a state_history row.
 * The chart keeps no context: guards read the facts the host puts on the event (the number lock, number keeping).
 */
import { setup } from 'xstate';

export type SimReplacementState = 'ordered' | 'shipped' | 'moved' | 'cancelled';
export type ReplacementCancelReason = 'customer' | 'lineEnded' | 'cardExpired';

export type SimReplacementEvent =
  /** The carrier sent the parcel with the new card (the order's shipment chart moved to shipped). */
  | { type: 'replacement.shipped'; carrier: string; trackingNumber: string }
  /** The customer, signed in, proved the new card by its ICCID and printed code: the line moves to it. */
  | { type: 'replacement.activate'; numberLocked: boolean; numberKept: boolean }
  /** The customer cancelled it (found the old card), its line lost its number, or the new card ran out unused. */
  | { type: 'replacement.cancel'; reason: ReplacementCancelReason };

export const simReplacementMachine = setup({
  types: { events: {} as SimReplacementEvent },
  guards: {
    lineMayMove: ({ event }) => event.type === 'replacement.activate' && !event.numberLocked && !event.numberKept,
  },
  actions: {
    /** The host records the carrier's tracking on the replacement (the order has it too). */
    recordShipping: () => undefined,
    /** The host moves the line to the new card, stops the old one, records the SIM change and tells the customer. */
    moveLine: () => undefined,
    /** The host voids the new card (if made) and tells the customer. */
    voidNewCard: () => undefined,
  },
}).createMachine({
  id: 'simReplacement',
  description: 'Issue 16: "/personal/upgradeNewCard: order a new physical SIM for the line (shipped like any order); when the new card is activated the line moves to it, the number unchanged, and the old card stops." FCC 23-95: ordered only after re-authentication, refused while the number lock is on, told by SMS and email (decision 0037).',
  initial: 'ordered',
  states: {
    ordered: {
      description: 'Issue 16: "order a new physical SIM for the line (shipped like any order)": the order is made and paid ($0, decision 0037); the card is made and the parcel waits for the carrier. The old card keeps working.',
      on: {
        'replacement.shipped': {
          target: 'shipped',
          actions: 'recordShipping',
          description: 'Spec section 9: "Shipping 2-5 business days": the carrier sent the parcel; the customer gets the tracking number by email.',
        },
        'replacement.cancel': {
          target: 'cancelled',
          actions: 'voidNewCard',
          description: 'Decision 0037: the customer no longer needs it (the old card was found), or the line lost its number: nothing ships, the old card keeps working.',
        },
      },
    },
    shipped: {
      description: 'Spec section 9: "Shipping 2-5 business days". The new card is on its way or in the customer\'s hands; the old card keeps working until the new one is activated.',
      on: {
        'replacement.activate': [
          {
            guard: 'lineMayMove',
            target: 'moved',
            actions: 'moveLine',
            description: 'Issue 16: "when the new card is activated the line moves to it, the number unchanged, and the old card stops".',
          },
        ],
        'replacement.cancel': {
          target: 'cancelled',
          actions: 'voidNewCard',
          description: 'Decision 0037: cancelled by the customer, by the line losing its number, or because the new card was not activated within spec section 4\'s 90 days: the new card is void.',
        },
      },
    },
    moved: {
      type: 'final',
      description: 'Issue 16: "the line moves to it, the number unchanged, and the old card stops": the line runs on the new card; the old card is void (activation answers 120017 for it).',
    },
    cancelled: {
      type: 'final',
      description: 'Decision 0037: no move happened; the new card (if made) is void and the line stays on its card. Another replacement may be ordered.',
    },
  },
});
