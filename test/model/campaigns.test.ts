import { describe, expect, it } from 'vitest';
import { campaignRewardModel } from '../../machines/models/campaigns';
import {
  creditBy, endsAt, groupsCents, isOpen, LUNAR_NEW_YEAR_EDITIONS, rewardCents, sandboxLunarNewYear, screenshotReadyAt, socialCents, startsAt,
} from '../../src/domain/campaigns';
import { lunarNewYearSubmission } from '../../src/contract/campaigns';
import { describeChartPaths } from './toolkit/describeChart';

describe('campaignReward chart paths', () => describeChartPaths(campaignRewardModel));

describe('the Lunar New Year rules (spec section 9)', () => {
  it('"$8.88 per 3 groups ..., max 9 groups, $26.64"', () => {
    expect([0, 2, 3, 5, 6, 9, 12].map(groupsCents)).toEqual([0, 0, 888, 888, 1776, 2664, 2664]);
  });
  it('"social post $8.88, 30 likes $18.88 total, 50 likes $28.88 total"', () => {
    expect([null, 0, 29, 30, 49, 50, 500].map(socialCents)).toEqual([0, 888, 888, 1888, 1888, 2888, 2888]);
    expect(rewardCents({ groups: 9, likes: 50 })).toBe(2664 + 2888);
  });
  it('"screenshot 24 hours after forwarding"', () => {
    expect(screenshotReadyAt(new Date('2025-01-28T10:00:00Z')).toISOString()).toBe('2025-01-29T10:00:00.000Z');
  });
  it('the spec\'s edition: "Jan 27 to Feb 16, 2025" Pacific, credit "within 7 business days after Feb 21"', () => {
    const e = LUNAR_NEW_YEAR_EDITIONS[0]!;
    expect(startsAt(e).toISOString()).toBe('2025-01-27T08:00:00.000Z');
    expect(endsAt(e).toISOString()).toBe('2025-02-17T08:00:00.000Z');
    expect(isOpen(e, new Date('2025-02-17T07:59:59Z'))).toBe(true);
    expect(isOpen(e, new Date('2025-02-17T08:00:00Z'))).toBe(false);
    // Feb 21 2025 was a Friday: the 7th working day after it is Tuesday March 4, which ends at Pacific midnight.
    expect(creditBy(e).toISOString()).toBe('2025-03-05T08:00:00.000Z');
  });
  it('the sandbox edition runs around the day it is made', () => {
    const today = new Date('2026-11-28T20:00:00Z');
    const e = sandboxLunarNewYear(today);
    expect({ starts: e.starts, ends: e.ends, reviewFrom: e.reviewFrom, reviewTo: e.reviewTo }).toEqual({ starts: '2026-11-21', ends: '2026-12-12', reviewFrom: '2026-11-21', reviewTo: '2026-12-15' });
    expect(isOpen(e, today)).toBe(true);
  });
  it('the submission names what it claims, one screenshot per group, when forwarded', () => {
    const ok = { groups: 3, forwardedAt: '2026-11-25T10:00:00Z', groupShots: ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24)], likes: null, socialShot: null };
    expect(lunarNewYearSubmission.safeParse(ok).success).toBe(true);
    const issues = (v: unknown) => lunarNewYearSubmission.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ ...ok, groups: 4 })).toContain('validation:campaign.groups.invalid');
    expect(issues({ ...ok, groupShots: ok.groupShots.slice(0, 2) })).toEqual(['validation:campaign.groupShots.count']);
    expect(issues({ ...ok, forwardedAt: null })).toEqual(['validation:campaign.forwardedAt.required']);
    expect(issues({ ...ok, groups: 0, groupShots: [] })).toEqual(['validation:campaign.nothingClaimed']);
    expect(issues({ ...ok, likes: 30, socialShot: null })).toEqual(['validation:campaign.screenshot.required']);
  });
});
