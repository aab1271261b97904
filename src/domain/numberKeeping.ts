/**
 * Number keeping ("protect", spec sections 4 and 9): its business constants and calendar, shared by the chart
 * (machines/numberProtect.machine.ts), the gateway and the screens. Decision 0035 records the readings.
 */
import { DAY_MS, pacificDayAt, SUSPENSION_DAYS_TO_PAY } from './planCalendar';

/** Spec section 9: "Number keeping: $3.00 plus tax per 30 days, 30 minutes and 100 texts, max 120 days." */
export const PROTECT_PERIOD_CENTS = 300;
export const PROTECT_PERIOD_DAYS = 30;
export const PROTECT_MAX_DAYS = 120;
export const PROTECT_MAX_PERIODS = PROTECT_MAX_DAYS / PROTECT_PERIOD_DAYS;
/** What a period carries: 30 minutes of calls and 100 texts; no data. */
export const PROTECT_VOICE_MINUTES = 30;
export const PROTECT_TEXTS = 100;
/** Spec section 4: "early end takes 4-5 hours, no refund". */
export const PROTECT_EARLY_END_MIN_HOURS = 4;
export const PROTECT_EARLY_END_MAX_HOURS = 5;
/** Spec section 4: "number kept 90 days suspended, then recycled" (the service chart's 90 days, from the end of keeping). */
export const PROTECT_KEPT_SUSPENDED_DAYS = SUSPENSION_DAYS_TO_PAY;

const HOUR_MS = 3_600_000;

/**
 * Spec section 4: "starts at least the day after plan expiry": 00:00 Pacific of the day after the Pacific day the last
 * paid term ended on (a term ending exactly at midnight ended on the day before, as renewals read it).
 */
export const earliestKeepingStart = (expiresAt: Date): Date => pacificDayAt(new Date(expiresAt.getTime() - 1), 1, 0);

export const periodsToDays = (periods: number): number => periods * PROTECT_PERIOD_DAYS;

/** How many more periods fit in the 120 days, after `keptDays` already bought in this keeping. */
export const periodsLeft = (keptDays: number): number => Math.max(0, Math.floor((PROTECT_MAX_DAYS - keptDays) / PROTECT_PERIOD_DAYS));

/** The end of `days` of keeping from `from`. */
export const keptUntilOf = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY_MS);

/**
 * When an early end asked at `requestedAt` takes effect: the carrier ends keeping in its next batch, 4 to 5 hours after
 * the request (spec section 4: "early end takes 4-5 hours"); the minute within the hour is drawn from the request
 * itself, so the same request always ends at the same moment (decision 0035).
 */
export function earlyEndAt(lineId: number, requestedAt: Date): Date {
  // FNV-1a of the request: pure and the same on every gateway.
  let draw = 0x811c9dc5;
  for (const ch of `${lineId}:${requestedAt.toISOString()}`) draw = Math.imul(draw ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const minutes = draw % ((PROTECT_EARLY_END_MAX_HOURS - PROTECT_EARLY_END_MIN_HOURS) * 60 + 1);
  return new Date(requestedAt.getTime() + PROTECT_EARLY_END_MIN_HOURS * HOUR_MS + minutes * 60_000);
}

/** Spec section 4: "then recycled": 90 days after keeping ended. */
export const recycledAt = (endedAt: Date): Date => new Date(endedAt.getTime() + PROTECT_KEPT_SUSPENDED_DAYS * DAY_MS);

/** What `periods` of keeping cost: $3.00 each, plus the tax of the tax address (rounded to the cent, as orders are). */
export function protectQuote(periods: number, taxRateBps: number): { subtotalCents: number; taxCents: number; totalCents: number } {
  const subtotalCents = periods * PROTECT_PERIOD_CENTS;
  const taxCents = Math.round((subtotalCents * taxRateBps) / 10_000);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
