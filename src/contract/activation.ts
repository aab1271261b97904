/**
 * Activation (issue 4; spec sections 2 /activation, 3 SIM and Activation form, 4 activation and SIM status, 5, 8
 * 120014-120023). Step 1 proves the customer holds the card (ICCID + 6-digit activation code) and answers an
 * activation token bound to that ICCID; every later call carries the token. Field errors are i18n keys of the
 * `validation` namespace, as in the other contracts.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, textField, usernameField } from './fields';
import { tokenData } from './auth';
import { simStatus } from './personal';
import { luhnValid } from '../domain/card';
import { activationPasswordProblems } from '../domain/password';
import { isUsState, zipMatchesState } from '../domain/usStates';

const text = (key: string, max = 100) =>
  textField({ max, trim: true, required: `validation:${key}.required`, tooLong: `validation:${key}.tooLong` })
    .min(1, { error: `validation:${key}.required`, abort: true });

/** "ICCID 19 digits" plus its check digit (ITU-T E.118, Luhn). Spaces and dashes as printed on the card are dropped. */
export const iccidField = textField({ max: 64, required: 'validation:iccid.required', tooLong: 'validation:iccid.format' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, { error: 'validation:iccid.required', abort: true })
    .regex(/^\d{19}$/, { error: 'validation:iccid.format', abort: true })
    .refine(luhnValid, 'validation:iccid.checkDigit'));

/** "Activation code 6 digits". */
export const activationCodeField = textField({ max: 16, trim: true, required: 'validation:activationCode.required', tooLong: 'validation:activationCode.format' })
  .min(1, { error: 'validation:activationCode.required', abort: true })
  .regex(/^\d{6}$/, 'validation:activationCode.format');

/** Where the card was collected: bought on this storefront ('online') or at a dealer ('offline', /activation/secondOffline). */
export const simCollected = z.enum(['online', 'offline']);
export type SimCollected = z.infer<typeof simCollected>;

/** A 5-digit US zip. */
export const usZipField = (key = 'zip') => textField({ max: 10, trim: true, required: `validation:${key}.required`, tooLong: 'validation:zip.format' })
  .min(1, { error: `validation:${key}.required`, abort: true }).regex(/^\d{5}$/, 'validation:zip.format');

/** A US number as 10 digits (a leading +1 or 1 and punctuation are dropped). */
export const usNumberField = (key = 'usNumber') => textField({ max: 32, required: `validation:${key}.required`, tooLong: `validation:${key}.invalid` })
  .transform((v) => v.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, ''))
  .pipe(z.string().min(1, { error: `validation:${key}.required`, abort: true }).regex(/^[2-9]\d{2}[2-9]\d{6}$/, `validation:${key}.invalid`));

export const activationTokenField = textField({ max: 400 }).min(1);

// ---- step 1 ------------------------------------------------------------------------------------

export const activationSim = z.object({
  /** Signed, bound to the ICCID, valid 7 days: the later steps (and a reload of step 3) carry it. */
  activationToken: z.string(),
  iccid: z.string(),
  /** 'global': the data-only global SIM (/activation/global/second): no number, no Wi-Fi calling. */
  kind: z.enum(['us', 'global']),
  simType: z.enum(['physical', 'esim']),
  collected: simCollected,
  status: simStatus,
  /** The plan the card carries (bought with it, or loaded by the dealer); null: "current ICCID has no plan". */
  plan: z.object({ planId: z.number().int(), name: z.string(), months: z.number().int() }).nullable(),
  /** The order the card was sold with (online cards). */
  orderNo: z.string().nullable(),
  /** An activation was already submitted for this card (status activating): its id, to show step 3. */
  activationId: z.string().nullable(),
});
export type ActivationSim = z.infer<typeof activationSim>;

