/**
 * The US-China dual number of a line (spec sections 1, 3, 4 and 9): a China virtual number on the same SIM, opened
 * after a real-name check that staff review, paid $1.99 per 30 days from the General account with the first month
 * free, paused when the month cannot be paid, closed on request or after 3 months overdue, and its China number kept 3
 * months after close. The truth is dual_numbers.state on the gateway, applied like every lifecycle
 * (src/server/db/lifecycle.ts). The chart keeps no context: guards read the facts the host puts on the event (the
 * balance, whether the line has a main plan, the dates).
 */
import { setup } from 'xstate';
import { DUAL_AUDIT_DEADLINE_DAYS, DUAL_KEEP_MONTHS, DUAL_OVERDUE_MONTHS, DUAL_PRICE_CENTS, addMonths } from '../src/domain/dualNumber';

/** What the host knows when a month is due: the line's main plan and the General account's balance. */
export interface DualPayFacts { hasMainPlan: boolean; balanceCents: number }

export type DualNumberEvent =
  /** The customer starts the application on /personal/doubleNumber/openDouble; a China number is held for the line. */
  | { type: 'dual.apply' }
  /** The customer sends the real-name form with its three photos. */
  | { type: 'dual.submitRealName' }
  /** The customer gives the application up. */
  | { type: 'dual.giveUp' }
  /** The server's clock: a review ran over the promised 3 working days. */
  | { type: 'dual.reviewOverdue' }
  /** Staff approve the real-name check in the console. */
  | { type: 'dual.approve'; staff: string }
  /** Staff fail it, with the reason the customer reads. */
  | { type: 'dual.reject'; staff: string; reason: string }
  /** The server's clock: the deadline to re-upload after a failed review may have passed. */
  | { type: 'dual.auditDeadline'; failedAt: string; at: string }
  /** The network opened (or reopened) the China number on the line. */
  | { type: 'dual.networkOpened' }
  /** The network refused to open it (spec 120073). */
  | { type: 'dual.networkFailed'; failure: string }
  /** The customer tries the opening again after 120073. */
  | { type: 'dual.retryOpen' }
  /** The server's clock: a 30-day period ends; the next month is due. */
  | ({ type: 'dual.periodEnd' } & DualPayFacts)
  /** A successful top-up (or the customer's "resume" button): a paused number tries to pay its month. */
  | ({ type: 'dual.resume' } & DualPayFacts)
  /** The server's clock: a paused number may be 3 months overdue. */
  | { type: 'dual.overdue'; pausedAt: string; at: string }
  /** The customer asks to close. */
  | { type: 'dual.close' }
  /** The customer keeps it after asking to close (before the period ends). */
  | { type: 'dual.keepOpen' }
  /** The customer reopens a closed number while its China number is kept. */
  | ({ type: 'dual.reopen' } & DualPayFacts)
  /** The server's clock: the 3 months a closed number's China number is kept may have run out. */
  | { type: 'dual.releaseNumber'; closedAt: string; at: string };

export type DualNumberState =
  | 'notOpened' | 'realNameNeeded' | 'underReview' | 'auditFailed' | 'opening' | 'openFailed' | 'opened' | 'paused'
  | 'pendingClose' | 'closed.numberKept' | 'closed.numberReleased';

const canPay = (e: DualPayFacts) => e.hasMainPlan && e.balanceCents >= DUAL_PRICE_CENTS;
const reached = (at: string, due: Date) => new Date(at) >= due;

