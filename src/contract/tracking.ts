/**
 * Tracking (spec section 2, /tracking): nobody reads an order without the code sent to its email.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, smsCodeField, textField } from './fields';
import { deliveryShippingSchema } from './orders';
import { CAPTCHA_HEADERS } from './common';

export const orderNoField = textField({ max: 40, trim: true, required: 'validation:orderNo.required', tooLong: 'validation:orderNo.invalid' })
  .min(1, { error: 'validation:orderNo.required', abort: true })
  .regex(/^[A-Za-z0-9-]+$/, 'validation:orderNo.invalid').transform((v) => v.toUpperCase());

/** Always the same answer whether or not the order and email match (no order enumeration). */
export const trackingSendCode = defineEndpoint({
  id: 'trackingSendCode',
  method: 'POST',
  path: `${PCAPP}/order/tracking/sendEmailCode`,
  summary: "Emails a 6-digit code to the order's email (when order number and email match).",
  body: z.object({ orderNo: orderNoField, email: emailField.transform((e) => e.toLowerCase()) }),
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const trackingView = z.object({
  orderNo: z.string(),
  shipped: z.boolean(),
  logisticsStatus: z.enum(['not_shipped', 'shipped']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  sentAt: z.string().nullable(),
  planName: z.string(),
  months: z.number().int(),
  simType: z.enum(['physical', 'esim']),
  simCount: z.number().int(),
  payAmountCents: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  autoRenew: z.boolean(),
  activationStatus: z.enum(['inactive', 'activating', 'activated', 'expired']),
  shipping: z.object({
    country: z.enum(['US', 'CN']), firstNameEn: z.string(), lastNameEn: z.string(), phone: z.string(),
    /** Kept so the address change form can send them back unchanged. */
    firstNameZh: z.string().nullable().default(null), lastNameZh: z.string().nullable().default(null),
    address1: z.string().nullable(), address2: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable(),
  }),
  /** The shipping address can be changed while the order is paid and not shipped. */
  canModify: z.boolean(),
});
export type TrackingView = z.infer<typeof trackingView>;

/** Headers IMAGE-CODE and X-IMAGE-CODE-TOKEN carry the security code (captcha). */
export const trackingSearch = defineEndpoint({
  id: 'trackingSearch',
  method: 'POST',
  path: `${PCAPP}/order/tracking/search`,
  summary: 'The order and its shipment, for order number + email + the emailed code + the security code.',
  body: z.object({ orderNo: orderNoField, email: emailField.transform((e) => e.toLowerCase()), code: smsCodeField }),
  headers: CAPTCHA_HEADERS,
  response: z.object({ trackingToken: z.string(), order: trackingView }),
});

/** Changes the shipping address while not shipped ('alreadyShipped' after). */
export const trackingModify = defineEndpoint({
  id: 'trackingModify',
  method: 'POST',
  path: `${PCAPP}/order/tracking/modifyAddress`,
  summary: 'Changes the shipping address of a paid order that has not shipped.',
  body: z.object({ trackingToken: textField({ max: 200 }).min(1), shipping: deliveryShippingSchema }),
  response: trackingView,
});