/**
 * Checks the card. Errors: 120021 (not one of our ICCIDs), 120015 (no SIM with that ICCID in our inventory), 120016
 * (its order is not paid), 120017 (its order was refunded or the card voided by an eSIM conversion), 120014 (already
 * activated), 120020 (activating), 120018 (expired: physical not activated within 90 days of purchase, eSIM QR older
 * than 30 days), 120019 (wrong code; counts a try), 120022 / 120023 (collected online / offline but the other path
 * was chosen), activationLocked (too many wrong codes on this ICCID; data.retryAfterSeconds).
 */
export const activationCheckSim = defineEndpoint({
  id: 'activationCheckSim',
  method: 'POST',
  path: `${PCAPP}/activation/checkSim`,
  summary: 'Step 1: ICCID + activation code; answers the card and an activation token.',
  body: z.object({ iccid: iccidField, activationCode: activationCodeField, collected: simCollected }),
  auth: 'optional',
  response: activationSim,
});

/** Reads the card again from its token (a reload of any step). Errors: activationTokenInvalid. */
export const activationSimInfo = defineEndpoint({
  id: 'activationSimInfo',
  method: 'POST',
  path: `${PCAPP}/activation/simInfo`,
  summary: 'The card of an activation token, as step 1 answered it (fresh status and plan).',
  body: z.object({ activationToken: activationTokenField }),
  auth: 'optional',
  response: activationSim,
});

// ---- step 2: numbers ---------------------------------------------------------------------------

export const activationNumbers = defineEndpoint({
  id: 'activationNumbers',
  method: 'POST',
  path: `${PCAPP}/activation/numbers`,
  summary: 'Available new numbers in an area code (network sandbox inventory); nearby area codes when none.',
  body: z.object({
    activationToken: activationTokenField,
    areaCode: textField({ max: 8, trim: true, required: 'validation:areaCode.required', tooLong: 'validation:areaCode.invalid' }).regex(/^[2-9]\d{2}$/, 'validation:areaCode.invalid'),
  }),
  auth: 'optional',
  response: z.object({ areaCode: z.string(), numbers: z.array(z.string()), nearbyAreaCodes: z.array(z.string()) }),
});

// ---- step 2: the form ----------------------------------------------------------------------------

/** Port-in details (spec section 3 Activation form; section 5 "Port-in needs account number and PIN"). */
export const portInDetailsSchema = z.object({
  carrier: text('carrier', 60),
  msisdn: usNumberField('portNumber'),
  accountNumber: text('accountNumber', 30).refine((v) => /^[A-Za-z0-9-]+$/.test(v), 'validation:accountNumber.invalid'),
  pin: text('pin', 15).refine((v) => /^[A-Za-z0-9]{4,15}$/.test(v), 'validation:pin.invalid'),
  accountZip: usZipField('accountZip'),
});
export type PortInDetailsInput = z.input<typeof portInDetailsSchema>;

/**
 * A correction of a port-in that needs information (step 3, /personal). The carrier account number and PIN were
 * stored encrypted and are never sent back, so the correction names only what changes: left out (or empty) they stay
 * as the carrier was given them. The other details come back filled in and are sent whole.
 */
const keptUnlessTyped = (field: z.ZodType<string, string>) =>
  z.string().trim().max(100).optional().transform((v) => v || undefined).pipe(field.optional());
export const portInCorrectionSchema = portInDetailsSchema.extend({
  accountNumber: keptUnlessTyped(portInDetailsSchema.shape.accountNumber),
  pin: keptUnlessTyped(portInDetailsSchema.shape.pin),
});
export type PortInCorrectionInput = z.input<typeof portInCorrectionSchema>;

export const numberChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new'), msisdn: usNumberField('newNumber') }),
  z.object({ kind: z.literal('port') }).extend(portInDetailsSchema.shape),
  /** The global SIM is data only. */
  z.object({ kind: z.literal('none') }),
], { error: 'validation:numberChoice.required' });

