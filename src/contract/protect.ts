/**
 * Number keeping ("protect", issue 16; spec sections 2, 4, 8 and 9): /personal/protect shows whether the customer's
 * number can be kept now and how it is kept; keeping is bought by the 30-day period as an order of kind 'protect'
 * (decision 0035), paid through the payment endpoints (payOrder, payStatus) like every order; the customer may end it
 * early. The gateway decides every state (machines/numberProtect).
 */
import { z } from 'zod';
import { PROTECT_MAX_DAYS, PROTECT_MAX_PERIODS, PROTECT_PERIOD_CENTS, PROTECT_PERIOD_DAYS, PROTECT_TEXTS, PROTECT_VOICE_MINUTES } from '../domain/numberKeeping';
import { defineEndpoint, PCAPP } from './endpoint';
import { IDEMPOTENCY_HEADER, orderNoText } from './orders';
import { payMethod } from './personal';

export const protectState = z.enum(['notKept', 'kept', 'endingEarly', 'ended', 'recycled']);
export type ProtectState = z.infer<typeof protectState>;

/** Why keeping cannot be bought now: too early, not a line suspended for an unpaid plan, or the 120 days are used. */
export const protectRefusal = z.enum(['protectNotYet', 'protectUnavailable', 'protectLimit', 'protectEnded']);
export type ProtectRefusal = z.infer<typeof protectRefusal>;

export const protectPeriod = z.object({
  orderNo: z.string(),
  days: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
});
export type ProtectPeriod = z.infer<typeof protectPeriod>;

export const protectData = z.object({
  state: protectState,
  msisdn: z.string(),
  /** The service chart's state of the line ('suspended.unpaid' is when keeping can start). */
  service: z.string(),
  /** When the last paid term of the plan ended; null when it has not ended yet (or the line never had one). */
  planExpiredAt: z.string().nullable(),
  planExpiresAt: z.string().nullable(),
  /** Spec section 4: "starts at least the day after plan expiry": 00:00 Pacific of that day. */
  earliestAt: z.string().nullable(),
  canBuy: z.boolean(),
  refusal: protectRefusal.nullable(),
  priceCents: z.literal(PROTECT_PERIOD_CENTS),
  periodDays: z.literal(PROTECT_PERIOD_DAYS),
  maxDays: z.literal(PROTECT_MAX_DAYS),
  voiceMinutes: z.literal(PROTECT_VOICE_MINUTES),
  texts: z.literal(PROTECT_TEXTS),
  /** The tax rate of the account's tax address (basis points); 0 without a US address; null when the tax service cannot tell now. */
  taxRateBps: z.number().int().nullable(),
  /** This keeping: from when, until when it is paid, the days bought and the days of the 120 left. */
  keptFrom: z.string().nullable(),
  keptUntil: z.string().nullable(),
  keptDays: z.number().int(),
  daysLeft: z.number().int(),
  periodsLeft: z.number().int(),
  periods: z.array(protectPeriod),
  /** An early end: asked when, effective when (4-5 hours later). */
  endRequestedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Keeping ended: when, and when the number is recycled (90 days later) unless the line is recovered. */
  endedAt: z.string().nullable(),
  recycleAt: z.string().nullable(),
  recycledAt: z.string().nullable(),
  payMethods: z.array(payMethod),
});
export type ProtectData = z.infer<typeof protectData>;

/** Spec section 4: "30 days per period, max 120 days total": 1 to 4 periods in one order (the 120 days decide). */
export const protectPeriods = z.number({ error: 'validation:protect.periods' }).int('validation:protect.periods')
  .min(1, 'validation:protect.periods').max(PROTECT_MAX_PERIODS, 'validation:protect.periods');

export const protectForm = z.object({ periods: protectPeriods });
export type ProtectFormInput = z.input<typeof protectForm>;

export const protectOrderData = z.object({
  orderNo: z.string(),
  status: z.enum(['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled']),
  msisdn: z.string().nullable(),
  periods: z.number().int(),
  days: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  amountCents: z.number().int(),
  /** What the order keeps, from when to when (as if paid now; fixed once paid). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Paid: whether it started the keeping or extended it. */
  extended: z.boolean(),
  payMethods: z.array(payMethod),
  failureCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProtectOrderData = z.infer<typeof protectOrderData>;

export const protectInfo = defineEndpoint({
  id: 'protectInfo', method: 'POST', path: `${PCAPP}/protect/info`, auth: 'required',
  summary: 'Number keeping of the customer\'s US line: its state, whether it can be bought now and why not, the periods bought (noUsLine without a US line).',
  response: protectData,
});

/**
 * Creates the keeping order awaiting payment (then payOrder). Same Idempotency-Key and body: the same order; another
 * body: 120086. protectNotYet before the day after the plan expired, protectUnavailable when the line is not suspended
 * for an unpaid plan, protectLimit past 120 days, protectEnded once an early end was asked or keeping ended.
 */
export const protectCreate = defineEndpoint({
  id: 'protectCreate', method: 'POST', path: `${PCAPP}/protect/create`, auth: 'required',
  summary: 'Orders 30-day periods of number keeping ($3.00 plus tax each), awaiting payment, idempotently.',
  body: protectForm, headers: [IDEMPOTENCY_HEADER], response: protectOrderData,
});

export const protectDetail = defineEndpoint({
  id: 'protectDetail', method: 'POST', path: `${PCAPP}/protect/detail`, auth: 'required',
  summary: 'One of the customer\'s own keeping orders.',
  body: z.object({ orderNo: orderNoText }), response: protectOrderData,
});

export const protectEndEarly = defineEndpoint({
  id: 'protectEndEarly', method: 'POST', path: `${PCAPP}/protect/endEarly`, auth: 'required',
  summary: 'Ends number keeping early: effective 4-5 hours later, nothing refunded. Asked again, the same answer.',
  response: protectData,
});
