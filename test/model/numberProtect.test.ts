import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { numberProtectMachine, type NumberProtectEvent } from '../../machines/numberProtect.machine';
import { serviceMachine } from '../../machines/service.machine';
import { protectPageMachine } from '../../machines/protectPage.machine';
import { EARLIEST_AT, EARLY_END_AT, KEPT_UNTIL, numberProtectModel, protectPage, protectPageModel } from '../../machines/models/numberProtect';
import { allStates } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import { earliestKeepingStart, earlyEndAt, periodsLeft, protectQuote, PROTECT_EARLY_END_MAX_HOURS, PROTECT_EARLY_END_MIN_HOURS } from '../../src/domain/numberKeeping';
import { pacificWall } from '../../src/domain/planCalendar';
import { describeChartPaths } from './toolkit/describeChart';

describe('numberProtect chart paths', () => describeChartPaths(numberProtectModel));
describe('protectPage chart paths', () => describeChartPaths(protectPageModel));

const run = (machine: AnyStateMachine, events: EventObject[]): AnyMachineSnapshot =>
  events.reduce<AnyMachineSnapshot>((s, e) => transition(machine, s, e)[0], initialTransition(machine)[0]);
const START: NumberProtectEvent = { type: 'protect.start', service: 'suspended.unpaid', earliestAt: EARLIEST_AT, at: EARLIEST_AT, days: 30 };
const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();

describe('number keeping rules (spec section 4: "starts at least the day after plan expiry; 30 days per period, max 120 days total")', () => {
  it('starts only on a line suspended for an unpaid plan, not a millisecond before the day after expiry', () => {
    const notKept = run(numberProtectMachine, []);
    expect(notKept.can({ ...START, at: before(EARLIEST_AT) })).toBe(false);
    expect(notKept.can({ ...START, service: 'active' })).toBe(false);
    expect(notKept.can({ ...START, service: 'suspended.byStaff' })).toBe(false);
    expect(notKept.can({ ...START, earliestAt: null })).toBe(false);
    const [kept, actions] = transition(numberProtectMachine, notKept, START);
    expect(kept.value).toBe('kept');
    expect(actions.map((a) => a.type)).toEqual(['startKeeping']);
  });
  it('"30 days per period, max 120 days total": whole periods, and never past 120 days in one purchase or in all', () => {
    const notKept = run(numberProtectMachine, []);
    expect(notKept.can({ ...START, days: 120 })).toBe(true);
    expect(notKept.can({ ...START, days: 150 })).toBe(false);
    expect(notKept.can({ ...START, days: 45 })).toBe(false);
    const kept = run(numberProtectMachine, [START]);
    expect(kept.can({ type: 'protect.extend', days: 90, keptDays: 30 })).toBe(true);
    expect(kept.can({ type: 'protect.extend', days: 30, keptDays: 120 })).toBe(false);
    expect(kept.can({ type: 'protect.extend', days: 60, keptDays: 90 })).toBe(false);
    expect(kept.can({ type: 'protect.extend', days: 0, keptDays: 0 })).toBe(false);
  });
  it('the days bought run out at their end, not before; then "number kept 90 days suspended"', () => {
    const kept = run(numberProtectMachine, [START]);
    expect(kept.can({ type: 'protect.periodEnd', keptUntil: KEPT_UNTIL, at: before(KEPT_UNTIL) })).toBe(false);
    const [ended, actions] = transition(numberProtectMachine, kept, { type: 'protect.periodEnd', keptUntil: KEPT_UNTIL, at: KEPT_UNTIL });
    expect(ended.value).toBe('ended');
    expect(actions.map((a) => a.type)).toEqual(['endKeeping']);
    // Ended: no more periods, no second start; only a recovery or the recycling.
    expect(ended.can({ type: 'protect.extend', days: 30, keptDays: 30 })).toBe(false);
    expect(ended.can(START)).toBe(false);
    expect(transition(numberProtectMachine, ended, { type: 'protect.numberRemoved' })[0].value).toBe('recycled');
    expect(transition(numberProtectMachine, ended, { type: 'protect.lineRecovered' })[0].value).toBe('notKept');
  });
  it('"early end takes 4-5 hours, no refund": ending early is still kept until it takes effect; no extension meanwhile', () => {
    const ending = run(numberProtectMachine, [START, { type: 'protect.requestEnd' }]);
    expect(ending.value).toBe('endingEarly');
    expect(ending.can({ type: 'protect.extend', days: 30, keptDays: 30 })).toBe(false);
    expect(ending.can({ type: 'protect.requestEnd' })).toBe(false);
    expect(ending.can({ type: 'protect.earlyEndDue', endsAt: EARLY_END_AT, at: before(EARLY_END_AT) })).toBe(false);
    expect(transition(numberProtectMachine, ending, { type: 'protect.earlyEndDue', endsAt: EARLY_END_AT, at: EARLY_END_AT })[0].value).toBe('ended');
    // The days bought running out first ends it then.
    expect(transition(numberProtectMachine, ending, { type: 'protect.periodEnd', keptUntil: KEPT_UNTIL, at: KEPT_UNTIL })[0].value).toBe('ended');
  });
  it('a recovery ends keeping at once (kept, ending or ended); keeping can start again after a later expiry', () => {
    for (const events of [[START], [START, { type: 'protect.requestEnd' }]] as NumberProtectEvent[][]) {
      const [back, actions] = transition(numberProtectMachine, run(numberProtectMachine, events), { type: 'protect.lineRecovered' });
      expect(back.value).toBe('notKept');
      expect(actions.map((a) => a.type)).toEqual(['returnToService']);
      expect(back.can(START)).toBe(true);
    }
    expect(run(numberProtectMachine, []).can({ type: 'protect.lineRecovered' })).toBe(false);
  });
  it('recycled is final', () => {
    const recycled = run(numberProtectMachine, [{ type: 'protect.numberRemoved' }]);
    expect(recycled.status).toBe('done');
    expect(recycled.can(START)).toBe(false);
  });
  it('has no technical states: every state is a rule of spec section 4', () => {
    expect(allStates(numberProtectMachine).filter(isTechnical)).toEqual([]);
  });
});