/** E911 address for Wi-Fi calling: US only; zip matches state. */
export const e911AddressSchema = z.object({
  country: z.literal('US', { error: 'validation:e911Country.us' }),
  address1: text('address1', 120),
  address2: textField({ max: 120, trim: true, tooLong: 'validation:address2.tooLong' }).optional().nullable().transform((v) => v || null),
  city: text('city', 60),
  state: text('state', 40),
  zip: usZipField(),
}).superRefine((a, ctx) => {
  if (!isUsState(a.state)) ctx.addIssue({ code: 'custom', path: ['state'], message: 'validation:state.invalid' });
  else if (!zipMatchesState(a.zip, a.state)) ctx.addIssue({ code: 'custom', path: ['zip'], message: 'validation:zip.state' });
});
export type E911AddressInput = z.input<typeof e911AddressSchema>;

/** "Birthday required, not changeable after submit": YYYY-MM-DD, a real past date, 13 or older. */
export const birthdayField = textField({ max: 10, trim: true, required: 'validation:birthday.required', tooLong: 'validation:birthday.invalid' })
  .min(1, { error: 'validation:birthday.required', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation:birthday.invalid', abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getUTCFullYear() >= 1900;
  }, { error: 'validation:birthday.invalid', abort: true })
  .refine((v) => {
    const now = new Date();
    const limit = new Date(Date.UTC(now.getUTCFullYear() - 13, now.getUTCMonth(), now.getUTCDate()));
    return new Date(`${v}T00:00:00Z`) <= limit;
  }, 'validation:birthday.tooYoung');

/** "Activation password: at least 8 with 1 upper, 1 lower, 1 digit"; must match its confirmation. */
export const activationAccountSchema = z.object({
  username: usernameField,
  password: textField({ max: 64, required: 'validation:password.required', tooLong: 'validation:password.invalid' })
    .min(1, { error: 'validation:password.required', abort: true })
    .superRefine((value, ctx) => {
      // "At least 8" is its own message: the account password's "8-16" would mislead here.
      for (const problem of activationPasswordProblems(value)) ctx.addIssue({ code: 'custom', message: problem === 'length' ? 'validation:password.activationLength' : `validation:password.${problem}` });
    }),
  confirm: textField({ max: 64, required: 'validation:confirm.required', tooLong: 'validation:password.invalid' }).min(1, 'validation:confirm.required'),
}).superRefine((a, ctx) => {
  if (a.confirm && a.password !== a.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'validation:password.mismatch' });
});

export const activationFormSchema = z.object({
  number: numberChoiceSchema,
  personal: z.object({ birthday: birthdayField, email: emailField.transform((e) => e.toLowerCase()), zip: usZipField() }),
  /** Registers the account in the same step; null when the customer is logged in (the line joins that account). */
  account: activationAccountSchema.nullable(),
  /** Free Wi-Fi calling needs an E911 address (US lines only). */
  wifiCalling: z.discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(false) }),
    z.object({ enabled: z.literal(true), e911: e911AddressSchema }),
  ]),
});
export type ActivationFormInput = z.input<typeof activationFormSchema>;

export const portInState = z.enum(['submitted', 'pending', 'informationRequired', 'resubmitted', 'completed', 'declined']);
export type PortInState = z.infer<typeof portInState>;
/** Why the losing carrier refused, as it says it; the customer corrects that field. */
export const portInReason = z.enum(['accountNumber', 'pin', 'nameMismatch', 'zipMismatch', 'notPortable']);
export type PortInReason = z.infer<typeof portInReason>;

/** The secret a carrier's reason names: the stored one is what it refused, so the correction must type it again. */
export const SECRET_NAMED_BY: Partial<Record<PortInReason, 'accountNumber' | 'pin'>> = { accountNumber: 'accountNumber', pin: 'pin' };

/**
 * The correction's rules for a port the carrier refused for `reason` (the same on the screen and on the gateway):
 * every detail as in step 2, the account number and PIN kept when left empty, except the one the carrier named.
 */
