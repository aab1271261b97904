/**
 * Buying (issue 3): the plan purchase form of spec section 2, the server-computed quote, orders (spec section 3,
 * Order) and reading an order back. Field errors are i18n keys of the `validation` namespace.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, phoneField, recordIdField, textField } from './fields';
import { isChineseName, isEnglishName } from '../domain/names';
import { isUsState, zipMatchesState } from '../domain/usStates';
import { PLAN_MONTHS, SHIPPING_COUNTRIES, expressShipsTo } from '../domain/pricing';
import { payMethod } from './personal';
import { activationTokenField } from './activation';
import { studentData, studentOrderSchema } from './students';
import { ATTRIBUTION_PATTERN } from '../domain/campaignLink';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER } from './headers';

const text = (key: string, max = 100) =>
  textField({ max, trim: true, required: `validation:${key}.required`, tooLong: `validation:${key}.tooLong` })
    .min(1, { error: `validation:${key}.required`, abort: true });
const optionalText = (key: string, max = 100) =>
  textField({ max, trim: true, tooLong: `validation:${key}.tooLong` }).optional().nullable().transform((v) => v || null);

export const englishNameField = text('nameEn', 40).refine(isEnglishName, 'validation:nameEn.letters');
export const optionalChineseNameField = textField({ max: 20, trim: true, tooLong: 'validation:nameZh.tooLong' }).optional().nullable()
  .transform((v) => v || null).refine((v) => v === null || isChineseName(v), 'validation:nameZh.chinese');

export const countryField = z.enum(SHIPPING_COUNTRIES, { error: 'validation:country.required' });
export const monthsField = z.union(PLAN_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<6>, z.ZodLiteral<12>], { error: 'validation:months.invalid' });
export const simTypeField = z.enum(['physical', 'esim'], { error: 'validation:simType.required' });
/** "SIM quantity 1-10": more than 10 is answered by the gateway with 120082 (SIM count exceeds limit). */
export const simCountField = z.number({ error: 'validation:simCount.invalid' }).int('validation:simCount.invalid').min(1, 'validation:simCount.invalid').max(99, 'validation:simCount.invalid');
/**
 * Spec section 3 stored keys `promotion` (platform) and `activity_code` / `activityCode`: where a customer came from, as
 * a campaign or partner link names it (`?promotion=wechat&activityCode=LNY2026`). Kept with the order as it came, for
 * attribution only: no price depends on them (decision 0045). Letters, digits, dot, dash and underscore.
 */
export const attributionField = textField({ max: 40, trim: true, tooLong: 'validation:attribution.invalid' }).optional().nullable()
  .transform((v) => v || null).refine((v) => v === null || ATTRIBUTION_PATTERN.test(v), 'validation:attribution.invalid');

/** "Discount and referral codes must be entered when used": empty means not used. */
export const couponCodeField = textField({ max: 32, trim: true, tooLong: 'validation:coupon.invalid' }).optional().nullable().transform((v) => (v ? v.toUpperCase() : null));
export const referralCodeField = textField({ max: 16, trim: true, tooLong: 'validation:referral.invalid' }).optional().nullable().transform((v) => (v ? v.toUpperCase() : null));

/** An address: US (state code, 5-digit zip that matches the state) or China (province, 6-digit postcode). */
const addressShape = {
  country: countryField,
  address1: text('address1', 120),
  address2: optionalText('address2', 120),
  city: text('city', 60),
  state: text('state', 40),
  zip: text('zip', 10),
};
type AddressLike = { country: 'US' | 'CN'; state?: string | null; zip?: string | null };
const checkAddress = (a: AddressLike, ctx: z.RefinementCtx, at: (string | number)[] = []) => {
  if (a.country === 'US') {
    if (a.state && !isUsState(a.state)) ctx.addIssue({ code: 'custom', path: [...at, 'state'], message: 'validation:state.invalid' });
    else if (a.zip && !/^\d{5}$/.test(a.zip)) ctx.addIssue({ code: 'custom', path: [...at, 'zip'], message: 'validation:zip.format' });
    else if (a.zip && a.state && !zipMatchesState(a.zip, a.state)) ctx.addIssue({ code: 'custom', path: [...at, 'zip'], message: 'validation:zip.state' });
  } else if (a.zip && !/^\d{6}$/.test(a.zip)) {
    ctx.addIssue({ code: 'custom', path: [...at, 'zip'], message: 'validation:zip.formatCn' });
  }
};