export const dualNumberMachine = setup({
  types: { events: {} as DualNumberEvent },
  guards: {
    /** Spec section 4: "paused (no main plan or insufficient balance ...)": both must allow the month. */
    canPayMonth: ({ event }) => (event.type === 'dual.periodEnd' || event.type === 'dual.resume' || event.type === 'dual.reopen') && canPay(event),
    auditDeadlinePassed: ({ event }) => event.type === 'dual.auditDeadline'
      && reached(event.at, new Date(new Date(event.failedAt).getTime() + DUAL_AUDIT_DEADLINE_DAYS * 86_400_000)),
    threeMonthsOverdue: ({ event }) => event.type === 'dual.overdue' && reached(event.at, addMonths(new Date(event.pausedAt), DUAL_OVERDUE_MONTHS)),
    keepingEnded: ({ event }) => event.type === 'dual.releaseNumber' && reached(event.at, addMonths(new Date(event.closedAt), DUAL_KEEP_MONTHS)),
  },
  actions: {
    /** The host holds a China number from the network's inventory for the line (120074 when none is left). */
    holdChinaNumber: () => undefined,
    /** The host gives the held China number back and deletes the application's photos. */
    dropApplication: () => undefined,
    /** The host records the application (its fields and encrypted photos) and when the review is due. */
    recordApplication: () => undefined,
    /** The host emails the reviewers that the review runs over 3 working days (once). */
    remindReviewers: () => undefined,
    /** The host records who approved and when, and asks the network to open the China number (a job). */
    recordApproval: () => undefined,
    /** The host records who failed it, when and why, and tells the customer (email and SMS). */
    recordRejection: () => undefined,
    /** The host asks the network again (a job). */
    requestOpening: () => undefined,
    /** The host records the network's refusal, shown to the customer as 120073. */
    recordOpenFailure: () => undefined,
    /** The host starts a 30-day period: free the first time, otherwise charged $1.99 to the General account. */
    startPeriod: () => undefined,
    /** The host charges the next month ($1.99 from the General account, in bills) and starts the next period. */
    chargeMonth: () => undefined,
    /** The host pauses the China number at the network and tells the customer why and how to resume. */
    pauseNumber: () => undefined,
    /** The host records the request; the number works until the paid period ends. */
    recordCloseRequest: () => undefined,
    /** The host forgets the close request. */
    cancelCloseRequest: () => undefined,
    /** The host closes the China number at the network and keeps it for the line 3 months. */
    closeNumber: () => undefined,
    /** The host gives the China number back to the network's inventory. */
    releaseChinaNumber: () => undefined,
  },
}).createMachine({
  id: 'dualNumber',
  description: 'Spec section 4: "Dual number: not opened, real-name needed, under review (about 3 working days), audit failed (re-upload or give up; cancelled after deadline), opened, paused (no main plan or insufficient balance; full month charged on resume; resumes after successful top-up), pending close, closed. Auto-shutdown after 3 months overdue; China number kept 3 months after close." Spec section 9: "$1.99 per 30 days, first month free".',
  initial: 'notOpened',
  states: {
    notOpened: {
      description: 'Spec section 4: "not opened": the line has no China number; /personal/doubleNumber/publicity tells what it is.',
      on: {
        'dual.apply': {
          target: 'realNameNeeded', actions: 'holdChinaNumber',
          description: 'Spec section 4: "real-name needed": opening starts with the real-name check; a China number is held (120074 "dual-number resources insufficient" when none is left).',
        },
      },
    },
    realNameNeeded: {
      description: 'Spec section 4: "real-name needed". Spec section 3: "nationality code, document name, type, number, place of issue, address, photos (hand-held, front, back)".',
      on: {
        'dual.submitRealName': {
          target: 'underReview', actions: 'recordApplication',
          description: 'Spec section 5: "ID fields: lengths 2-20, 2-30, 2-60; images JPG only, max 1MB; hand-held, front, back required; at least one ID type."',
        },
        'dual.giveUp': {
          target: 'notOpened', actions: 'dropApplication',
          description: 'The customer stops before sending: the held China number goes back, nothing is kept.',
        },
      },
    },
    underReview: {
      description: 'Spec section 4: "under review (about 3 working days)". Spec section 6: "Staff review IDs and screenshots." Staff decide, not the clock.',
      on: {
        'dual.reviewOverdue': {
          actions: 'remindReviewers',
          description: 'Spec section 9: "real-name review 3 working days": past them, the reviewers are reminded; the customer keeps waiting for a person.',
        },
        'dual.approve': {
          target: 'opening', actions: 'recordApproval',
          description: 'Spec section 6: "Staff review IDs": approved; the China number is opened on the line.',
        },
        'dual.reject': {
          target: 'auditFailed', actions: 'recordRejection',
          description: 'Spec section 4: "audit failed": staff give the reason the customer reads.',
        },
      },
    },
    auditFailed: {
      description: 'Spec section 4: "audit failed (re-upload or give up; cancelled after deadline)".',
      on: {
        'dual.submitRealName': {
          target: 'underReview', actions: 'recordApplication',
          description: 'Spec section 4: "re-upload": a corrected form and photos go back to review.',
        },
        'dual.giveUp': {
          target: 'notOpened', actions: 'dropApplication',
          description: 'Spec section 4: "give up": the held China number goes back and the photos are deleted.',
        },
        'dual.auditDeadline': {
          guard: 'auditDeadlinePassed', target: 'notOpened', actions: 'dropApplication',
          description: `Spec section 4: "cancelled after deadline": ${DUAL_AUDIT_DEADLINE_DAYS} days after the failed review without a re-upload (decision 0034).`,
        },
      },
    },
    opening: {
      tags: ['technical', 'busy'],
      description: 'The network opens the China number on the line (a job; seconds).',
      on: {
        'dual.networkOpened': {
          target: 'opened', actions: 'startPeriod',
          description: 'Spec section 9: "$1.99 per 30 days, first month free".',
        },
        'dual.networkFailed': {
          target: 'openFailed', actions: 'recordOpenFailure',
          description: 'Spec section 8: "120073 dual number opening failed".',
        },
      },
    },
    openFailed: {
      description: 'Spec section 8: "120073 dual number opening failed": the real-name check stays approved; nothing was charged.',
      on: {
        'dual.retryOpen': { target: 'opening', actions: 'requestOpening', description: 'The customer tries the opening again.' },
        'dual.giveUp': { target: 'notOpened', actions: 'dropApplication', description: 'The customer gives up: the held China number goes back.' },
      },
    },
    opened: {
      description: 'Spec section 4: "opened": calls and texts to the China number reach the line. Spec section 9: "$1.99 per 30 days".',
      on: {
        'dual.periodEnd': [
          {
            guard: 'canPayMonth', actions: 'chargeMonth',
            description: 'Spec section 9: "$1.99 per 30 days" from the General account (spec section 3: "plans, add-ons, roaming, dual number").',
          },
          {
            target: 'paused', actions: 'pauseNumber',
            description: 'Spec section 4: "paused (no main plan or insufficient balance ...)".',
          },
        ],
        'dual.close': {
          target: 'pendingClose', actions: 'recordCloseRequest',
          description: 'Spec section 4: "pending close": the paid period runs to its end.',
        },
      },
    },
    paused: {
      description: 'Spec section 4: "paused (no main plan or insufficient balance; full month charged on resume; resumes after successful top-up)".',
      on: {
        'dual.resume': {
          guard: 'canPayMonth', target: 'opened', actions: 'chargeMonth',
          description: 'Spec section 4: "full month charged on resume; resumes after successful top-up".',
        },
        'dual.overdue': {
          guard: 'threeMonthsOverdue', target: 'closed', actions: 'closeNumber',
          description: 'Spec section 4: "Auto-shutdown after 3 months overdue".',
        },
        'dual.close': {
          target: 'closed', actions: 'closeNumber',
          description: 'Closing a paused number: nothing is paid to run to, so it closes at once.',
        },
      },
    },
    pendingClose: {
      description: 'Spec section 4: "pending close": the China number works until the paid period ends.',
      on: {
        'dual.keepOpen': { target: 'opened', actions: 'cancelCloseRequest', description: 'The customer changes their mind before the period ends.' },
        'dual.periodEnd': { target: 'closed', actions: 'closeNumber', description: 'Spec section 4: "closed" when the paid period ends; nothing more is charged.' },
      },
    },
    closed: {
      description: 'Spec section 4: "closed ... China number kept 3 months after close".',
      initial: 'numberKept',
      states: {
        numberKept: {
          description: 'Spec section 9: "China number kept 3 months after close": reopening within them gets it back.',
          on: {
            'dual.reopen': {
              guard: 'canPayMonth', target: '#dualNumber.opened', actions: 'chargeMonth',
              description: 'Spec section 9: "China number kept 3 months after close": the same China number again, the month charged (the free month was the first).',
            },
            'dual.releaseNumber': {
              guard: 'keepingEnded', target: 'numberReleased', actions: 'releaseChinaNumber',
              description: 'Spec section 9: "China number kept 3 months after close": then it goes back to the network.',
            },
          },
        },
        numberReleased: {
          description: 'Spec section 4: "China number kept 3 months after close": after them it went back to the network; opening again is a new application with a new number.',
          on: {
            'dual.apply': {
              target: '#dualNumber.realNameNeeded', actions: 'holdChinaNumber',
              description: 'Spec section 4: "real-name needed": a new application, a new China number.',
            },
          },
        },
      },
    },
  },
});
