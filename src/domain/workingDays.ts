/**
 * US working days for the promises the product makes in them ("real-name review takes about 3 working days", and
 * staff are reminded when a review runs over). A working day is Monday to Friday except the federal holidays of
 * 5 U.S.C. 6103, as OPM observes them: a holiday on a Saturday is observed the Friday before, one on a Sunday the
 * Monday after. Days are Pacific calendar days, the carrier's business day. Pure: the Pacific wall clock comes from
 * Intl (planCalendar.ts), so daylight-saving changes move the UTC instants, not the days.
 */
import { pacificInstant, pacificWall } from './planCalendar';

export interface FederalHoliday {
  /** The observed date, 'YYYY-MM-DD': the day federal offices are closed. */
  date: string;
  name: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const iso = (d: Date): string => d.toISOString().slice(0, 10);

/** A calendar date as a UTC-midnight Date, for date arithmetic free of any zone. */
function calendar(date: string): Date {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
}

/** The calendar date `days` after `date`. */
const plusDays = (date: string, days: number): string => {
  const d = calendar(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

/** The n-th given weekday (0 = Sunday) of a month (1-12); n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = new Date(Date.UTC(year, month, 0));
    return new Date(Date.UTC(year, month - 1, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  return new Date(Date.UTC(year, month - 1, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7));
}

/** OPM: a holiday on a Saturday is observed the Friday before, one on a Sunday the Monday after. */
function observed(day: Date): Date {
  const shift = day.getUTCDay() === 6 ? -1 : day.getUTCDay() === 0 ? 1 : 0;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + shift));
}

/** The holidays of 5 U.S.C. 6103 on their legal dates in a year (Juneteenth from 2021, when it became one). */
function legalHolidays(year: number): { day: Date; name: string }[] {
  const on = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
  return [
    { day: on(1, 1), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    ...(year >= 2021 ? [{ day: on(6, 19), name: 'Juneteenth National Independence Day' }] : []),
    { day: on(7, 4), name: 'Independence Day' },
    { day: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { day: on(11, 11), name: 'Veterans Day' },
    { day: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { day: on(12, 25), name: 'Christmas Day' },
  ];
}

/**
 * The days federal offices are closed in a calendar year, sorted. A list holds the observed dates that fall in its
 * year: when January 1 is a Saturday, its observed Friday, December 31, is in the previous year's list (2027 ends
 * with New Year's Day 2028), and that year's own list has no New Year's Day.
 */
export function federalHolidays(year: number): FederalHoliday[] {
  return [...legalHolidays(year), ...legalHolidays(year + 1)]
    .map(({ day, name }) => ({ date: iso(observed(day)), name }))
    .filter(({ date }) => date.startsWith(`${year}-`))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The calendar date 'YYYY-MM-DD' of an instant in Pacific time. */
export function pacificDate(at: Date): string {
  const { year, month, day } = pacificWall(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Monday to Friday, and not an observed federal holiday. */
export function isWorkingDay(date: string): boolean {
  const weekday = calendar(date).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !federalHolidays(+date.slice(0, 4)).some((h) => h.date === date);
}

/** The instant a Pacific calendar day ends: the next Pacific midnight (23 or 25 hours later on the days clocks change). */
function endOfPacificDay(date: string): Date {
  const next = calendar(plusDays(date, 1));
  return pacificInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/**
 * The end of the `days`-th working day after the Pacific day of `from`, counting from the day after it: a review
 * submitted on a Friday evening with 3 working days is due when Wednesday ends (Thursday if Monday is a holiday).
 * Zero days is the end of `from`'s own Pacific day.
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Working days must be a whole number from 0: ${days}`);
  let date = pacificDate(from);
  for (let left = days; left > 0;) {
    date = plusDays(date, 1);
    if (isWorkingDay(date)) left -= 1;
  }
  return endOfPacificDay(date);
}

/** The working days after the Pacific day of `from`, up to and including the Pacific day of `to` (0 if not later). */
export function workingDaysBetween(from: Date, to: Date): number {
  const last = pacificDate(to);
  let count = 0;
  for (let date = plusDays(pacificDate(from), 1); date <= last; date = plusDays(date, 1)) {
    if (isWorkingDay(date)) count += 1;
  }
  return count;
}

/**
 * The day a deadline ends on, for people: addWorkingDays answers the midnight that ends the last working day, which
 * is already the next day; the day shown is the one before it (a review due "by December 2").
 */
export const deadlineDay = (deadline: Date | string): Date => new Date(new Date(deadline).getTime() - 1);
