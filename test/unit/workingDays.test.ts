/**
 * US working days (src/domain/workingDays.ts): the observed federal holidays match OPM's published dates, and the
 * due instants of "about 3 working days" end at a Pacific midnight, across weekends, holidays and clock changes.
 */
import { describe, expect, it } from 'vitest';
import { formatChinaNumber } from '../../src/domain/phone';
import { addWorkingDays, deadlineDay, federalHolidays, isWorkingDay, pacificDate, workingDaysBetween } from '../../src/domain/workingDays';

const at = (iso: string) => new Date(iso);

describe('federal holidays', () => {
  it('lists the observed dates OPM publishes for 2026', () => {
    expect(federalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03',
      '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
    expect(federalHolidays(2026).find((h) => h.date === '2026-07-03')?.name).toBe('Independence Day');
  });

  it('lists the observed dates OPM publishes for 2027, ending with New Year\'s Day 2028 on Friday December 31', () => {
    expect(federalHolidays(2027).map((h) => h.date)).toEqual([
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-06-18', '2027-07-05',
      '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24', '2027-12-31',
    ]);
    expect(federalHolidays(2027).at(-1)?.name).toBe("New Year's Day");
    expect(federalHolidays(2028).map((h) => h.date)).not.toContain('2028-01-01');
  });

  it('knows a working day: weekdays that are not observed holidays', () => {
    expect(isWorkingDay('2026-11-25')).toBe(true); // Wednesday
    expect(isWorkingDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isWorkingDay('2026-11-27')).toBe(true); // the Friday after is no federal holiday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-07-03')).toBe(false); // Independence Day observed
    expect(isWorkingDay('2027-12-31')).toBe(false); // New Year's Day 2028 observed
    expect(isWorkingDay('2021-12-31')).toBe(false); // New Year's Day 2022 observed
    expect(isWorkingDay('2028-01-03')).toBe(true); // Monday after a Saturday New Year's Day: no Monday holiday
  });
});

describe('pacificDate', () => {
  it('gives the Pacific calendar date, not the UTC one', () => {
    expect(pacificDate(at('2026-12-01T06:30:00Z'))).toBe('2026-11-30'); // 10:30 PM PST
    expect(pacificDate(at('2026-07-01T06:59:00Z'))).toBe('2026-06-30'); // 11:59 PM PDT
    expect(pacificDate(at('2026-07-01T07:00:00Z'))).toBe('2026-07-01'); // midnight PDT
  });
});

describe('addWorkingDays', () => {
  it('skips the weekend: Friday evening + 3 is due when Wednesday ends', () => {
    // Friday 2026-10-16 6:00 PM PDT, already Saturday in UTC.
    expect(addWorkingDays(at('2026-10-17T01:00:00Z'), 3).toISOString()).toBe('2026-10-22T07:00:00.000Z');
  });

  it('skips a Monday holiday: Friday + 3 before Columbus Day is due when Thursday ends', () => {
    expect(addWorkingDays(at('2026-10-10T01:00:00Z'), 3).toISOString()).toBe('2026-10-16T07:00:00.000Z');
  });

  it('skips Thanksgiving: Wednesday 2026-11-25 10:00 AM + 3 is due when Tuesday December 1 ends', () => {
    expect(addWorkingDays(at('2026-11-25T18:00:00Z'), 3).toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('ends at Pacific midnight after the autumn change (November 2026: PDT to PST)', () => {
    // Thursday 2026-10-29 noon PDT + 2: Friday, Monday November 2; midnight PST is 08:00 UTC.
    expect(addWorkingDays(at('2026-10-29T19:00:00Z'), 2).toISOString()).toBe('2026-11-03T08:00:00.000Z');
  });

  it('ends at Pacific midnight after the spring change (March 2027: PST to PDT)', () => {
    // Thursday 2027-03-11 noon PST + 2: Friday, Monday March 15; midnight PDT is 07:00 UTC.
    expect(addWorkingDays(at('2027-03-11T20:00:00Z'), 2).toISOString()).toBe('2027-03-16T07:00:00.000Z');
  });

  it('counts from the Pacific day of a late-evening instant that is already the next day in UTC', () => {
    // Monday 2026-11-30 10:30 PM PST is Tuesday 06:30 UTC: + 1 is the end of Tuesday, not of Wednesday.
    expect(addWorkingDays(at('2026-12-01T06:30:00Z'), 1).toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('crosses the year through the observed New Year\'s Day on Friday 2027-12-31', () => {
    // Wednesday 2027-12-29 noon PST + 2: Thursday, (Friday observed), Monday 2028-01-03.
    expect(addWorkingDays(at('2027-12-29T20:00:00Z'), 2).toISOString()).toBe('2028-01-04T08:00:00.000Z');
  });

  it('takes zero days as the end of the same Pacific day, and refuses negative or fractional days', () => {
    expect(addWorkingDays(at('2026-11-25T18:00:00Z'), 0).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(() => addWorkingDays(at('2026-11-25T18:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(at('2026-11-25T18:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  it('is 0 on the same Pacific day or earlier', () => {
    expect(workingDaysBetween(at('2026-11-25T18:00:00Z'), at('2026-11-26T07:59:59Z'))).toBe(0);
    expect(workingDaysBetween(at('2026-11-25T18:00:00Z'), at('2026-11-20T18:00:00Z'))).toBe(0);
  });

  it('counts the working days after from, up to and including the day of to', () => {
    expect(workingDaysBetween(at('2026-10-16T19:00:00Z'), at('2026-10-23T19:00:00Z'))).toBe(5); // Friday to Friday
    expect(workingDaysBetween(at('2026-11-25T18:00:00Z'), at('2026-12-01T18:00:00Z'))).toBe(3); // over Thanksgiving
    expect(workingDaysBetween(at('2026-10-16T19:00:00Z'), at('2026-10-18T19:00:00Z'))).toBe(0); // only the weekend
  });

  it('goes by Pacific days: a late-evening instant counts as its Pacific day', () => {
    // Monday 10:30 PM PST to Tuesday 10:30 PM PST (Wednesday in UTC): one working day.
    expect(workingDaysBetween(at('2026-12-01T06:30:00Z'), at('2026-12-02T06:30:00Z'))).toBe(1);
  });

  it('agrees with addWorkingDays: n days have passed just before the due instant', () => {
    const from = at('2026-10-29T19:00:00Z');
    for (const n of [1, 2, 3, 5, 10, 25]) {
      const due = addWorkingDays(from, n);
      expect(workingDaysBetween(from, new Date(due.getTime() - 1))).toBe(n);
      expect(pacificDate(due) > pacificDate(new Date(due.getTime() - 1))).toBe(true);
    }
  });
});

describe('deadlineDay and the China number as shown (issue 16)', () => {
  it('a review due at the midnight ending Tuesday is shown as due Tuesday', () => {
    const due = addWorkingDays(new Date('2026-11-25T18:00:00.000Z'), 3);
    expect(pacificDate(deadlineDay(due))).toBe('2026-12-01');
  });
  it('writes a China number as +86 and groups of 3, 4, 4', () => {
    expect(formatChinaNumber('17000000001')).toBe('+86 170 0000 0001');
  });
});
