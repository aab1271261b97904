/**
 * Service of a line (spec sections 1 and 4): "Unpaid after renewal date: suspended (no service except 911 and 611),
 * 90 days to pay, then number removed. Stopped service keeps number up to 90 days, $5 per 30 days on recovery."
 * "Commercial or illegal use may lead to suspension." The truth of a line's service
 * (line_lifecycles.service_state) on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts). The
 * chart keeps no context: guards read the facts the host puts on the event (when the suspension began, the clock).
 * Issue 16 (decision 0035): number keeping (machines/numberProtect.machine.ts) is the paid alternative to the unpaid
 * suspension: a line suspended unpaid may be kept ('suspended.kept'), which stops the 90 days to pay; when keeping
 * ends the line is suspended unpaid again with 90 days from then; a paid recovery ends keeping.
 */
import { setup } from 'xstate';
import { numberRemovedAt } from '../src/domain/planCalendar';

export type ServiceEvent =
  /** The server's clock: the plan ended and its renewal was not paid. */
  | { type: 'service.renewalUnpaid' }
  /** Staff suspend the line for commercial or illegal use, with the reason. */
  | { type: 'service.staffSuspend'; reason: string }
  /** Staff lift their suspension. */
  | { type: 'service.staffRestore' }
  /** The customer paid the plan and the recovery fee. */
  | { type: 'service.recover'; feeCents: number }
  /** The server's clock: the days to pay may have run out. */
  | { type: 'service.removeNumber'; suspendedAt: string; at: string }
  /** Number keeping started (numberProtect chart): the number is kept, paid by the period. */
  | { type: 'service.keep' }
  /** Number keeping ended (its days ran out, or an early end took effect). */
  | { type: 'service.keepingEnded' };

export type ServiceState = 'active' | 'suspended.unpaid' | 'suspended.kept' | 'suspended.byStaff' | 'numberRemoved';

export const serviceMachine = setup({
  types: { events: {} as ServiceEvent },
  guards: {
    ninetyDaysPassed: ({ event }) => event.type === 'service.removeNumber' && new Date(event.at) >= numberRemovedAt(new Date(event.suspendedAt)),
  },
  actions: {
    /** The host bars the line at the network (911 and 611 only), records when, and schedules the number's removal. */
    barLine: () => undefined,
    /** The host records the staff's reason, and bars the line at the network. */
    barLineForStaff: () => undefined,
    /** The host lifts the bar at the network. */
    unbarLine: () => undefined,
    /** The host gives the number back to the network's inventory. */
    releaseNumber: () => undefined,
    /** The host keeps the recovery fee of the days suspended so far (the 90 days stop while kept). */
    stopNumberClock: () => undefined,
    /** The host bars the line again, starts the 90 days from now and schedules the number's removal. */
    restartNumberClock: () => undefined,
  },
}).createMachine({
  id: 'service',
  description: 'Spec section 4: "Unpaid after renewal date: suspended (no service except 911 and 611), 90 days to pay, then number removed. Stopped service keeps number up to 90 days, $5 per 30 days on recovery." Spec section 1: "Commercial or illegal use may lead to suspension."',
  initial: 'active',
  states: {
    active: {
      description: 'Spec section 1: plans include "unlimited US calls ... free global texting" and their data: the line has service as its plan gives.',
      on: {
        'service.renewalUnpaid': {
          target: 'suspended.unpaid', actions: 'barLine',
          description: 'Spec section 4: "Unpaid after renewal date: suspended (no service except 911 and 611)".',
        },
        'service.staffSuspend': {
          target: 'suspended.byStaff', actions: 'barLineForStaff',
          description: 'Spec section 1: "The product is for personal use. Commercial or illegal use may lead to suspension."',
        },
      },
    },
    suspended: {
      description: 'Spec section 4: "suspended (no service except 911 and 611)": the network carries calls to 911 and 611 only; while the number is kept, its 30 minutes and 100 texts a period (spec section 9).',
      initial: 'unpaid',
      states: {
        unpaid: {
          description: 'Spec section 4: "90 days to pay, then number removed. Stopped service keeps number up to 90 days, $5 per 30 days on recovery."',
          on: {
            'service.recover': {
              target: '#service.active', actions: 'unbarLine',
              description: 'Spec section 4: "$5 per 30 days on recovery": the plan and the fee are paid; service comes back with the same number.',
            },
            'service.removeNumber': {
              guard: 'ninetyDaysPassed', target: '#service.numberRemoved', actions: 'releaseNumber',
              description: 'Spec section 4: "90 days to pay, then number removed."',
            },
            'service.keep': {
              target: 'kept', actions: 'stopNumberClock',
              description: 'Spec section 4: "Number keeping (protect): starts at least the day after plan expiry": the paid alternative to the 90 days to pay, which stop while the number is kept (decision 0035).',
            },
          },
        },
        kept: {
          description: 'Spec section 9: "Number keeping: $3.00 plus tax per 30 days, 30 minutes and 100 texts, max 120 days": the number is kept; the 90 days to pay do not run; a top-up does not end it (decision 0035).',
          on: {
            'service.recover': {
              target: '#service.active', actions: 'unbarLine',
              description: 'Spec section 4: "$5 per 30 days on recovery": the plan and the fee of the days suspended before keeping are paid; keeping ends and service comes back with the same number (decision 0035).',
            },
            'service.keepingEnded': {
              target: 'unpaid', actions: 'restartNumberClock',
              description: 'Spec section 4: "number kept 90 days suspended, then recycled": suspended again, the 90 days counted from the end of keeping.',
            },
          },
        },
        byStaff: {
          description: 'Spec section 1: "Commercial or illegal use may lead to suspension": suspended by staff, with their reason.',
          on: {
            'service.staffRestore': {
              target: '#service.active', actions: 'unbarLine',
              description: 'Staff lift the suspension: the line has service again.',
            },
          },
        },
      },
    },
    numberRemoved: {
      type: 'final',
      description: 'Spec section 4: "then number removed": the number went back to the network; the line has no service.',
    },
  },
});
