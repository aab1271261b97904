import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { planMachine } from '../../machines/plan.machine';
import { autoRenewalMachine } from '../../machines/autoRenewal.machine';
import { serviceMachine } from '../../machines/service.machine';
import { autoRenewalModel, autoRenewalPageModel, INSIDE, OUTSIDE, planModel, serviceModel, SUSPENDED_AT } from '../../machines/models/planLifecycles';
import { describeChartPaths } from './toolkit/describeChart';

describe('plan chart paths', () => describeChartPaths(planModel));
describe('autoRenewal chart paths', () => describeChartPaths(autoRenewalModel));
describe('service chart paths', () => describeChartPaths(serviceModel));
describe('autoRenewalPage chart paths', () => describeChartPaths(autoRenewalPageModel));

type Chart = typeof planMachine | typeof autoRenewalMachine | typeof serviceMachine;
const run = (machine: Chart, events: EventObject[]): AnyMachineSnapshot => {
  const m = machine as unknown as AnyStateMachine;
  return events.reduce<AnyMachineSnapshot>((s, e) => transition(m, s, e)[0], initialTransition(m)[0]);
};

describe('plan rules (spec section 4: "Plan status: main plan, pending plan, or none")', () => {
  const main = run(planMachine, [{ type: 'plan.start', planId: 3, months: 3 } as EventObject]);
  it('"A changed plan starts when the current one expires": ordered, it waits as pending; a second order is refused (120080)', () => {
    const pending = transition(planMachine, main, { type: 'plan.orderChange', planId: 4, months: 1 })[0];
    expect(pending.value).toEqual({ main: 'pending' });
    expect(pending.can({ type: 'plan.orderChange', planId: 5, months: 1 })).toBe(false);
    // A month of the 3-month plan ends: still the same plan, the change still waits.
    expect(transition(planMachine, pending, { type: 'plan.cycleEnd', next: 'cycle' })[0].value).toEqual({ main: 'pending' });
    expect(transition(planMachine, pending, { type: 'plan.cycleEnd', next: 'pendingPlan' })[0].value).toEqual({ main: 'only' });
  });
  it('without a plan nothing can be changed or renewed (120079); the last cycle with nothing after it leaves no plan', () => {
    const [none] = initialTransition(planMachine);
    expect(none.can({ type: 'plan.orderChange', planId: 4, months: 1 })).toBe(false);
    expect(none.can({ type: 'plan.renew', planId: 4, months: 1 })).toBe(false);
    expect(transition(planMachine, main, { type: 'plan.cycleEnd', next: 'nothing' })[0].value).toBe('none');
  });
});

describe('autoRenewal rules (spec section 4: "Terms must be accepted to open"; "Maintenance 0-3 AM Pacific: cannot be changed")', () => {
  const [notOpen] = initialTransition(autoRenewalMachine);
  it('opens only with the terms accepted, outside 0-3 AM Pacific, and by card only with a card on file', () => {
    expect(notOpen.can({ type: 'autoRenewal.open', method: 'card', termsAccepted: false, hasCard: true, at: OUTSIDE })).toBe(false);
    expect(notOpen.can({ type: 'autoRenewal.open', method: 'card', termsAccepted: true, hasCard: true, at: INSIDE })).toBe(false);
    expect(notOpen.can({ type: 'autoRenewal.open', method: 'card', termsAccepted: true, hasCard: false, at: OUTSIDE })).toBe(false);
    expect(transition(autoRenewalMachine, notOpen, { type: 'autoRenewal.open', method: 'balance', termsAccepted: true, hasCard: false, at: OUTSIDE })[0].value).toEqual({ open: 'balance' });
  });
  it('"closed on request after confirmation": asking only moves to closing; confirming closes; neither in maintenance', () => {
    const open = run(autoRenewalMachine, [{ type: 'autoRenewal.open', method: 'card', termsAccepted: true, hasCard: true, at: OUTSIDE } as EventObject]);
    expect(open.can({ type: 'autoRenewal.requestClose', at: INSIDE })).toBe(false);
    const closing = transition(autoRenewalMachine, open, { type: 'autoRenewal.requestClose', at: OUTSIDE })[0];
    expect(closing.value).toBe('closing');
    expect(closing.can({ type: 'autoRenewal.confirmClose', at: INSIDE })).toBe(false);
    expect(transition(autoRenewalMachine, closing, { type: 'autoRenewal.confirmClose', at: OUTSIDE })[0].value).toBe('closed');
  });
  it('maintenance ends at 3:00 AM Pacific sharp, in winter and in summer time', () => {
    const open = (at: string) => notOpen.can({ type: 'autoRenewal.open', method: 'balance', termsAccepted: true, hasCard: false, at });
    expect(open('2026-11-25T10:59:59.999Z')).toBe(false); // 2:59:59 PST
    expect(open('2026-11-25T11:00:00.000Z')).toBe(true); // 3:00 PST
    expect(open('2026-07-15T09:59:59.999Z')).toBe(false); // 2:59:59 PDT
    expect(open('2026-07-15T10:00:00.000Z')).toBe(true); // 3:00 PDT
    expect(open('2026-07-15T06:59:59.999Z')).toBe(true); // 23:59:59 PDT the day before
    expect(open('2026-07-15T07:00:00.000Z')).toBe(false); // midnight PDT
  });
});

describe('service rules (spec section 4: "Unpaid after renewal date: suspended ..., 90 days to pay, then number removed")', () => {
  it('the number is removed at 90 days of suspension, not a millisecond before; recovery brings the line back', () => {
    const suspended = run(serviceMachine, [{ type: 'service.renewalUnpaid' }]);
    expect(suspended.value).toEqual({ suspended: 'unpaid' });
    expect(suspended.can({ type: 'service.removeNumber', suspendedAt: SUSPENDED_AT, at: '2027-01-30T07:59:59.999Z' })).toBe(false);
    expect(transition(serviceMachine, suspended, { type: 'service.removeNumber', suspendedAt: SUSPENDED_AT, at: '2027-01-30T08:00:00.000Z' })[0].value).toBe('numberRemoved');
    expect(transition(serviceMachine, suspended, { type: 'service.recover', feeCents: 500 })[0].value).toBe('active');
  });
  it('a staff suspension is lifted by staff only: paying does not lift it, and the clock does not remove its number', () => {
    const byStaff = run(serviceMachine, [{ type: 'service.staffSuspend', reason: 'Commercial use' } as EventObject]);
    expect(byStaff.can({ type: 'service.recover', feeCents: 500 })).toBe(false);
    expect(byStaff.can({ type: 'service.removeNumber', suspendedAt: SUSPENDED_AT, at: '2028-01-01T00:00:00.000Z' })).toBe(false);
    expect(transition(serviceMachine, byStaff, { type: 'service.staffRestore' })[0].value).toBe('active');
  });
});
