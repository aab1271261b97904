/**
 * Service of a line (spec sections 1 and 4): "Unpaid after renewal date: suspended (no service except 911 and 611),
 * 90 days to pay, then number removed. Stopped service keeps number up to 90 days, $5 per 30 days on recovery."
 * "Commercial or illegal use may lead to suspension." The truth of a line's service
 * (line_lifecycles.service_state) on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts). The
 * chart keeps no context: guards read the facts the host puts on the event (when the suspension began, the clock).
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
  | { type: 'service.removeNumber'; suspendedAt: string; at: string };

export type ServiceState = 'active' | 'suspended.unpaid' | 'suspended.byStaff' | 'numberRemoved';

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
      description: 'Spec section 4: "suspended (no service except 911 and 611)": the network carries calls to 911 and 611 only.',
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
