/**
 * Number keeping ("protect", spec sections 2, 4 and 9) of a line: the paid alternative to the service chart's unpaid
 * suspension. After the plan expired unpaid (service 'suspended.unpaid'), from the day after the expiry, the customer buys
 * 30-day periods at $3.00 plus tax, up to 120 days in all; while kept, the 90 days to pay do not run and the line
 * carries 30 minutes and 100 texts a period. An early end takes 4-5 hours and refunds nothing. When keeping ends the
 * number stays suspended 90 days (the service chart's 90 days, counted from the end of keeping), then is recycled.
 * Recovering the line (a plan paid) ends keeping at once; a top-up does not (decision 0035).
 * The truth is number_keepings.state on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts). The
 * chart keeps no context: guards read the facts the host puts on the event (the service state, the dates, the days).
 */
import { setup } from 'xstate';
import { PROTECT_MAX_DAYS, PROTECT_PERIOD_DAYS } from '../src/domain/numberKeeping';

/** What the host knows when keeping is bought: the line's service, when keeping may start at the earliest, now. */
export interface ProtectStartFacts {
  /** The service chart's state of the line. */
  service: string;
  /** 00:00 Pacific the day after the last paid term expired; null when the line never had a plan. */
  earliestAt: string | null;
  at: string;
  /** Days bought: whole 30-day periods. */
  days: number;
}

export type NumberProtectEvent =
  /** A keeping order was paid for a line that is not kept: keeping starts now. */
  | ({ type: 'protect.start' } & ProtectStartFacts)
  /** A keeping order was paid while kept: more periods, after those bought (`keptDays` so far in this keeping). */
  | { type: 'protect.extend'; days: number; keptDays: number }
  /** The server's clock: the days bought may have run out. */
  | { type: 'protect.periodEnd'; keptUntil: string; at: string }
  /** The customer ends keeping early (confirmed on /personal/protect). */
  | { type: 'protect.requestEnd' }
  /** The server's clock: the early end may have taken effect (4-5 hours after the request). */
  | { type: 'protect.earlyEndDue'; endsAt: string; at: string }
  /** The service chart recovered the line (plan and fee paid): the number is back in service. */
  | { type: 'protect.lineRecovered' }
  /** The service chart removed the number (its 90 days ran out). */
  | { type: 'protect.numberRemoved' };

export type NumberProtectState = 'notKept' | 'kept' | 'endingEarly' | 'ended' | 'recycled';

const wholePeriods = (days: number) => days > 0 && days % PROTECT_PERIOD_DAYS === 0;
const reached = (at: string, due: string) => new Date(at) >= new Date(due);

