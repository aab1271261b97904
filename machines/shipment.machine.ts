/**
 * Shipment lifecycle (spec section 4): "Shipment: shipped or not shipped." The truth of an order's parcel on the
 * gateway: src/server/db/lifecycle.ts loads the order's state, applies an event with xstate's pure
 * transition function, refuses what this chart does not accept, and writes the new state with a state_history
 * row in one transaction.
 */
import { setup } from 'xstate';

export type ShipmentEvent =
  /** The carrier reports the parcel sent: carrier, tracking number and send time come with it. */
  | { type: 'shipment.ship'; carrier: string; trackingNumber: string; sentAt: string }
  /** The buyer changes the shipping address on /tracking/modify. */
  | { type: 'shipment.changeAddress' };

export const shipmentMachine = setup({
  types: { events: {} as ShipmentEvent },
  actions: {
    /** The host writes the new address to the order and to the carrier's parcel. */
    keepNewAddress: () => undefined,
    /** The host records carrier, tracking number and send time on the order and tells the buyer. */
    recordShipping: () => undefined,
  },
}).createMachine({
  id: 'shipment',
  description: 'Spec section 4: "Shipment: shipped or not shipped." Spec section 3 (Order): "logistics status, carrier, tracking number, send time".',
  initial: 'notShipped',
  states: {
    notShipped: {
      description: 'Spec section 4: "not shipped". The SIM cards of a paid order wait for the carrier; spec section 9: "Shipping 2-5 business days".',
      on: {
        'shipment.changeAddress': {
          actions: 'keepNewAddress',
          description: 'Issue 3: "/tracking/modify changes the shipping address while the order is not shipped."',
        },
        'shipment.ship': {
          target: 'shipped',
          actions: 'recordShipping',
          description: 'Spec section 2 (Tracking result): "shipped or not, logistics company, tracking number with copy, sent time": the carrier has sent the parcel.',
        },
      },
    },
    shipped: {
      type: 'final',
      description: 'Spec section 4: "shipped". Carrier, tracking number and send time are known; the address can no longer change.',
    },
  },
});
