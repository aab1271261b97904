import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { dualNumberMachine, type DualNumberEvent } from '../../machines/dualNumber.machine';
import { dualNumberModel, dualNumberPageModel, PAUSED_AT, THREE_MONTHS_AFTER_PAUSE } from '../../machines/models/dualNumber';
import { allStates } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import { addMonths } from '../../src/domain/dualNumber';
import { describeChartPaths } from './toolkit/describeChart';

describe('dualNumber chart paths', () => describeChartPaths(dualNumberModel));
describe('dualNumberPage chart paths', () => describeChartPaths(dualNumberPageModel));

const run = (events: DualNumberEvent[]): AnyMachineSnapshot =>
  events.reduce<AnyMachineSnapshot>((s, e) => transition(dualNumberMachine, s, e)[0], initialTransition(dualNumberMachine)[0]);
const OPENED: DualNumberEvent[] = [
  { type: 'dual.apply' }, { type: 'dual.submitRealName' }, { type: 'dual.approve', staff: 's' }, { type: 'dual.networkOpened' },
];

describe('dual number rules (spec section 4)', () => {
  it('staff decide a review, not the clock: an overdue review stays under review and only reminds', () => {
    const waiting = run([{ type: 'dual.apply' }, { type: 'dual.submitRealName' }, { type: 'dual.reviewOverdue' }]);
    expect(waiting.value).toBe('underReview');
    expect(transition(dualNumberMachine, waiting, { type: 'dual.reject', staff: 's', reason: 'blurred' })[0].value).toBe('auditFailed');
  });
  it('"paused (no main plan or insufficient balance)": $1.99 due with $1.98, or with no plan, pauses; $1.99 and a plan keeps it open', () => {
    const opened = run(OPENED);
    expect(opened.value).toBe('opened');
    expect(transition(dualNumberMachine, opened, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 199 })[0].value).toBe('opened');
    expect(transition(dualNumberMachine, opened, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 198 })[0].value).toBe('paused');
    expect(transition(dualNumberMachine, opened, { type: 'dual.periodEnd', hasMainPlan: false, balanceCents: 10_000 })[0].value).toBe('paused');
  });
  it('"resumes after successful top-up" only when the full month can be charged', () => {
    const paused = run([...OPENED, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 0 }]);
    expect(paused.can({ type: 'dual.resume', hasMainPlan: true, balanceCents: 198 })).toBe(false);
    const [resumed, actions] = transition(dualNumberMachine, paused, { type: 'dual.resume', hasMainPlan: true, balanceCents: 199 });
    expect(resumed.value).toBe('opened');
    expect(actions.map((a) => a.type)).toContain('chargeMonth');
  });
  it('"Auto-shutdown after 3 months overdue": not a millisecond before', () => {
    const paused = run([...OPENED, { type: 'dual.periodEnd', hasMainPlan: false, balanceCents: 0 }]);
    const early = new Date(new Date(THREE_MONTHS_AFTER_PAUSE).getTime() - 1).toISOString();
    expect(paused.can({ type: 'dual.overdue', pausedAt: PAUSED_AT, at: early })).toBe(false);
    expect(transition(dualNumberMachine, paused, { type: 'dual.overdue', pausedAt: PAUSED_AT, at: THREE_MONTHS_AFTER_PAUSE })[0].value).toEqual({ closed: 'numberKept' });
  });
  it('"China number kept 3 months after close": reopening within them is the same number, charged; after them a new application', () => {
    const closed = run([...OPENED, { type: 'dual.close' }, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 500 }]);
    expect(closed.value).toEqual({ closed: 'numberKept' });
    expect(transition(dualNumberMachine, closed, { type: 'dual.reopen', hasMainPlan: true, balanceCents: 199 })[0].value).toBe('opened');
    const released = transition(dualNumberMachine, closed, { type: 'dual.releaseNumber', closedAt: '2026-11-30T08:00:00.000Z', at: addMonths(new Date('2026-11-30T08:00:00.000Z'), 3).toISOString() })[0];
    expect(released.value).toEqual({ closed: 'numberReleased' });
    expect(released.can({ type: 'dual.reopen', hasMainPlan: true, balanceCents: 10_000 })).toBe(false);
    expect(transition(dualNumberMachine, released, { type: 'dual.apply' })[0].value).toBe('realNameNeeded');
  });
  it('a pending close runs to the end of the paid period and charges nothing more', () => {
    const pending = run([...OPENED, { type: 'dual.close' }]);
    const [closed, actions] = transition(dualNumberMachine, pending, { type: 'dual.periodEnd', hasMainPlan: true, balanceCents: 10_000 });
    expect(closed.value).toEqual({ closed: 'numberKept' });
    expect(actions.map((a) => a.type)).toEqual(['closeNumber']);
  });
  it('the opening is the one technical state', () => {
    const technical = allStates(dualNumberMachine).filter(isTechnical).map((n) => n.id);
    expect(technical).toEqual(['dualNumber.opening']);
  });
  it('addMonths keeps the day, clamped to the month\'s end', () => {
    expect(addMonths(new Date('2026-11-30T08:00:00.000Z'), 3).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-10-15T12:00:00.000Z'), 3).toISOString()).toBe('2027-01-15T12:00:00.000Z');
  });
});