export const numberProtectMachine = setup({
  types: { events: {} as NumberProtectEvent },
  guards: {
    /** Spec section 4: "starts at least the day after plan expiry"; section 9: "max 120 days". Only a line suspended for an unpaid plan. */
    mayStart: ({ event }) => event.type === 'protect.start' && event.service === 'suspended.unpaid' && event.earliestAt !== null
      && reached(event.at, event.earliestAt) && wholePeriods(event.days) && event.days <= PROTECT_MAX_DAYS,
    /** Spec section 4: "max 120 days total". */
    withinLimit: ({ event }) => event.type === 'protect.extend' && wholePeriods(event.days) && event.keptDays + event.days <= PROTECT_MAX_DAYS,
    keptTimeOver: ({ event }) => event.type === 'protect.periodEnd' && reached(event.at, event.keptUntil),
    earlyEndReached: ({ event }) => event.type === 'protect.earlyEndDue' && reached(event.at, event.endsAt),
  },
  actions: {
    /** The host records the keeping (from now, the days bought), moves the service chart to 'suspended.kept' (the 90 days stop), gives the line its 30 minutes and 100 texts at the network, and schedules the end. */
    startKeeping: () => undefined,
    /** The host adds the periods after those bought and moves the end. */
    addPeriods: () => undefined,
    /** The host records the request and when it takes effect (4-5 hours), and tells the customer: nothing is refunded. */
    requestEarlyEnd: () => undefined,
    /** The host records the end, moves the service chart back to 'suspended.unpaid' with its 90 days from now, bars the line (911 and 611 only) and tells the customer until when the number is kept. */
    endKeeping: () => undefined,
    /** The host records that the line came back into service (no refund of the days left). */
    returnToService: () => undefined,
    /** The host records that the number went back to the network. */
    recordRecycled: () => undefined,
  },
}).createMachine({
  id: 'numberProtect',
  description: 'Spec section 4: "Number keeping (protect): starts at least the day after plan expiry; 30 days per period, max 120 days total; early end takes 4-5 hours, no refund; number kept 90 days suspended, then recycled." Spec section 9: "Number keeping: $3.00 plus tax per 30 days, 30 minutes and 100 texts, max 120 days." Spec section 8: "90007 in number-keeping period".',
  initial: 'notKept',
  states: {
    notKept: {
      description: 'Spec section 4: "Unpaid after renewal date: suspended (no service except 911 and 611), 90 days to pay, then number removed": no keeping; the service chart says whether the line is in service or suspended.',
      on: {
        'protect.start': {
          guard: 'mayStart', target: 'kept', actions: 'startKeeping',
          description: 'Spec section 4: "Number keeping (protect): starts at least the day after plan expiry; 30 days per period"; spec section 9: "$3.00 plus tax per 30 days".',
        },
        'protect.numberRemoved': {
          target: 'recycled',
          description: 'Spec section 4: "90 days to pay, then number removed": never kept, the number went back to the network.',
        },
      },
    },
    kept: {
      description: 'Spec section 9: "Number keeping: $3.00 plus tax per 30 days, 30 minutes and 100 texts, max 120 days": the number is kept; the 90 days to pay do not run. Spec section 8: "90007 in number-keeping period" for what conflicts with it.',
      on: {
        'protect.extend': {
          guard: 'withinLimit', actions: 'addPeriods',
          description: 'Spec section 4: "30 days per period, max 120 days total": more periods follow those bought, while the total stays within 120 days.',
        },
        'protect.periodEnd': {
          guard: 'keptTimeOver', target: 'ended', actions: 'endKeeping',
          description: 'Spec section 4: "number kept 90 days suspended, then recycled": the days bought ran out.',
        },
        'protect.requestEnd': {
          target: 'endingEarly', actions: 'requestEarlyEnd',
          description: 'Spec section 4: "early end takes 4-5 hours, no refund".',
        },
        'protect.lineRecovered': {
          target: 'notKept', actions: 'returnToService',
          description: 'Spec section 4: "Stopped service keeps number up to 90 days, $5 per 30 days on recovery": the plan is paid, the number is back in service; the days left are not refunded (decision 0035).',
        },
      },
    },
    endingEarly: {
      description: 'Spec section 4: "early end takes 4-5 hours, no refund": the number is still kept until the carrier ends it.',
      on: {
        'protect.earlyEndDue': {
          guard: 'earlyEndReached', target: 'ended', actions: 'endKeeping',
          description: 'Spec section 4: "early end takes 4-5 hours": it took effect; "number kept 90 days suspended, then recycled".',
        },
        'protect.periodEnd': {
          guard: 'keptTimeOver', target: 'ended', actions: 'endKeeping',
          description: 'Spec section 4: "30 days per period": the days bought ran out before the early end took effect.',
        },
        'protect.lineRecovered': {
          target: 'notKept', actions: 'returnToService',
          description: 'Spec section 4: "$5 per 30 days on recovery": the plan is paid, the number is back in service.',
        },
      },
    },
    ended: {
      description: 'Spec section 4: "number kept 90 days suspended, then recycled": suspended (no service except 911 and 611), the service chart\'s 90 days counted from the end of keeping.',
      on: {
        'protect.lineRecovered': {
          target: 'notKept', actions: 'returnToService',
          description: 'Spec section 4: "90 days to pay ... $5 per 30 days on recovery": the plan is paid within the 90 days, the number is back in service.',
        },
        'protect.numberRemoved': {
          target: 'recycled', actions: 'recordRecycled',
          description: 'Spec section 4: "number kept 90 days suspended, then recycled".',
        },
      },
    },
    recycled: {
      type: 'final',
      description: 'Spec section 4: "then recycled": the number went back to the network; the line has no number.',
    },
  },
});