export const billingAddressSchema = z.object(addressShape).superRefine((a, ctx) => checkAddress(a, ctx));
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/** Shipping info of spec section 3. For an eSIM nothing is shipped: the address part is not asked. */
export const shippingInfoSchema = z.object({
  country: countryField,
  firstNameEn: englishNameField,
  lastNameEn: englishNameField,
  firstNameZh: optionalChineseNameField,
  lastNameZh: optionalChineseNameField,
  phone: phoneField,
  email: emailField.transform((e) => e.toLowerCase()),
  address1: optionalText('address1', 120),
  address2: optionalText('address2', 120),
  city: optionalText('city', 60),
  state: optionalText('state', 40),
  zip: optionalText('zip', 10),
});
export type ShippingInfoInput = z.input<typeof shippingInfoSchema>;

/** A SIM is posted to this shipping info: street, city, state and zip are required and must agree (US) or be a 6-digit postcode (China). */
export const checkDeliveryAddress = (s: { country: 'US' | 'CN'; address1?: string | null; city?: string | null; state?: string | null; zip?: string | null }, ctx: z.RefinementCtx, at: (string | number)[] = []) => {
  for (const key of ['address1', 'city', 'state', 'zip'] as const) {
    if (!s[key]) ctx.addIssue({ code: 'custom', path: [...at, key], message: `validation:${key}.required` });
  }
  checkAddress(s, ctx, at);
};

/** Shipping info of a physical SIM order (the checkout's physical case, the tracking address change). */
export const deliveryShippingSchema = shippingInfoSchema.superRefine((s, ctx) => checkDeliveryAddress(s, ctx));
export type DeliveryShippingInput = z.input<typeof deliveryShippingSchema>;

/** How did you hear about us (spec section 2: "how-did-you-hear channel"). */
export const CHANNELS = ['search', 'socialMedia', 'wechat', 'xiaohongshu', 'friend', 'school', 'store', 'other'] as const;
/** Reasons for choosing (multi-select). */
export const REASONS = ['price', 'chinaCalls', 'chineseService', 'coverage', 'esim', 'noContract', 'recommendation', 'other'] as const;

export const shippingMethodField = z.enum(['standard', 'express'], { error: 'validation:shippingMethod.required' });

/**
 * What is bought: a US plan (`planId` with `months`) or a global data SIM pack (`globalPackId`; region, data and
 * days come with the pack, `months` is 1). Exactly one of the two.
 */
const productShape = {
  planId: recordIdField('validation:plan.required').optional().nullable(),
  globalPackId: recordIdField('validation:plan.required').optional().nullable(),
};
/**
 * Issue 4, "current ICCID has no plan": the activation token of step 1 makes the order buy a plan for that card
 * (one SIM of the card's type, nothing shipped) instead of new SIMs.
 */
const activationShape = { activationToken: activationTokenField.optional().nullable() };

const checkProduct = (f: { planId?: number | null; globalPackId?: number | null; months?: number }, ctx: z.RefinementCtx) => {
  if ((f.planId == null) === (f.globalPackId == null)) ctx.addIssue({ code: 'custom', path: ['planId'], message: 'validation:plan.required' });
  if (f.globalPackId != null && f.months !== undefined && f.months !== 1) ctx.addIssue({ code: 'custom', path: ['months'], message: 'validation:months.invalid' });
};

