/**
 * An enquiry's lifecycle (issue 18): a message of the contact form or a dealer application, from the moment it is
 * stored until staff mark it handled in the console's inbox. The gateway applies it with src/server/db/lifecycle.ts:
 * the row locked, the event refused when this chart does not take it, the new state and a state_history row written
 * in one transaction. A dealer application's "open" is what "one open application per email" counts.
 */
import { setup } from 'xstate';

export type EnquiryEvent =
  /** A staff member marks it handled in the console's inbox. */
  | { type: 'enquiry.close'; staff: string };

export const enquiryMachine = setup({
  types: { events: {} as EnquiryEvent },
  actions: {
    /** The host writes who closed it and when, and the staff audit row, in the same transaction. */
    recordHandled: () => undefined,
  },
}).createMachine({
  id: 'enquiry',
  description: 'Issue 18: "a contact form ... that stores the message and reaches the staff console"; "/agent: the dealer or agent application of spec section 3 ..., stored, listed in the staff console".',
  initial: 'open',
  states: {
    open: {
      description: 'Issue 18: stored and listed in the staff console\'s inbox, waiting for staff; spec section 3 ("Dealer application"): one open application per email.',
      on: {
        'enquiry.close': {
          target: 'closed',
          actions: 'recordHandled',
          description: 'Issue 18 (brief): "a way to mark it handled, every view and action in the staff audit log".',
        },
      },
    },
    closed: {
      type: 'final',
      description: 'Issue 18: handled by staff (who and when kept). A closed dealer application no longer counts: the same email may apply again.',
    },
  },
});
