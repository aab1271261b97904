/**
 * Profile and security (issue 14, part PROFILE): my information (spec section 3, Account), the email change by a
 * code sent to the new address, the password reset by an SMS code to the account's phone, and the saved bank cards
 * (spec section 3, Bank card: the number and CVV never reach the gateway, only the provider's single-use token).
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, newPasswordField, phoneField, recordIdField, smsCodeField, textField } from './fields';
import { billingAddressSchema, englishNameField, IDEMPOTENCY_HEADER, optionalChineseNameField } from './orders';
import { birthdayField } from './activation';
import { savedCardData } from './payments';
import { studentData } from './students';
import { isCardHolderName } from '../domain/names';

const PERSONAL = `${PCAPP}/personalcenter`;

export const billingAddressData = z.object({
  country: z.enum(['US', 'CN']), address1: z.string(), address2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string(),
});

/** What /personal/myinfo shows. Names, contact number and billing address are null until the customer gives them. */
export const profileData = z.object({
  username: z.string(),
  /** The login number (not editable here). */
  phone: z.string().nullable(),
  firstNameEn: z.string().nullable(),
  lastNameEn: z.string().nullable(),
  firstNameZh: z.string().nullable(),
  lastNameZh: z.string().nullable(),
  email: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** YYYY-MM-DD; "set once": once it has a value it is never editable again. */
  birthday: z.string().nullable(),
  billing: billingAddressData.nullable(),
  /**
   * Spec section 3 "Student info" (decision 0045): what the newest paid student order of the account said (bought
   * logged in, or the order of a SIM that is now the account's line); null when the account bought none as a student.
   */
  student: studentData.nullable(),
  referral: z.object({
    /** Spec section 3: "referral code (4 characters), link, QR code, referral bonus, referral count". */
    code: z.string(),
    link: z.string(),
    bonusCents: z.number().int(),
    count: z.number().int(),
  }),
});
export type ProfileData = z.infer<typeof profileData>;

export const profileInfo = defineEndpoint({
  id: 'profileInfo',
  method: 'POST',
  path: `${PERSONAL}/myInfo`,
  summary: "The logged-in customer's account: names, email, contact number, birthday, billing address, referral.",
  auth: 'required',
  response: profileData,
});

/** The editable part of my information. Email changes only by a code (changeEmail); birthday only while unset. */
export const profileUpdateBody = z.object({
  firstNameEn: englishNameField,
  lastNameEn: englishNameField,
  firstNameZh: optionalChineseNameField,
  lastNameZh: optionalChineseNameField,
  contactPhone: phoneField,
  /** Only while the account has none: "Birthday required, not changeable after submit" (spec section 5). */
  birthday: birthdayField.optional().nullable(),
  billing: billingAddressSchema.optional().nullable(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateBody>;

/** Saves my information. 'birthdaySet' when a birthday is sent that differs from the one already set. */
export const profileUpdate = defineEndpoint({
  id: 'profileUpdate',
  method: 'POST',
  path: `${PERSONAL}/updateInfo`,
  summary: 'Save names, contact number, billing address and (once) the birthday.',
  body: profileUpdateBody,
  auth: 'required',
  response: profileData,
});

export const newEmailField = emailField.transform((e) => e.toLowerCase());

/** Sends a 6-digit code to the new address (5 minutes). 'emailSame' when it is already the account's email. */
export const emailSendCode = defineEndpoint({
  id: 'emailSendCode',
  method: 'POST',
  path: `${PERSONAL}/sendEmailCode`,
  summary: 'Email a code to the new address before the email changes.',
  body: z.object({ email: newEmailField }),
  auth: 'required',
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const emailChange = defineEndpoint({
  id: 'emailChange',
  method: 'POST',
  path: `${PERSONAL}/changeEmail`,
  summary: 'Change the email to the address the code was sent to.',
  body: z.object({ email: newEmailField, code: smsCodeField }),
  auth: 'required',
  response: profileData,
});

/** Sends a reset code by SMS to the account's own phone (never to a number the request names). */
export const passwordSendCode = defineEndpoint({
  id: 'passwordSendCode',
  method: 'POST',
  path: `${PERSONAL}/sendPwdCode`,
  summary: "Text a code to the account's phone to change the password without the old one.",
  auth: 'required',
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int(), phoneMasked: z.string() }),
});

const confirmField = textField({ max: 128, required: 'validation:confirmPassword.required', tooLong: 'validation:password.invalid' })
  .min(1, 'validation:confirmPassword.required');

export const resetPwdBySmsBody = z.object({ code: smsCodeField, newPassword: newPasswordField, confirmPassword: confirmField })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation:password.mismatch' });

/** "Reset by ... SMS code" (spec section 5): ends every other session and says so by email. */
export const resetPwdBySms = defineEndpoint({
  id: 'resetPwdBySms',
  method: 'POST',
  path: `${PERSONAL}/resetPwdBySms`,
  summary: "Change the password with the code texted to the account's phone.",
  body: resetPwdBySmsBody,
  auth: 'required',
  response: z.object({ changed: z.literal(true) }),
});

/** Spec section 5: "holder name English letters, first then last, only space or hyphen; billing zip must match card". */
export const addCardBody = z.object({
  /** The single-use token of the provider's card form. */
  sourceId: textField({ max: 200, trim: true, required: 'validation:card.required' }).min(1, 'validation:card.required'),
  cardholderName: textField({ max: 60, trim: true, required: 'validation:cardholder.required' })
    .min(1, { error: 'validation:cardholder.required', abort: true })
    .refine(isCardHolderName, 'validation:cardholder.letters'),
  billingZip: textField({ max: 10, trim: true, required: 'validation:zip.required' })
    .min(1, { error: 'validation:zip.required', abort: true })
    .regex(/^\d{5}$/, 'validation:zip.format'),
});
export type AddCardInput = z.input<typeof addCardBody>;

const cardsData = z.object({
  cards: z.array(savedCardData.extend({ billingZip: z.string().nullable() })),
  /** The default card pays an auto-renewal: it cannot be removed until another card is the default. */
  renewalCardId: z.number().int().nullable(),
});
export type CardsData = z.infer<typeof cardsData>;

export const bankCards = defineEndpoint({
  id: 'bankCards',
  method: 'POST',
  path: `${PERSONAL}/bankCards`,
  summary: "The customer's saved cards with the one that pays an auto-renewal.",
  auth: 'required',
  response: cardsData,
});

/** Codes: 120106 the bank refused the card, 120070 the provider could not keep it (try again). Idempotent by key. */
export const addCard = defineEndpoint({
  id: 'addCard',
  method: 'POST',
  path: `${PERSONAL}/addCard`,
  summary: "Keep a card on file from the provider's card form token (checked with the bank).",
  body: addCardBody,
  headers: [IDEMPOTENCY_HEADER],
  auth: 'required',
  response: cardsData,
});

const cardIdBody = z.object({ cardId: recordIdField('validation:card.required') });

export const setDefaultCard = defineEndpoint({
  id: 'setDefaultCard',
  method: 'POST',
  path: `${PERSONAL}/setDefaultCard`,
  summary: 'Make a saved card the default.',
  body: cardIdBody,
  auth: 'required',
  response: cardsData,
});

/** 'cardPaysRenewal' for the card an auto-renewal charges: another card must be the default first. */
export const removeCard = defineEndpoint({
  id: 'removeCard',
  method: 'POST',
  path: `${PERSONAL}/removeCard`,
  summary: 'Remove a saved card (disabled at the provider).',
  body: cardIdBody,
  auth: 'required',
  response: cardsData,
});