/** Spec section 2: the plan purchase form. */
export const checkoutFormSchema = z.object({
  ...productShape,
  ...activationShape,
  months: monthsField,
  simType: simTypeField,
  simCount: simCountField,
  autoRenew: z.boolean(),
  /** "Terms must be accepted before ... enabling auto-renewal." */
  autoRenewTermsAccepted: z.boolean(),
  shipping: shippingInfoSchema,
  shippingMethod: shippingMethodField,
  billingSameAsShipping: z.boolean(),
  billing: billingAddressSchema.optional().nullable(),
  couponCode: couponCodeField,
  referralCode: referralCodeField,
  termsAccepted: z.literal(true, { error: 'validation:terms.required' }),
  /** "Buyer confirmations required: voluntary personal use; SIM for US personal use only." */
  confirmPersonalUse: z.literal(true, { error: 'validation:confirm.personalUse' }),
  confirmUsOnly: z.literal(true, { error: 'validation:confirm.usOnly' }),
  channel: z.enum(CHANNELS, { error: 'validation:channel.required' }),
  reasons: z.array(z.enum(REASONS)).max(REASONS.length).default([]),
  /** Issue 18 section 4: "I am a student": the student info and the proof of the edu address (decision 0045). */
  student: studentOrderSchema.optional().nullable(),
  promotionPlatform: attributionField,
  activityCode: attributionField,
}).superRefine((f, ctx) => {
  checkProduct(f, ctx);
  if (f.autoRenew && !f.autoRenewTermsAccepted) ctx.addIssue({ code: 'custom', path: ['autoRenewTermsAccepted'], message: 'validation:autoRenew.terms' });
  // A card being activated is already in the customer's hands: nothing is posted.
  if (f.activationToken && f.simCount !== 1) ctx.addIssue({ code: 'custom', path: ['simCount'], message: 'validation:simCount.activation' });
  if (f.simType === 'physical' && !f.activationToken) {
    checkDeliveryAddress(f.shipping, ctx, ['shipping']);
    if (f.shippingMethod === 'express' && !expressShipsTo(f.shipping.country)) ctx.addIssue({ code: 'custom', path: ['shippingMethod'], message: 'validation:shippingMethod.expressUsOnly' });
  }
  const billingFromShipping = f.billingSameAsShipping && f.simType === 'physical' && !f.activationToken;
  if (!billingFromShipping && !f.billing) ctx.addIssue({ code: 'custom', path: ['billing', 'address1'], message: 'validation:address1.required' });
});
export type CheckoutForm = z.input<typeof checkoutFormSchema>;
export type CheckoutFormParsed = z.output<typeof checkoutFormSchema>;