export const portInCorrectionFor = (reason: PortInReason | null) => portInCorrectionSchema.superRefine((v, ctx) => {
  const named = reason ? SECRET_NAMED_BY[reason] : undefined;
  if (named && !v[named]) ctx.addIssue({ code: 'custom', path: [named], message: `validation:${named}.corrected` });
});

export const activationView = z.object({
  activationId: z.string(),
  iccid: z.string(),
  kind: z.enum(['us', 'global']),
  simType: z.enum(['physical', 'esim']),
  simStatus,
  /** The new number, or the number being ported (shown once the port completes as the line's number). */
  msisdn: z.string().nullable(),
  numberKind: z.enum(['new', 'port', 'none']),
  portIn: z.object({
    state: portInState,
    reason: portInReason.nullable(),
    /** The losing carrier's own words, shown as given. */
    carrierMessage: z.string().nullable(),
    carrier: z.string(),
    msisdn: z.string(),
    accountZip: z.string(),
    /** Last 2 characters only: the account number and PIN are never sent back. */
    accountNumberHint: z.string(),
    updatedAt: z.string(),
  }).nullable(),
  wifiCalling: z.boolean(),
  /** eSIM: the address its QR code goes to (masked). */
  emailMasked: z.string(),
  submittedAt: z.string(),
  activatedAt: z.string().nullable(),
  /** Referral sharing on step 3: the account's referral code and link (the QR is drawn from the link). */
  referral: z.object({ code: z.string(), link: z.string() }),
});
export type ActivationView = z.infer<typeof activationView>;

/**
 * Step 2: submits the activation (Idempotency-Key header: a retry or double click submits once). Registers the
 * account when `account` is given (answers a login token) or attaches the line to the logged-in customer.
 * Errors: activationTokenInvalid, 120014/120020 (someone activated it meanwhile), numberTaken (pick another),
 * usernameTaken, idempotencyKey, validation.
 */
export const activationSubmit = defineEndpoint({
  id: 'activationSubmit',
  method: 'POST',
  path: `${PCAPP}/activation/submit`,
  summary: 'Step 2: number (new / port-in / none), personal info, account, Wi-Fi calling; starts provisioning.',
  body: z.object({ activationToken: activationTokenField }).extend(activationFormSchema.shape),
  headers: ['idempotency-key'],
  auth: 'optional',
  response: z.object({ activation: activationView, login: tokenData.nullable() }),
});

const activationIdField = textField({ max: 40 }).min(1);

/** Step 3 and /personal: the activation's state (polled while activating or porting). */
export const activationStatus = defineEndpoint({
  id: 'activationStatus',
  method: 'POST',
  path: `${PCAPP}/activation/status`,
  summary: 'One activation by id: with its activation token, or logged in as its owner.',
  body: z.object({ activationId: activationIdField, activationToken: activationTokenField.optional() }),
  auth: 'optional',
  response: activationView,
});

/** /personal: the logged-in customer's activations (port-ins in progress show there). */
export const activationMine = defineEndpoint({
  id: 'activationMine',
  method: 'POST',
  path: `${PCAPP}/activation/mine`,
  summary: "The logged-in customer's activations, newest first.",
  auth: 'required',
  response: z.object({ activations: z.array(activationView) }),
});

/**
 * Corrects a port-in that needs information, in place (no new activation). Allowed only in informationRequired
 * (portInNotCorrectable otherwise). Authorised by the activation token or by login as the owner. The account number
 * and PIN may be left out: the ones the carrier was given are kept, unless the carrier named that one (validation,
 * portInCorrectionFor).
 */
export const portInCorrect = defineEndpoint({
  id: 'portInCorrect',
  method: 'POST',
  path: `${PCAPP}/activation/portIn/correct`,
  summary: 'Resubmits a port-in with corrected carrier details.',
  body: z.object({ activationId: activationIdField, activationToken: activationTokenField.optional() })
    .extend(portInCorrectionSchema.shape),
  auth: 'optional',
  response: activationView,
});
