/**
 * Port-in lifecycle (issue 4; spec section 3, Activation form: "original carrier, original number, carrier account
 * number, PIN, original account zip"; section 4: "porting 12-24 hours (up to 24 hours stated)"; section 5: "Port-in
 * needs account number and PIN"). The truth of one port request (port_ins.state) on the gateway: the activation job
 * (src/server/activation/jobs.ts) applies the losing carrier's answers, the correction call the customer's.
 * Each event goes through src/server/db/lifecycle.ts: refused when this chart does not accept it, written
 * with a state_history row in one transaction.
 */
import { setup } from 'xstate';
import type { PortInReason } from '../src/contract/activation';

export type CorrectableReason = Exclude<PortInReason, 'notPortable'>;

export type PortInEvent =
  /** The request (or its correction) reached the losing carrier, which answers with its reference. */
  | { type: 'portIn.requested'; networkRef: string }
  /** The losing carrier released the number: it is the line's number now. */
  | { type: 'portIn.completed' }
  /** The losing carrier refused on a detail the customer can correct, in its own words. */
  | { type: 'portIn.informationRequired'; reason: CorrectableReason; carrierMessage: string }
  /** The losing carrier refused for good (the number cannot be ported), in its own words. */
  | { type: 'portIn.declined'; reason: 'notPortable'; carrierMessage: string }
  /** The customer corrected the details in place (step 3 or /personal). */
  | { type: 'portIn.correct' };

export const portInMachine = setup({
  types: { events: {} as PortInEvent },
  actions: {
    /** The host keeps the carrier's reference of the request. */
    recordCarrierRef: () => undefined,
    /** The host gives the line the ported number and emails the customer. */
    assignPortedNumber: () => undefined,
    /** The host keeps the reason and the carrier's words and emails the customer what to correct. */
    askCustomerToCorrect: () => undefined,
    /** The host keeps the reason and the carrier's words and tells the customer. */
    recordDecline: () => undefined,
    /** The host keeps the corrected details (PIN and account number encrypted) and enqueues their resubmission. */
    keepCorrectedDetails: () => undefined,
  },
}).createMachine({
  id: 'portIn',
  description: 'Issue 4: "Chart portIn: submitted, pending, information required (wrong account number, wrong PIN, name or zip mismatch, number not portable: the reason shown as the carrier gives it), resubmitted, completed, declined." Spec section 4: "porting 12-24 hours (up to 24 hours stated)".',
  initial: 'submitted',
  states: {
    submitted: {
      description: 'Spec section 2 (Activation): "step 2 choose new number or port-in": the customer gave the original carrier, number, carrier account number, PIN and original account zip (section 5: "Port-in needs account number and PIN").',
      on: {
        'portIn.requested': {
          target: 'pending',
          actions: 'recordCarrierRef',
          description: 'The port request reached the losing carrier; spec section 4: "porting 12-24 hours (up to 24 hours stated)".',
        },
      },
    },
    pending: {
      description: 'Spec section 4: "porting 12-24 hours (up to 24 hours stated)": the losing carrier has the request and has not answered yet.',
      on: {
        'portIn.completed': {
          target: 'completed',
          actions: 'assignPortedNumber',
          description: 'Issue 4: "emails the customer when activation or the port completes": the losing carrier released the number.',
        },
        'portIn.informationRequired': {
          target: 'informationRequired',
          actions: 'askCustomerToCorrect',
          description: 'Issue 4: "information required (wrong account number, wrong PIN, name or zip mismatch ...: the reason shown as the carrier gives it)".',
        },
        'portIn.declined': {
          target: 'declined',
          actions: 'recordDecline',
          description: 'Issue 4: "number not portable": the losing carrier refuses for good; nothing the customer types can change it.',
        },
      },
    },
    informationRequired: {
      description: 'Issue 4: "when a port-in fails they fix the details without starting over"; "The customer sees the state on the success page and in /personal, and can correct the details in place."',
      on: {
        'portIn.correct': {
          target: 'resubmitted',
          actions: 'keepCorrectedDetails',
          description: 'Issue 4: "can correct the details in place": the same port request, with the corrected details.',
        },
      },
    },
    resubmitted: {
      description: 'Issue 4: "resubmitted": the corrected details are on their way to the losing carrier.',
      on: {
        'portIn.requested': {
          target: 'pending',
          actions: 'recordCarrierRef',
          description: 'The correction reached the losing carrier on the same port request; spec section 4: "porting 12-24 hours".',
        },
      },
    },
    completed: {
      type: 'final',
      description: 'Issue 4: "completed": the ported number is the line\'s number.',
    },
    declined: {
      type: 'final',
      description: 'Issue 4: "declined" (number not portable, as the carrier says it). The old number stays with the losing carrier; the customer is told why, as the carrier says it.',
    },
  },
});
