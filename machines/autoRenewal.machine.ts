/**
 * Auto-renewal of a line (spec section 4): "Auto-renewal: not open, open (card or balance), closed on request after
 * confirmation. Terms must be accepted to open. When on, the card is charged before expiry, non-refundable.
 * Maintenance 0-3 AM Pacific: cannot be changed." The truth of a line's auto-renewal
 * (line_lifecycles.auto_renewal_state) on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts).
 * The chart keeps no context: guards read the facts the host puts on the event (terms accepted, the instant, a card
 * on file).
 */
import { setup } from 'xstate';
import { inMaintenance } from '../src/domain/planCalendar';

export type RenewalMethod = 'card' | 'balance';

/** What every change by the customer carries: when it is asked (the maintenance rule reads it). */
interface Asked { at: string }

export type AutoRenewalEvent =
  /** /personal/autosubscription/subscription: the customer opens auto-renewal, paying by card or by balance. */
  | ({ type: 'autoRenewal.open'; method: RenewalMethod; termsAccepted: boolean; hasCard: boolean } & Asked)
  /** The customer changes how an open auto-renewal pays. */
  | ({ type: 'autoRenewal.changeMethod'; method: RenewalMethod; hasCard: boolean } & Asked)
  /** The customer asks to close it: the page asks for confirmation. */
  | ({ type: 'autoRenewal.requestClose' } & Asked)
  /** The customer confirms closing. */
  | ({ type: 'autoRenewal.confirmClose' } & Asked)
  /** The customer keeps it open after all (the method it had comes with the event). */
  | ({ type: 'autoRenewal.keepOpen'; method: RenewalMethod } & Asked);

type E = AutoRenewalEvent;
const outsideMaintenance = (e: E) => !inMaintenance(new Date(e.at));
const payable = (e: E, method: RenewalMethod) => 'method' in e && e.method === method && (method === 'balance' || ('hasCard' in e ? e.hasCard : true));

export const autoRenewalMachine = setup({
  types: { events: {} as AutoRenewalEvent },
  guards: {
    termsAcceptedByCard: ({ event }) => outsideMaintenance(event) && event.type === 'autoRenewal.open' && event.termsAccepted && payable(event, 'card'),
    termsAcceptedByBalance: ({ event }) => outsideMaintenance(event) && event.type === 'autoRenewal.open' && event.termsAccepted && payable(event, 'balance'),
    toCardOutsideMaintenance: ({ event }) => outsideMaintenance(event) && payable(event, 'card'),
    toBalanceOutsideMaintenance: ({ event }) => outsideMaintenance(event) && payable(event, 'balance'),
    outsideMaintenance: ({ event }) => outsideMaintenance(event),
  },
  actions: {
    /** The host records the terms' acceptance and the method, marks the line's terms auto-renewing and schedules the renewal. */
    recordOpening: () => undefined,
    /** The host records the new method. */
    recordMethod: () => undefined,
    /** The host marks the line's terms not auto-renewing: no renewal will be charged. */
    recordClosing: () => undefined,
  },
}).createMachine({
  id: 'autoRenewal',
  description: 'Spec section 4: "Auto-renewal: not open, open (card or balance), closed on request after confirmation. Terms must be accepted to open. When on, the card is charged before expiry, non-refundable. Maintenance 0-3 AM Pacific: cannot be changed." Spec section 9: "auto-renewals ... not refundable".',
  initial: 'notOpen',
  states: {
    notOpen: {
      description: 'Spec section 4: "not open". The plan is not renewed: it ends when its last cycle does.',
      on: {
        'autoRenewal.open': [
          {
            guard: 'termsAcceptedByCard', target: 'open.card', actions: 'recordOpening',
            description: 'Spec section 5: "Terms must be accepted before ordering or enabling auto-renewal"; section 4: "open (card ...)": the saved card pays; not between 0 and 3 AM Pacific.',
          },
          {
            guard: 'termsAcceptedByBalance', target: 'open.balance', actions: 'recordOpening',
            description: 'Spec section 5: "Terms must be accepted before ... enabling auto-renewal"; section 4: "open (... balance)": the General account pays; not between 0 and 3 AM Pacific.',
          },
        ],
      },
    },
    open: {
      description: 'Spec section 4: "open (card or balance)". "When on, the card is charged before expiry, non-refundable."',
      initial: 'card',
      on: {
        'autoRenewal.changeMethod': [
          { guard: 'toCardOutsideMaintenance', target: '.card', actions: 'recordMethod', description: 'Spec section 4: "open (card or balance)": the saved card pays from now on; not between 0 and 3 AM Pacific.' },
          { guard: 'toBalanceOutsideMaintenance', target: '.balance', actions: 'recordMethod', description: 'Spec section 4: "open (card or balance)": the General account pays from now on; not between 0 and 3 AM Pacific.' },
        ],
        'autoRenewal.requestClose': {
          guard: 'outsideMaintenance', target: 'closing',
          description: 'Spec section 4: "closed on request after confirmation": the customer asks to close; the page asks to confirm. Not between 0 and 3 AM Pacific.',
        },
      },
      states: {
        card: { description: 'Spec section 4: "open (card ...)": the default saved card is charged before expiry.' },
        balance: { description: 'Spec section 4: "open (... balance)": the General account is charged before expiry; spec section 3: "General account (business-exclusive; plans, ...)".' },
      },
    },
    closing: {
      description: 'Spec section 4: "closed on request after confirmation": closing asked, waiting for the customer\'s confirmation. Auto-renewal still runs meanwhile.',
      on: {
        'autoRenewal.confirmClose': {
          guard: 'outsideMaintenance', target: 'closed', actions: 'recordClosing',
          description: 'Spec section 4: "closed on request after confirmation": confirmed; not between 0 and 3 AM Pacific.',
        },
        'autoRenewal.keepOpen': [
          { guard: 'toCardOutsideMaintenance', target: 'open.card', description: 'The customer does not confirm: auto-renewal stays open, by card.' },
          { guard: 'toBalanceOutsideMaintenance', target: 'open.balance', description: 'The customer does not confirm: auto-renewal stays open, by balance.' },
        ],
      },
    },
    closed: {
      description: 'Spec section 4: "closed". The plan ends with its last cycle; the customer may open auto-renewal again.',
      on: {
        'autoRenewal.open': [
          { guard: 'termsAcceptedByCard', target: 'open.card', actions: 'recordOpening', description: 'Spec section 5: "Terms must be accepted before ... enabling auto-renewal": opened again, by card; not between 0 and 3 AM Pacific.' },
          { guard: 'termsAcceptedByBalance', target: 'open.balance', actions: 'recordOpening', description: 'Spec section 5: "Terms must be accepted before ... enabling auto-renewal": opened again, by balance; not between 0 and 3 AM Pacific.' },
        ],
      },
    },
  },
});
