import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { referralRewardMachine, type ReferralRewardEvent } from '../../machines/referralReward.machine';
import { ACTIVE_SINCE, EXPIRES_AT, LAPSES_AT, PAID_AT, QUALIFIES_AT, referralRewardModel } from '../../machines/models/referral';
import { allStates } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import {
  creditExpiresAt, EDITION_2025, EDITION_EARLIER, editionAt, qualifiesAt, referralIneligibility, rewardAmounts, sandboxEdition,
} from '../../src/domain/referral';
import { addWorkingDays } from '../../src/domain/workingDays';
import { pacificWall } from '../../src/domain/planCalendar';
import { describeChartPaths } from './toolkit/describeChart';

describe('referralReward chart paths', () => describeChartPaths(referralRewardModel));

const run = (events: ReferralRewardEvent[]): AnyMachineSnapshot =>
  events.reduce<AnyMachineSnapshot>((s, e) => transition(referralRewardMachine, s, e)[0], initialTransition(referralRewardMachine)[0]);
const RECORD: ReferralRewardEvent = { type: 'referral.record', referrerType: 'individual', refereeType: 'individual', plan500mb: false, referrerPortedOutAt: null, at: PAID_AT };
const ACTIVATED: ReferralRewardEvent = { type: 'referral.activated', activeSince: ACTIVE_SINCE };
const DUE: ReferralRewardEvent = { type: 'referral.qualifyDue', qualifiesAt: QUALIFIES_AT, at: QUALIFIES_AT, lineInService: true, portedOut: false };
const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const valueOf = (s: AnyMachineSnapshot) => JSON.stringify(s.value);

describe('recorded: who takes part (spec section 6; spec section 9: "500MB excluded", "no port-out in prior 180 days")', () => {
  it('an individual referrer and referee, another plan, no recent port-out: pending, the card bought but not activated', () => {
    const [pending, actions] = transition(referralRewardMachine, run([]), RECORD);
    expect(pending.value).toEqual({ pending: 'notActivated' });
    expect(actions.map((a) => a.type)).toEqual(['recordPending']);
  });
  it.each([
    ['a business referrer', { referrerType: 'business' }, 'customerType'],
    ['an enterprise referrer', { referrerType: 'enterprise' }, 'customerType'],
    ['an employee referee', { refereeType: 'employee' }, 'customerType'],
    ['an agent referrer', { referrerType: 'agent' }, 'customerType'],
    ['the 500MB plan', { plan500mb: true }, 'plan500mb'],
    ['the referrer ported a number out 179 days before', { referrerPortedOutAt: new Date(Date.parse(PAID_AT) - 179 * 86_400_000).toISOString() }, 'portOut'],
  ] as const)('%s: disqualified from the start', (_name, extra, reason) => {
    const event = { ...RECORD, ...extra } as ReferralRewardEvent & { type: 'referral.record' };
    expect(referralIneligibility(event)).toBe(reason);
    const [out, actions] = transition(referralRewardMachine, run([]), event);
    expect(out.value).toBe('disqualified');
    expect(actions.map((a) => a.type)).toEqual(['recordIneligible']);
  });
  it('a port-out 180 days or more before counts no more', () => {
    expect(referralIneligibility({ ...RECORD, referrerPortedOutAt: new Date(Date.parse(PAID_AT) - 180 * 86_400_000).toISOString() } as never)).toBeNull();
  });
});

