/**
 * Plan lifecycle of a line (spec sections 3 and 4): "Plan status: main plan, pending plan, or none." The truth of a
 * line's plan (line_lifecycles.plan_state, the terms in plan_subscriptions) on the gateway: src/server/plan loads the
 * line's state, applies an event with xstate's pure transition function (src/server/db/lifecycle.ts), refuses what
 * this chart does not accept with its business code (120079 no current main plan, 120080 pending plan exists) and
 * writes the new state with a state_history row in one transaction. The chart keeps no context: guards read the
 * facts the host puts on the event (what follows the cycle that ends).
 */
import { setup } from 'xstate';

/** What follows a cycle that ends, as the host reads it from the line's terms. */
export type NextCycle =
  /** Another 30-day cycle of the same plan: a multi-month plan's next month, or a renewed term. */
  | 'cycle'
  /** The changed plan ordered while this one ran. */
  | 'pendingPlan'
  /** Nothing was paid for after this cycle. */
  | 'nothing';

export type PlanEvent =
  /** A plan is bought for a line without one (activation, a renewal package, a recovery): it starts now. */
  | { type: 'plan.start'; planId: number; months: number }
  /** /personal/businessManegement/bundleChange: the customer orders another plan while one is in force. */
  | { type: 'plan.orderChange'; planId: number; months: number }
  /** Auto-renewal paid the term that follows the last one. */
  | { type: 'plan.renew'; planId: number; months: number }
  /** The server's clock: a 30-day cycle of the plan in force ends. */
  | { type: 'plan.cycleEnd'; next: NextCycle };

export type PlanState = 'none' | 'main.only' | 'main.pending';

export const planMachine = setup({
  types: { events: {} as PlanEvent },
  guards: {
    anotherCycleFollows: ({ event }) => event.type === 'plan.cycleEnd' && event.next === 'cycle',
    pendingPlanFollows: ({ event }) => event.type === 'plan.cycleEnd' && event.next === 'pendingPlan',
  },
  actions: {
    /** The host writes the plan's cycles (one 30-day term per month) starting now, and the line's cycle-end jobs. */
    startTerm: () => undefined,
    /** The host writes the ordered plan's cycles after the last term of the line, as pending. */
    recordPendingPlan: () => undefined,
    /** The host appends the renewed plan's cycles after the last term and schedules their cycle ends. */
    extendTerm: () => undefined,
    /** The host moves the line to its next cycle, whose high-speed allowance starts unused. */
    startNextCycle: () => undefined,
    /** The host makes the pending plan's terms the main plan. */
    startPendingPlan: () => undefined,
    /** The host closes the last term: the line has no plan (the service chart decides what happens to it). */
    endTerm: () => undefined,
  },
}).createMachine({
  id: 'plan',
  description: 'Spec section 4: "Plan status: main plan, pending plan, or none." "A changed plan starts when the current one expires; multi-month plans run in sequence." Spec section 3 (Plan): "months (1, 3, 6, 12), unit price, total, high-speed data allowance (used, remaining, total), validity in days, cycle 30 days, auto-renew flag."',
  initial: 'none',
  states: {
    none: {
      description: 'Spec section 4: "none". The line has no plan in force; spec section 8: "120079 no current main plan" for add-ons, roaming and plan change; "current ICCID has no plan".',
      on: {
        'plan.start': {
          target: 'main',
          actions: 'startTerm',
          description: 'Spec section 3 (Plan): "months (1, 3, 6, 12)" and section 9: "Cycle 30 days": a plan bought for the line starts now, as that many 30-day cycles in sequence.',
        },
      },
    },
    main: {
      description: 'Spec section 4: "main plan". A plan is in force: its cycle is 30 days, its high-speed data is used first, then "unlimited basic data at 128 kbps after the high-speed data is used" (spec section 1; section 9: "overage speed 128 kbps").',
      initial: 'only',
      on: {
        'plan.renew': {
          actions: 'extendTerm',
          description: 'Spec section 4 (Auto-renewal): "When on, the card is charged before expiry": the paid term follows the last one, in sequence.',
        },
        'plan.cycleEnd': [
          {
            guard: 'anotherCycleFollows',
            actions: 'startNextCycle',
            description: 'Spec section 4: "multi-month plans run in sequence"; section 9: "Cycle 30 days": the next 30-day cycle starts, its high-speed allowance unused again.',
          },
          {
            target: 'none',
            actions: 'endTerm',
            description: 'Spec section 4: "Unpaid after renewal date": the last paid cycle ended and nothing follows it; the line has no plan.',
          },
        ],
      },
      states: {
        only: {
          description: 'Spec section 4: "main plan" and no pending plan: the customer may order a plan change.',
          on: {
            'plan.orderChange': {
              target: 'pending',
              actions: 'recordPendingPlan',
              description: 'Spec section 4: "A changed plan starts when the current one expires": the ordered plan waits as the pending plan.',
            },
          },
        },
        pending: {
          description: 'Spec section 4: "pending plan". A changed plan waits for the current one to expire; spec section 8: "120080 pending plan exists, cannot order main plan".',
          on: {
            'plan.cycleEnd': {
              guard: 'pendingPlanFollows',
              target: 'only',
              actions: 'startPendingPlan',
              description: 'Spec section 4: "A changed plan starts when the current one expires": the pending plan becomes the main plan.',
            },
          },
        },
      },
    },
  },
});
