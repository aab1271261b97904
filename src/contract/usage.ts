/**
 * Usage records (spec section 3, "Usage records: voice (inbound/outbound, duration, amount), data (duration, volume),
 * SMS (US/China number, sent/received), top-up; totals"), the data allowance of the plan in its cycle, and the ILD
 * per-country rates.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { textField } from './fields';
import { MONTH_PATTERN } from '../domain/usage';

export const usageType = z.enum(['voice', 'data', 'sms', 'topup']);
export type UsageType = z.infer<typeof usageType>;
export const usageDirection = z.enum(['in', 'out']);

/** A page far past any history a line can have; refuses what a page number column could not hold. */
export const MAX_USAGE_PAGE = 10_000;

export const usageQuery = z.object({
  type: usageType,
  /** 'YYYY-MM', a Pacific month; absent: the current month. */
  month: textField({ max: 7, trim: true, tooLong: 'validation:month.invalid' }).regex(MONTH_PATTERN, 'validation:month.invalid').optional(),
  page: z.number({ error: 'validation:page.invalid' }).int('validation:page.invalid').min(1, 'validation:page.invalid')
    .max(MAX_USAGE_PAGE, 'validation:page.invalid').optional(),
  /** voice: inbound / outbound; SMS: received / sent. */
  direction: usageDirection.optional(),
});
export type UsageQuery = z.input<typeof usageQuery>;

export const usageRecord = z.object({
  id: z.number().int(),
  type: usageType,
  /** ISO date-time, UTC. */
  at: z.string(),
  direction: usageDirection.nullable(),
  /** The other party's number, E.164 without the plus. */
  peer: z.string().nullable(),
  peerCountry: z.string().nullable(),
  /** The country calling code the number starts with ('1', '86'), so pages can set it apart. */
  peerDialCode: z.string().nullable(),
  /** SMS: the line's US number or the China number of the dual-number service. */
  via: z.enum(['us', 'cn']).nullable(),
  durationSec: z.number().int(),
  volumeKb: z.number().int(),
  /** Data: the part that did not count against the allowance went at 128 kbps. */
  slowed: z.boolean(),
  amountCents: z.number().int(),
  /** Top-ups: the account credited. */
  account: z.enum(['general', 'ild']).nullable(),
});
export type UsageRecord = z.infer<typeof usageRecord>;

export const usageTotals = z.object({
  count: z.number().int(),
  inbound: z.number().int(),
  outbound: z.number().int(),
  durationSec: z.number().int(),
  volumeKb: z.number().int(),
  amountCents: z.number().int(),
});
export type UsageTotals = z.infer<typeof usageTotals>;

export const usageList = z.object({
  type: usageType,
  month: z.string(),
  /** The months the list offers, the current one first. */
  months: z.array(z.string()),
  direction: usageDirection.nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Records of the month (and direction) over all pages. */
  totals: usageTotals,
  records: z.array(usageRecord),
});
export type UsageList = z.infer<typeof usageList>;

export const usageRecords = defineEndpoint({
  id: 'usageRecords',
  method: 'POST',
  path: `${PCAPP}/personalcenter/usageRecords`,
  summary: "The customer's calls, data, texts or top-ups of a month, a page at a time, with the month's totals.",
  body: usageQuery,
  auth: 'required',
  response: usageList,
});

export const dataAllowanceData = z.object({
  /** 'none': no plan in effect; 'unlimited': no high-speed cap. */
  status: z.enum(['none', 'limited', 'unlimited']),
  usedMb: z.number().int(),
  remainingMb: z.number().int().nullable(),
  totalMb: z.number().int().nullable(),
  /** The high-speed data is used up: data goes on at 128 kbps until the cycle ends. */
  slowed: z.boolean(),
  /** The 30-day cycle, ISO date-times (null without a plan). */
  cycleStart: z.string().nullable(),
  cycleEnd: z.string().nullable(),
});
export type DataAllowance = z.infer<typeof dataAllowanceData>;

export const dataAllowance = defineEndpoint({
  id: 'dataAllowance',
  method: 'POST',
  path: `${PCAPP}/personalcenter/dataAllowance`,
  summary: 'High-speed data used, remaining and total in the current 30-day cycle, from the usage records.',
  auth: 'required',
  response: dataAllowanceData,
});

export const ildRate = z.object({
  countryCode: z.string(), dialCode: z.string(), landlineCents: z.number().int(), mobileCents: z.number().int(),
  /** Place among the destinations /rates lists first; null: listed A to Z only (issue 18). */
  popularRank: z.number().int().nullable(),
});
export const ildRatesData = z.object({ rates: z.array(ildRate) });
export type IldRates = z.infer<typeof ildRatesData>;

export const ildRatesList = defineEndpoint({
  id: 'ildRates',
  method: 'GET',
  path: `${PCAPP}/common/ildRates`,
  summary: 'International call rates of every country (cents per started minute, landline and mobile; 0 when included): what /rates shows and calls are charged.',
  auth: 'none',
  response: ildRatesData,
});
