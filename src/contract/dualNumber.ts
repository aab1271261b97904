/**
 * The US-China dual number (issue 16; spec sections 2, 3, 4, 5, 8 and 9): the customer's view of it, the real-name
 * form and its photos, and the changes the customer makes. The gateway decides every state (machines/dualNumber).
 */
import { z } from 'zod';
import { DUAL_PRICE_CENTS, ID_FIELD_LENGTHS, ID_PHOTO_SLOTS, ID_TYPES, isUnsupportedDocument } from '../domain/dualNumber';
import { defineEndpoint, PCAPP } from './endpoint';
import { textField } from './fields';

export const dualState = z.enum([
  'notOpened', 'realNameNeeded', 'underReview', 'auditFailed', 'opening', 'openFailed', 'opened', 'paused', 'pendingClose',
  'closed.numberKept', 'closed.numberReleased',
]);
export type DualState = z.infer<typeof dualState>;

export const idPhotoSlot = z.enum(ID_PHOTO_SLOTS);
/** An uploaded photo's reference (what the upload answered), 22 to 64 URL-safe characters. */
export const imageRef = textField({ max: 64, trim: true, required: 'validation:dualNumber.photo.required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation:dualNumber.photo.required');

const idText = (field: keyof typeof ID_FIELD_LENGTHS) => {
  const { min, max } = ID_FIELD_LENGTHS[field];
  return textField({ max, trim: true, required: `validation:dualNumber.${field}.required`, tooLong: `validation:dualNumber.${field}.length` })
    .min(1, { error: `validation:dualNumber.${field}.required`, abort: true })
    .min(min, `validation:dualNumber.${field}.length`);
};

/** Spec section 3: "nationality code, document name, type, number, place of issue, address, photos (hand-held, front, back)". */
export const realNameForm = z.object({
  /** ISO 3166-1 alpha-2 of the document's issuing country or region. */
  nationality: textField({ max: 2, trim: true, required: 'validation:dualNumber.nationality.required', tooLong: 'validation:dualNumber.nationality.required' })
    .regex(/^[A-Za-z]{2}$/, 'validation:dualNumber.nationality.required').transform((v) => v.toUpperCase()),
  idType: z.enum(ID_TYPES, { error: 'validation:dualNumber.idType.required' }),
  idName: idText('idName'),
  idNumber: idText('idNumber').regex(/^[A-Za-z0-9() -]+$/, 'validation:dualNumber.idNumber.characters'),
  issuePlace: idText('issuePlace'),
  address: idText('address'),
  photos: z.object({ handheld: imageRef, front: imageRef, back: imageRef }, { error: 'validation:dualNumber.photo.required' }),
}).superRefine((v, ctx) => {
  if (isUnsupportedDocument(v.idType, v.nationality)) ctx.addIssue({ code: 'custom', path: ['idType'], message: 'validation:dualNumber.idType.unsupported' });
});
export type RealNameForm = z.input<typeof realNameForm>;

export const dualApplication = z.object({
  status: z.enum(['underReview', 'approved', 'rejected', 'withdrawn']),
  submittedAt: z.string(),
  /** Spec section 9: "real-name review 3 working days": the end of the third US working day. */
  reviewDueAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The reviewer's reason for a failed review. */
  reason: z.string().nullable(),
  nationality: z.string(),
  idType: z.enum(ID_TYPES),
  idName: z.string(),
  /** The document number's last characters only. */
  idNumberHint: z.string(),
  issuePlace: z.string(),
  address: z.string(),
});

export const dualNumberData = z.object({
  state: dualState,
  /** The line's US number. */
  usNumber: z.string(),
  /** The China number held for or open on the line; kept while closed for 3 months. */
  chinaNumber: z.string().nullable(),
  priceCents: z.literal(DUAL_PRICE_CENTS),
  /** Spec section 9: "first month free": not yet given on this line. */
  freeMonthAvailable: z.boolean(),
  periodEndsAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** Why it is paused, as the gateway sees the line now: no main plan, or the General account short of a month. */
  pausedBecause: z.enum(['noMainPlan', 'balance']).nullable(),
  /** Auto-shutdown after 3 months overdue (paused). */
  shutdownAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Until then a closed number's China number is kept and reopening gets it back. */
  keptUntil: z.string().nullable(),
  /** A failed review: until then the customer may re-upload (then the application is cancelled). */
  reuploadUntil: z.string().nullable(),
  generalBalanceCents: z.number().int(),
  hasMainPlan: z.boolean(),
  application: dualApplication.nullable(),
});
export type DualNumberData = z.infer<typeof dualNumberData>;

export const dualNumberInfo = defineEndpoint({
  id: 'dualNumberInfo', method: 'GET', path: `${PCAPP}/dualNumber`, auth: 'required',
  summary: 'The US-China dual number of the customer\'s US line (decision 0002: a US line is needed, noUsLine otherwise).',
  response: dualNumberData,
});

export const dualNumberApply = defineEndpoint({
  id: 'dualNumberApply', method: 'POST', path: `${PCAPP}/dualNumber/apply`, auth: 'required',
  summary: 'Starts an application: a China number is held for the line (120074 when none is left).',
  response: dualNumberData,
});

export const dualNumberSubmit = defineEndpoint({
  id: 'dualNumberSubmit', method: 'POST', path: `${PCAPP}/dualNumber/realName`, auth: 'required',
  summary: 'Sends the real-name form with its three uploaded photos for review (spec sections 3 and 5).',
  body: realNameForm, response: dualNumberData,
});

export const dualAction = z.enum(['giveUp', 'retryOpen', 'close', 'keepOpen', 'reopen', 'resume']);
export type DualAction = z.infer<typeof dualAction>;
export const dualNumberAction = defineEndpoint({
  id: 'dualNumberAction', method: 'POST', path: `${PCAPP}/dualNumber/action`, auth: 'required',
  summary: 'The customer\'s changes: give up, try the opening again, close, keep open, reopen, resume (charging $1.99 from the General account).',
  body: z.object({ action: dualAction }), response: dualNumberData,
});

export const uploadedImage = z.object({ ref: z.string(), slot: idPhotoSlot, width: z.number().int(), height: z.number().int(), bytes: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImage>;
/** The body is the JPEG itself (Content-Type image/jpeg), not JSON: at most 1 MB (spec section 5). */
export const dualNumberUpload = defineEndpoint({
  id: 'dualNumberUpload', method: 'POST', path: `${PCAPP}/dualNumber/photo`, auth: 'required',
  summary: 'One ID photo (JPG by content, at most 1 MB); stored re-encoded without metadata, encrypted; answers its reference.',
  query: z.object({ slot: idPhotoSlot }), response: uploadedImage,
});

/** The customer's own photo, by reference (raw image/jpeg). */
export const dualNumberPhoto = defineEndpoint({
  id: 'dualNumberPhoto', method: 'GET', path: `${PCAPP}/dualNumber/photo`, auth: 'required', raw: true,
  summary: 'One of the customer\'s own ID photos (image/jpeg); anybody else\'s answers 404.',
  query: z.object({ ref: imageRef }), response: z.unknown(),
});
