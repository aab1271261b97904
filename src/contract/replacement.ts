/**
 * SIM replacement (issue 16 section 4, decision 0037; spec section 2 /personal/upgradeNewCard): a new physical SIM for
 * the line, ordered after re-authentication (the code of securitySendCode and the password), shipped free like any
 * order, and activated in the account by its ICCID and printed code: the line moves to it and the old card stops.
 */
import { z } from 'zod';
import { activationCodeField, iccidField } from './activation';
import { defineEndpoint, PCAPP } from './endpoint';
import { passwordField, phoneField, smsCodeField, textField } from './fields';
import { checkDeliveryAddress, countryField, englishNameField, IDEMPOTENCY_HEADER } from './orders';

export const REPLACEMENT_REASONS = ['lost', 'damaged', 'upgrade'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];
export const replacementReasonField = z.enum(REPLACEMENT_REASONS, { error: 'validation:replacementReason.required' });

const line = (key: string, max: number) => textField({ max, trim: true, tooLong: `validation:${key}.tooLong` }).optional().nullable().transform((v) => v || null);

const addressShape = {
  country: countryField,
  address1: line('address1', 120),
  address2: line('address2', 120),
  city: line('city', 60),
  state: line('state', 40),
  zip: line('zip', 10),
};
/** The address alone, with its rules (street, city, state and zip required; a US zip matches its state). */
export const replacementAddressSchema = z.object(addressShape).superRefine((s, ctx) => checkDeliveryAddress(s, ctx));

/** Where the new card goes: the recipient, a phone the carrier can call, and a full address (US or China). */
export const replacementShippingSchema = z.object({
  firstNameEn: englishNameField,
  lastNameEn: englishNameField,
  phone: phoneField,
  ...addressShape,
}).superRefine((s, ctx) => checkDeliveryAddress(s, ctx));
export type ReplacementShippingInput = z.input<typeof replacementShippingSchema>;
export type ReplacementShipping = z.output<typeof replacementShippingSchema>;

export const replacementState = z.enum(['ordered', 'shipped', 'moved', 'cancelled']);

export const replacementData = z.object({
  id: z.string(),
  orderNo: z.string(),
  reason: replacementReasonField,
  state: replacementState,
  createdAt: z.string(),
  /** Where it goes (no street: the page confirms the place). */
  shipTo: z.object({ name: z.string(), city: z.string(), state: z.string(), country: z.string() }),
  shippedAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The last 4 digits of the new card's ICCID, once it is made. */
  newIccidEnd: z.string().nullable(),
  /** Spec section 4: "Physical SIM must be activated within 90 days of purchase": the new card's last day. */
  activateBy: z.string().nullable(),
  movedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.enum(['customer', 'lineEnded', 'cardExpired']).nullable(),
});
export type ReplacementData = z.infer<typeof replacementData>;

export const replacementInfoData = z.object({
  usNumber: z.string(),
  simType: z.enum(['physical', 'esim']),
  iccidEnd: z.string(),
  numberLocked: z.boolean(),
  /** The number is in number keeping (90007): it stays on its card until keeping ends. */
  numberKept: z.boolean(),
  /** The number was removed: no replacement can carry it. */
  numberRemoved: z.boolean(),
  /** The replacement in progress, or the last one finished in the past 30 days; null when none. */
  replacement: replacementData.nullable(),
  /** The address the form starts from: the last physical order's, or the account's. */
  shippingDraft: z.object({
    country: z.enum(['US', 'CN']), firstNameEn: z.string(), lastNameEn: z.string(), phone: z.string(),
    address1: z.string(), address2: z.string(), city: z.string(), state: z.string(), zip: z.string(),
  }),
});
export type ReplacementInfo = z.infer<typeof replacementInfoData>;

export const replacementInfo = defineEndpoint({
  id: 'replacementInfo', method: 'GET', path: `${PCAPP}/replacement`, auth: 'required',
  summary: 'The US line\'s card, its number lock and keeping, the replacement SIM in progress (or just finished) and an address to start from.',
  response: replacementInfoData,
});

export const replacementOrder = defineEndpoint({
  id: 'replacementOrder', method: 'POST', path: `${PCAPP}/replacement`, auth: 'required', headers: [IDEMPOTENCY_HEADER],
  summary: 'Orders a free replacement physical SIM for the line after re-authentication (a code from securitySendCode and the password). Once per key.',
  body: z.object({ reason: replacementReasonField, shipping: replacementShippingSchema, code: smsCodeField, password: passwordField }),
  response: replacementInfoData,
});

export const replacementActivate = defineEndpoint({
  id: 'replacementActivate', method: 'POST', path: `${PCAPP}/replacement/activate`, auth: 'required',
  summary: 'The new card, proven by its ICCID and printed 6-digit code, takes over the line: the number moves to it and the old card stops.',
  body: z.object({ iccid: iccidField, activationCode: activationCodeField }),
  response: replacementInfoData,
});

export const replacementCancel = defineEndpoint({
  id: 'replacementCancel', method: 'POST', path: `${PCAPP}/replacement/cancel`, auth: 'required',
  summary: 'Cancels the replacement in progress: the new card (if made) is void and the line stays on its card.',
  body: z.object({}),
  response: replacementInfoData,
});
