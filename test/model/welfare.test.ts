import { describe, expect, it } from 'vitest';
import { welfareParticipationModel } from '../../machines/models/welfare';
import { cashbackFor, normalizeJoinEmail, sandboxWelfare, WELFARE_CAP_CENTS, welfareEndsAt, welfareOpen, welfareStartsAt } from '../../src/domain/welfare';
import { describeChartPaths } from './toolkit/describeChart';

describe('welfareParticipation chart paths', () => describeChartPaths(welfareParticipationModel));

describe('bank card points rules (spec section 9: "20% cashback up to $20")', () => {
  it('pays 20 % of a payment, rounded down to the cent', () => {
    expect([0, 1, 4, 5, 999, 1000, 1999, 4995].map((cents) => cashbackFor(cents, 0))).toEqual([0, 0, 0, 1, 199, 200, 399, 999]);
  });
  it('never pays past $20 in all', () => {
    expect(cashbackFor(10_000, 0)).toBe(WELFARE_CAP_CENTS);
    expect(cashbackFor(100_000, 0)).toBe(2000);
    expect(cashbackFor(5000, 1500)).toBe(500);
    expect(cashbackFor(5000, 2000)).toBe(0);
    // Payments one after another: $20 exactly, however they fall.
    let earned = 0;
    for (const cents of [2999, 4999, 1234, 9999, 50]) earned += cashbackFor(cents, earned);
    expect(earned).toBe(2000);
  });
  it('an email joins once however it is spelt', () => {
    expect(normalizeJoinEmail('  Li.Wei+points@Example.COM ')).toBe('li.wei@example.com');
    expect(normalizeJoinEmail('li.wei+a@gmail.com')).toBe(normalizeJoinEmail('LiWei@googlemail.com'));
    expect(normalizeJoinEmail('li.wei@example.com')).not.toBe(normalizeJoinEmail('liwei@example.com'));
    expect(normalizeJoinEmail('+x@example.com')).toBe('+x@example.com');
  });
  it('the sandbox edition runs around the day it is made, Pacific days', () => {
    const today = new Date('2026-11-29T01:00:00Z'); // still Nov 28 in Los Angeles
    const e = sandboxWelfare(today);
    expect({ starts: e.starts, ends: e.ends }).toEqual({ starts: '2026-11-21', ends: '2026-12-26' });
    expect(welfareStartsAt(e).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(welfareEndsAt(e).toISOString()).toBe('2026-12-27T08:00:00.000Z');
    expect(welfareOpen(e, today)).toBe(true);
    expect(welfareOpen(e, welfareEndsAt(e))).toBe(false);
  });
});