describe('the service chart with keeping (decision 0035)', () => {
  const suspended = () => run(serviceMachine, [{ type: 'service.renewalUnpaid' }]);
  it('a line suspended unpaid may be kept; kept, its 90 days do not run', () => {
    const [kept, actions] = transition(serviceMachine, suspended(), { type: 'service.keep' });
    expect(kept.value).toEqual({ suspended: 'kept' });
    expect(actions.map((a) => a.type)).toEqual(['stopNumberClock']);
    expect(kept.can({ type: 'service.removeNumber', suspendedAt: '2026-01-01T00:00:00.000Z', at: '2027-01-01T00:00:00.000Z' })).toBe(false);
  });
  it('only an unpaid suspension can be kept: not an active line, not one suspended by staff', () => {
    expect(run(serviceMachine, []).can({ type: 'service.keep' })).toBe(false);
    expect(run(serviceMachine, [{ type: 'service.staffSuspend', reason: 'x' } as EventObject]).can({ type: 'service.keep' })).toBe(false);
  });
  it('keeping ended: suspended unpaid again with a new 90 days; a recovery while kept brings the line back', () => {
    const kept = run(serviceMachine, [{ type: 'service.renewalUnpaid' }, { type: 'service.keep' }]);
    const [again, actions] = transition(serviceMachine, kept, { type: 'service.keepingEnded' });
    expect(again.value).toEqual({ suspended: 'unpaid' });
    expect(actions.map((a) => a.type)).toEqual(['restartNumberClock']);
    expect(transition(serviceMachine, kept, { type: 'service.recover', feeCents: 500 })[0].value).toBe('active');
  });
});

describe('number keeping\'s calendar and price', () => {
  it('"the day after plan expiry" is 00:00 Pacific of the next Pacific day (a term ending at midnight ended the day before)', () => {
    const afternoon = earliestKeepingStart(new Date('2026-11-10T23:00:00.000Z'));
    expect(afternoon.toISOString()).toBe('2026-11-11T08:00:00.000Z');
    expect(pacificWall(afternoon)).toMatchObject({ day: 11, hour: 0, minute: 0 });
    expect(earliestKeepingStart(new Date('2026-11-11T08:00:00.000Z')).toISOString()).toBe('2026-11-11T08:00:00.000Z');
    // Summer time: 00:00 PDT is 07:00 UTC.
    expect(earliestKeepingStart(new Date('2026-07-04T18:00:00.000Z')).toISOString()).toBe('2026-07-05T07:00:00.000Z');
  });
  it('an early end takes effect 4 to 5 hours after the request, the same moment for the same request', () => {
    for (let i = 0; i < 200; i++) {
      const asked = new Date(Date.UTC(2026, 10, 11, 0, i * 7, i % 60));
      const at = earlyEndAt(1000 + i, asked).getTime() - asked.getTime();
      expect(at).toBeGreaterThanOrEqual(PROTECT_EARLY_END_MIN_HOURS * 3_600_000);
      expect(at).toBeLessThanOrEqual(PROTECT_EARLY_END_MAX_HOURS * 3_600_000);
      expect(earlyEndAt(1000 + i, asked).getTime()).toBe(asked.getTime() + at);
    }
  });
  it('"$3.00 plus tax per 30 days": the tax on the periods, rounded to the cent; the periods left of the 120 days', () => {
    expect(protectQuote(1, 725)).toEqual({ subtotalCents: 300, taxCents: 22, totalCents: 322 });
    expect(protectQuote(4, 725)).toEqual({ subtotalCents: 1200, taxCents: 87, totalCents: 1287 });
    expect(protectQuote(2, 0)).toEqual({ subtotalCents: 600, taxCents: 0, totalCents: 600 });
    expect([0, 30, 90, 120].map(periodsLeft)).toEqual([4, 3, 1, 0]);
  });
});

describe('the keeping page keeps the choice', () => {
  it('the periods chosen stay through a refusal of the order, and cannot pass what the 120 days leave', () => {
    const page = run(protectPageMachine, [{ type: 'protect.open', entry: { kind: 'page' } } as EventObject]);
    const shown = transition(protectPageMachine, page, { type: 'xstate.done.actor.loadProtect', output: protectPage('kept') } as never)[0];
    expect(shown.value).toBe('showing');
    expect(shown.can({ type: 'periods.choose', periods: 4 })).toBe(false);
    const chosen = transition(protectPageMachine, shown, { type: 'periods.choose', periods: 3 })[0];
    expect(chosen.context.periods).toBe(3);
    const creating = transition(protectPageMachine, chosen, { type: 'protect.buy' })[0];
    expect(creating.value).toBe('creating');
    const refused = transition(protectPageMachine, creating, { type: 'xstate.error.actor.createOrder', error: { code: 'protectLimit', message: '', status: 409 } } as never)[0];
    expect(refused.value).toBe('showing');
    expect(refused.context.periods).toBe(3);
    expect(refused.context.problem?.code).toBe('protectLimit');
    // The same choice again is the same order (its Idempotency-Key kept).
    const again = transition(protectPageMachine, refused, { type: 'protect.buy' })[0];
    expect(again.context.submission?.key).toBe(creating.context.submission?.key);
  });
});
