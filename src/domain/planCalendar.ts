/**
 * The plan's calendar in Pacific time (spec sections 4 and 9): "Maintenance 0-3 AM Pacific" (auto-renewal cannot be
 * changed then), "Cycle 30 days", the renewal run and its reminders (decision 0025), and the recovery fee of a
 * suspended line, "$5 per 30 days on recovery" (decision 0026). Pure: every function takes the instant it judges,
 * and works on the Pacific wall clock through Intl, so daylight-saving changes move the UTC instants, not the rules.
 */
import { PACIFIC_TIME_ZONE } from './pacificTime';

export const DAY_MS = 86_400_000;
/** "Cycle 30 days" (spec section 9): a multi-month plan is that many 30-day cycles in sequence. */
export const CYCLE_DAYS = 30;
export const CYCLE_MS = CYCLE_DAYS * DAY_MS;
/** "Maintenance 0-3 AM Pacific": from 00:00 to 02:59:59.999 on the Pacific wall clock. */
export const MAINTENANCE_START_HOUR = 0;
export const MAINTENANCE_END_HOUR = 3;
/** "90 days to pay, then number removed" (spec section 4, Unpaid after renewal date). */
export const SUSPENSION_DAYS_TO_PAY = 90;
/** "$5 per 30 days on recovery". */
export const RECOVERY_FEE_CENTS_PER_PERIOD = 500;
export const RECOVERY_PERIOD_DAYS = 30;

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The Pacific wall clock at an instant. */
export function pacificWall(at: Date): Wall {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour! % 24, minute: +p.minute!, second: +p.second! };
}

/**
 * The instant a Pacific wall-clock time names. A time skipped by the spring change (2:30 on that Sunday) is read
 * in standard time (2:30 PST = 3:30 PDT); a time the autumn change repeats is its first occurrence.
 */
export function pacificInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Pacific time is UTC-7 (daylight) or UTC-8 (standard): the instants that show this wall time.
  const shows = [7, 8].map((h) => new Date(wallAsUtc + h * 3_600_000)).filter((at) => {
    const w = pacificWall(at);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  });
  return shows[0] ?? new Date(wallAsUtc + 8 * 3_600_000);
}

/** The Pacific calendar day `days` after the one of an instant, at a wall-clock hour. */
export function pacificDayAt(at: Date, days: number, hour: number): Date {
  const w = pacificWall(at);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return pacificInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour);
}

/** "Maintenance 0-3 AM Pacific: cannot be changed." */
export const inMaintenance = (at: Date): boolean => {
  const { hour } = pacificWall(at);
  return hour >= MAINTENANCE_START_HOUR && hour < MAINTENANCE_END_HOUR;
};

/** When the maintenance window that holds `at` ends: 3:00 AM Pacific of that day (what the refusal tells the customer). */
export const maintenanceEndsAt = (at: Date): Date => pacificDayAt(at, 0, MAINTENANCE_END_HOUR);

/**
 * Decision 0025: the renewal of a term runs at the start of the maintenance window (00:00 Pacific) of the Pacific day
 * before the day the term expires, so it is charged "before expiry" (24 to 48 hours ahead) while nobody can change
 * auto-renewal; the tries after a failure run at 01:00 and 02:00 Pacific of the same night.
 */
export const RENEWAL_TRY_HOURS = [0, 1, 2] as const;
export const renewalTryAt = (expiresAt: Date, attempt: number): Date =>
  pacificDayAt(new Date(expiresAt.getTime() - 1), -1, RENEWAL_TRY_HOURS[Math.min(attempt, RENEWAL_TRY_HOURS.length - 1)]!);
export const renewalRunsAt = (expiresAt: Date): Date => renewalTryAt(expiresAt, 0);

/** Decision 0025: the reminder before a renewal: 10:00 AM Pacific, three days before the term expires. */
export const REMINDER_HOUR = 10;
export const reminderAt = (expiresAt: Date): Date => pacificDayAt(new Date(expiresAt.getTime() - 1), -3, REMINDER_HOUR);

/**
 * Decision 0026: "$5 per 30 days on recovery": every 30-day period of suspension that has begun counts whole (a line
 * suspended for 1 day pays $5, for 31 days $10), and at most the 90 days there are to pay (3 periods, $15).
 */
export function recoveryFeeCents(suspendedAt: Date, at: Date): number {
  const elapsed = Math.max(0, at.getTime() - suspendedAt.getTime());
  const periods = Math.min(Math.max(1, Math.ceil(elapsed / (RECOVERY_PERIOD_DAYS * DAY_MS))), SUSPENSION_DAYS_TO_PAY / RECOVERY_PERIOD_DAYS);
  return periods * RECOVERY_FEE_CENTS_PER_PERIOD;
}

/** "90 days to pay, then number removed": the last moment a suspended line can be recovered. */
export const numberRemovedAt = (suspendedAt: Date): Date => new Date(suspendedAt.getTime() + SUSPENSION_DAYS_TO_PAY * DAY_MS);
