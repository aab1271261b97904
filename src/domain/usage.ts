/**
 * Usage rules shared by the gateway and the pages (spec sections 3 and 9): the 30-day cycle, 128 kbps once the
 * high-speed data is used, and the months of the usage records, which are Pacific months like every date the
 * product shows.
 */
import { PACIFIC_TIME_ZONE } from './pacificTime';

/** Spec section 9: "Cycle 30 days; overage speed 128 kbps." */
export const CYCLE_DAYS = 30;
export const CYCLE_MS = CYCLE_DAYS * 86_400_000;
export const OVERAGE_KBPS = 128;
/** 128 kbps in KB (1,024 bytes) a second: what a throttled session can move at most. */
export const OVERAGE_KB_PER_SECOND = (OVERAGE_KBPS * 1000) / 8 / 1024;

/** Records on one page of a usage list. */
export const USAGE_PAGE_SIZE = 20;
/** The months a usage list offers, the current one first. */
export const USAGE_MONTHS = 12;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Minutes Pacific time is ahead of UTC at that instant (-480 in winter, -420 in summer). */
export function pacificOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PACIFIC_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The hour of the day (0-23) in Pacific time. */
export const pacificHour = (at: Date): number => new Date(at.getTime() + pacificOffsetMinutes(at) * 60_000).getUTCHours();

/** 'YYYY-MM' of an instant, in Pacific time. */
export function pacificMonth(at: Date): string {
  const wall = new Date(at.getTime() + pacificOffsetMinutes(at) * 60_000);
  return `${wall.getUTCFullYear()}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The UTC instant of a Pacific wall-clock midnight on the first of a month. */
function pacificMonthStart(year: number, monthIndex: number): Date {
  const guess = new Date(Date.UTC(year, monthIndex, 1, 8));
  const offset = pacificOffsetMinutes(guess);
  return new Date(Date.UTC(year, monthIndex, 1) - offset * 60_000);
}

/** [start, end) of a Pacific month given as 'YYYY-MM'. */
export function pacificMonthRange(month: string): { start: Date; end: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { start: pacificMonthStart(year, mon - 1), end: pacificMonthStart(year, mon) };
}

/** The last `count` Pacific months up to the one holding `now`, newest first. */
export function recentMonths(now: Date, count = USAGE_MONTHS): string[] {
  const [year, mon] = pacificMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, mon - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The 30-day cycle of a plan that started at `startsAt` holding `at`. */
export function cycleAt(startsAt: Date, at: Date): { start: Date; end: Date } {
  const index = Math.max(0, Math.floor((at.getTime() - startsAt.getTime()) / CYCLE_MS));
  const start = new Date(startsAt.getTime() + index * CYCLE_MS);
  return { start, end: new Date(start.getTime() + CYCLE_MS) };
}