describe('pending: "credited after the referee is active 35 days"', () => {
  it('the 35 days start at activation and are reached at their end, not a millisecond before', () => {
    const active = run([RECORD, ACTIVATED]);
    expect(active.value).toEqual({ pending: 'active' });
    expect(active.can({ ...DUE, at: before(QUALIFIES_AT) })).toBe(false);
    const [qualified, actions] = transition(referralRewardMachine, active, DUE);
    expect(qualified.value).toBe('qualified');
    expect(actions.map((a) => a.type)).toEqual(['scheduleCredit']);
    expect(qualifiesAt(new Date(ACTIVE_SINCE)).toISOString()).toBe(QUALIFIES_AT);
  });
  it('the line ended or ported out before the 35 days: disqualified, whenever the clock says so', () => {
    const active = run([RECORD, ACTIVATED]);
    expect(transition(referralRewardMachine, active, { ...DUE, lineInService: false })[0].value).toBe('disqualified');
    expect(transition(referralRewardMachine, active, { ...DUE, portedOut: true, at: before(QUALIFIES_AT) })[0].value).toBe('disqualified');
  });
  it('a card never activated ends its referral when its 90 days to activate run out', () => {
    const bought = run([RECORD]);
    expect(bought.can({ type: 'referral.activationLapsed', lapsesAt: LAPSES_AT, at: before(LAPSES_AT) })).toBe(false);
    expect(transition(referralRewardMachine, bought, { type: 'referral.activationLapsed', lapsesAt: LAPSES_AT, at: LAPSES_AT })[0].value).toBe('disqualified');
    // Activated, the lapse job finds nothing to do.
    expect(run([RECORD, ACTIVATED]).can({ type: 'referral.activationLapsed', lapsesAt: LAPSES_AT, at: LAPSES_AT })).toBe(false);
  });
  it('nothing is credited before qualifying, and only once after', () => {
    expect(run([RECORD, ACTIVATED]).can({ type: 'referral.credit' })).toBe(false);
    const credited = run([RECORD, ACTIVATED, DUE, { type: 'referral.credit' }]);
    expect(credited.value).toBe('credited');
    expect(credited.can({ type: 'referral.credit' })).toBe(false);
  });
});

describe('credited: "credits valid 365 days"', () => {
  it('expires at its 365th day, not before; expired and disqualified are final', () => {
    const credited = run([RECORD, ACTIVATED, DUE, { type: 'referral.credit' }]);
    expect(credited.can({ type: 'referral.creditExpired', expiresAt: EXPIRES_AT, at: before(EXPIRES_AT) })).toBe(false);
    const expired = transition(referralRewardMachine, credited, { type: 'referral.creditExpired', expiresAt: EXPIRES_AT, at: EXPIRES_AT })[0];
    expect(expired.status).toBe('done');
    expect(run([{ ...RECORD, plan500mb: true }]).status).toBe('done');
    expect(creditExpiresAt(new Date(QUALIFIES_AT)).toISOString()).toBe(EXPIRES_AT);
  });
  it('marks its one technical state: the row as written, before eligibility is read', () => {
    expect(allStates(referralRewardMachine).filter(isTechnical).map((n) => n.id)).toEqual(['referralReward.recorded']);
    expect(valueOf(run([]))).toBe('"recorded"');
  });
});

describe('amounts and editions (spec section 9)', () => {
  it('"$15 each for new line" (referrer and referee); "port-in $25 referrer and $20 referee"; the older tiers 15/30/45/60 by the n-th referral', () => {
    expect(rewardAmounts('newLine', null, 1)).toEqual({ referrerCents: 1500, refereeCents: 1500 });
    expect(rewardAmounts('portIn', null, 7)).toEqual({ referrerCents: 2500, refereeCents: 2000 });
    expect([1, 2, 3, 4, 9].map((n) => rewardAmounts('newLine', EDITION_EARLIER.tiersCents, n).referrerCents)).toEqual([1500, 3000, 4500, 6000, 6000]);
  });
  it('"promotion 15 Sep to 25 Nov 2025 Pacific, count cutoff 30 Dec 2025": both days included, in Pacific time', () => {
    expect(pacificWall(new Date(EDITION_2025.startsAt))).toMatchObject({ year: 2025, month: 9, day: 15, hour: 0 });
    expect(editionAt([EDITION_2025], new Date('2025-11-26T07:59:59.000Z'))?.id).toBe('2025-autumn');
    expect(editionAt([EDITION_2025], new Date('2025-11-26T08:00:00.000Z'))).toBeNull();
    expect(pacificWall(new Date(Date.parse(EDITION_2025.countCutoffAt) - 1))).toMatchObject({ year: 2025, month: 12, day: 30, hour: 23 });
  });
  it('the sandbox edition holds the day it is seeded; the older edition holds no day', () => {
    const now = new Date('2026-11-28T20:00:00.000Z');
    expect(editionAt([sandboxEdition(now)], now)?.sandbox).toBe(true);
    expect(editionAt([EDITION_EARLIER], new Date(EDITION_EARLIER.startsAt))).toBeNull();
  });
  it('"rewards within 7 working days": the due date skips weekends and holidays (Thanksgiving 2026)', () => {
    // Wednesday 25 November 2026: Thursday 26 is Thanksgiving; 7 working days end with Monday 7 December.
    const due = addWorkingDays(new Date('2026-11-25T20:00:00.000Z'), 7);
    expect(pacificWall(new Date(due.getTime() - 1))).toMatchObject({ month: 12, day: 7 });
  });
});