/** The summary: recomputed by the gateway from the catalogue, the codes and the tax service; never from the client. */
export const quoteData = z.object({
  planId: z.number().int().nullable(),
  globalPackId: z.number().int().nullable(),
  planName: z.string(),
  monthlyPriceCents: z.number().int(),
  months: z.number().int(),
  simCount: z.number().int(),
  multiMonthPercent: z.number(),
  planCostCents: z.number().int(),
  multiMonthDiscountCents: z.number().int(),
  couponCode: z.string().nullable(),
  codeDiscountCents: z.number().int(),
  referralCode: z.string().nullable(),
  shippingMethod: z.enum(['standard', 'express']),
  shippingCents: z.number().int(),
  taxRateBps: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type QuoteData = z.infer<typeof quoteData>;

export const quoteRequest = z.object({
  ...productShape,
  ...activationShape,
  months: monthsField,
  simType: simTypeField,
  simCount: simCountField,
  shippingCountry: countryField.optional().nullable(),
  shippingMethod: shippingMethodField.default('standard'),
  /** Where tax is computed: the billing address when in the US, else the US shipping address; none: no tax yet. */
  taxAddress: z.object({ country: countryField, state: textField({ max: 40, trim: true }), zip: textField({ max: 10, trim: true }) }).optional().nullable(),
  couponCode: couponCodeField,
  referralCode: referralCodeField,
}).superRefine(checkProduct);
export type QuoteRequest = z.input<typeof quoteRequest>;

/**
 * Codes: 'couponInvalid' (discount code invalid or expired), 'referralInvalid' (referral code invalid or expired),
 * 'promotionNotEligible' (the 500MB plan), 'productNotFound', '120082' (SIM count), '120071' (no tax info),
 * '120077' (postal code wrong for the tax service). With an activationToken (issue 4): 'activationTokenInvalid',
 * '120014' (the card is activated), '120020' (activating), 'activationPlanExists' (the card already has a plan).
 */
export const quote = defineEndpoint({
  id: 'quote',
  method: 'POST',
  path: `${PCAPP}/order/quote`,
  summary: 'The order summary for a plan, months, SIMs, shipping, tax address and codes, computed by the gateway.',
  body: quoteRequest,
  auth: 'optional',
  response: quoteData,
});

export const orderStatus = z.enum(['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled']);
/** 'plan_ready': an order for a card being activated: the card carries the plan, nothing is sent. */
export const fulfilmentStatus = z.enum(['pending', 'esim_sent', 'esim_failed', 'awaiting_shipment', 'shipped', 'plan_ready']);

/** Spec section 3, Order, as the buyer reads it. */
export const orderData = z.object({
  orderNo: z.string(),
  /** 'plan': a US plan; 'global': a global data SIM pack. */
  kind: z.enum(['plan', 'global']),
  status: orderStatus,
  planId: z.number().int().nullable(),
  globalPackId: z.number().int().nullable(),
  planName: z.string(),
  months: z.number().int(),
  simType: z.enum(['physical', 'esim']),
  simCount: z.number().int(),
  unitPriceCents: z.number().int(),
  planCostCents: z.number().int(),
  multiMonthDiscountCents: z.number().int(),
  couponCode: z.string().nullable(),
  discountCents: z.number().int(),
  referralCode: z.string().nullable(),
  shippingMethod: z.enum(['standard', 'express']),
  shippingFeeCents: z.number().int(),
  taxCents: z.number().int(),
  payAmountCents: z.number().int(),
  autoRenew: z.boolean(),
  channel: z.string(),
  reasons: z.array(z.string()),
  email: z.string(),
  payMethod: payMethod.nullable(),
  /** Provider reason of the last failed payment (see payments.ts CARD_FAILURES). */
  failureCode: z.string().nullable(),
  fulfilment: fulfilmentStatus,
  activationStatus: z.enum(['inactive', 'activating', 'activated', 'expired']),
  logisticsStatus: z.enum(['not_shipped', 'shipped']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  shipping: z.object({
    country: z.enum(['US', 'CN']), firstNameEn: z.string(), lastNameEn: z.string(),
    address1: z.string().nullable(), address2: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable(),
  }),
  /** Issue 4: the ICCID of the card this order buys a plan for (no SIM is sent); null for an order of new SIMs. */
  activationIccid: z.string().nullable(),
  /** Spec section 3 "Student info" of a student order (its edu address proved by a code); null otherwise. */
  student: studentData.nullable(),
  /** Where the customer came from (a campaign or partner link): stored keys `promotion` and `activityCode`. */
  promotionPlatform: z.string().nullable(),
  activityCode: z.string().nullable(),
  /** Pay methods this buyer may use (spec section 3 map); anonymous buyers: new card and WeChat Pay. */
  payMethods: z.array(payMethod),
  /**
   * eSIM orders, once paid and allocated: one profile per SIM. `lpa` is the GSMA activation code
   * (`LPA:1$<SM-DP+ address>$<matching id>`), the text of the QR code; it is also emailed, valid until qrExpiresAt (30 days).
   */
  esims: z.array(z.object({ iccid: z.string(), lpa: z.string(), qrExpiresAt: z.string() })),
});
export type OrderData = z.infer<typeof orderData>;

/** The order number of a request that reads or pays an order. */
export const orderNoText = textField({ max: 40, trim: true }).min(1, 'validation:orderNo.required');

export { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER };

/**
 * Creates the order (awaiting payment). Same Idempotency-Key + same body: the same order again (a double click,
 * a retry, a second tab). Same key + another body: 120086. The answer carries an order token: it reads and pays
 * this order without an account (send it back as X-Order-Token). With an activationToken the order buys a plan for
 * that card (the quote's errors too); once paid the card carries the plan (fulfilment 'plan_ready').
 */
export const createOrder = defineEndpoint({
  id: 'createOrder',
  method: 'POST',
  path: `${PCAPP}/order/createBundleOrder`,
  summary: 'Creates one plan order from the purchase form, idempotently.',
  body: checkoutFormSchema,
  headers: [IDEMPOTENCY_HEADER],
  auth: 'optional',
  response: z.object({ order: orderData, orderToken: z.string() }),
});

export const orderDetail = defineEndpoint({
  id: 'orderDetail',
  method: 'POST',
  path: `${PCAPP}/order/detail`,
  summary: "An order, for its buyer (logged in as its customer, or holding its order token).",
  body: z.object({ orderNo: orderNoText }),
  headers: [ORDER_TOKEN_HEADER],
  auth: 'optional',
  response: orderData,
});
