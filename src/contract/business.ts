/**
 * What a customer orders for an existing line (issue 15; spec section 2: /personal/businessManegement/bundleChange,
 * flowPacket, roamPack and /global/renewalpackage): a plan change, data add-ons, roaming packs and a global data SIM's
 * renewed pack. Each is an order (decision 0029) paid through the payment endpoints like a top-up (decision 0020).
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { recordIdField } from './fields';
import { IDEMPOTENCY_HEADER, monthsField, orderNoText } from './orders';
import { payMethod } from './personal';

/** The four things ordered for a line. */
export const LINE_ORDER_KINDS = ['planChange', 'addOn', 'roaming', 'globalRenewal'] as const;
export const lineOrderKind = z.enum(LINE_ORDER_KINDS, { error: 'validation:lineOrder.kind' });
export type LineOrderKind = z.infer<typeof lineOrderKind>;

/** Why the line cannot take an order of this kind now (the list says so before anything is chosen). */
export const lineOrderRefusal = z.enum(['120079', '120080', 'addOnLimit', 'addOnUnlimited', 'noUsLine', 'noGlobalLine', '90007']);
export type LineOrderRefusal = z.infer<typeof lineOrderRefusal>;

export const lineOffer = z.object({
  id: z.number().int(),
  /** Plan name (planChange), pack code (add-ons, roaming) or region code (global). */
  name: z.string(),
  priceCents: z.number().int(),
  dataMb: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  texts: z.number().int().nullable(),
  /** Validity in days; null: the rest of the 30-day cycle (data add-on) or 30 days a month (plan). */
  days: z.number().int().nullable(),
  zone: z.enum(['china', 'canada', 'world']).nullable(),
  roamingType: z.enum(['talkText', 'data']).nullable(),
  /** ISO 3166 codes the offer covers (roaming zones, global regions); empty for US plans and data add-ons. */
  destinations: z.array(z.string()),
  /** planChange: the multi-month discount applies to it (not the 500MB plan). */
  promotionEligible: z.boolean(),
});
export type LineOffer = z.infer<typeof lineOffer>;

export const lineOffers = z.object({
  kind: lineOrderKind,
  line: z.object({ msisdn: z.string().nullable(), iccid: z.string() }).nullable(),
  refusal: lineOrderRefusal.nullable(),
  /** The plan or pack in force and when it ends. */
  current: z.object({ name: z.string(), expiresAt: z.string() }).nullable(),
  /** When what is ordered now starts: the current plan's expiry for a plan change or a global renewal; now otherwise. */
  startsAt: z.string().nullable(),
  /** Data add-ons: the 30-day cycle, what was bought in it, and the limit (spec section 5: "max five per cycle"). */
  cycle: z.object({ start: z.string(), end: z.string(), bought: z.number().int(), limit: z.number().int() }).nullable(),
  offers: z.array(lineOffer),
  multiMonth: z.array(z.object({ months: z.number().int(), discountPercent: z.number().int() })),
  payMethods: z.array(payMethod),
});
export type LineOffers = z.infer<typeof lineOffers>;

export const lineOrderForm = z.object({
  kind: lineOrderKind,
  offerId: recordIdField('validation:lineOrder.offer'),
  /** planChange only: "multi-month plans of 1, 3, 4, 6 and 12 months"; 1 for everything else. */
  months: monthsField.default(1),
});
export type LineOrderFormInput = z.input<typeof lineOrderForm>;

export const lineOrderData = z.object({
  orderNo: z.string(),
  kind: lineOrderKind,
  status: z.enum(['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled']),
  offer: lineOffer,
  months: z.number().int(),
  amountCents: z.number().int(),
  multiMonthDiscountCents: z.number().int(),
  msisdn: z.string().nullable(),
  /** What the order gives, from when to when (known before payment; fixed once paid). */
  startsAt: z.string(),
  expiresAt: z.string(),
  payMethods: z.array(payMethod),
  failureCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LineOrderData = z.infer<typeof lineOrderData>;

export const lineOrderOffers = defineEndpoint({
  id: 'lineOrderOffers',
  method: 'POST',
  path: `${PCAPP}/businessManagement/offers`,
  summary: "What the customer's line can be given now (plans, data add-ons, roaming packs or global packs), with prices and why not.",
  body: z.object({ kind: lineOrderKind }),
  auth: 'required',
  response: lineOffers,
});

/**
 * Creates the order awaiting payment (then payOrder). Same Idempotency-Key and body: the same order; another body:
 * 120086. 120079 without an active main plan; 120080 when a pending plan exists (plan change); addOnLimit at five
 * data add-ons in the cycle.
 */
export const lineOrderCreate = defineEndpoint({
  id: 'lineOrderCreate',
  method: 'POST',
  path: `${PCAPP}/businessManagement/create`,
  summary: 'Orders a plan change, a data add-on, a roaming pack or a global renewal for the line, awaiting payment, idempotently.',
  body: lineOrderForm,
  headers: [IDEMPOTENCY_HEADER],
  auth: 'required',
  response: lineOrderData,
});

export const lineOrderDetail = defineEndpoint({
  id: 'lineOrderDetail',
  method: 'POST',
  path: `${PCAPP}/businessManagement/detail`,
  summary: "One of the customer's own line orders.",
  body: z.object({ orderNo: orderNoText }),
  auth: 'required',
  response: lineOrderData,
});
