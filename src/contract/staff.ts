/**
 * The staff console (issue 16; spec section 6: "Staff review IDs and screenshots ... No admin role shown"): a
 * separate surface with its own accounts, login and route prefix. A customer's token never authenticates here.
 */
import { z } from 'zod';
import { ID_TYPES } from '../domain/dualNumber';
import { defineEndpoint, GATEWAY } from './endpoint';
import { emailField, passwordField, recordIdField, textField } from './fields';
import { idPhotoSlot } from './dualNumber';

export const STAFF_API = `${GATEWAY}/staff/api/v1`;
/** The staff console's cookie: HttpOnly, SameSite=Strict, only sent to the staff API. */
export const STAFF_COOKIE = 'Staff-Token';
/** A reason is what the customer reads: one line, at most this long. */
export const STAFF_REASON_MAX = 200;

export const staffMe = z.object({ email: z.string(), name: z.string(), role: z.enum(['reviewer']) });

export const staffLogin = defineEndpoint({
  id: 'staffLogin', method: 'POST', path: `${STAFF_API}/login`, auth: 'none',
  summary: 'Staff log in with their own email and password (never a customer account).',
  body: z.object({ email: emailField, password: passwordField }), response: staffMe,
});

export const staffLogout = defineEndpoint({
  id: 'staffLogout', method: 'POST', path: `${STAFF_API}/logout`, auth: 'staff',
  summary: 'Ends the staff session.', response: z.object({}),
});

export const staffWho = defineEndpoint({
  id: 'staffWho', method: 'GET', path: `${STAFF_API}/me`, auth: 'staff', summary: 'The staff member logged in.', response: staffMe,
});

const reviewSummary = z.object({
  id: z.number().int(),
  status: z.enum(['underReview', 'approved', 'rejected', 'withdrawn']),
  usNumber: z.string(),
  idType: z.enum(ID_TYPES),
  idName: z.string(),
  nationality: z.string(),
  submittedAt: z.string(),
  reviewDueAt: z.string(),
  /** Past the 3 working days promised to the customer. */
  overdue: z.boolean(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});

export const staffReviews = defineEndpoint({
  id: 'staffReviews', method: 'GET', path: `${STAFF_API}/reviews`, auth: 'staff',
  summary: 'The real-name queue: waiting (oldest first) or decided (newest first).',
  query: z.object({ status: z.enum(['waiting', 'decided']).default('waiting') }),
  response: z.object({ reviews: z.array(reviewSummary) }),
});

export const staffReview = defineEndpoint({
  id: 'staffReview', method: 'GET', path: `${STAFF_API}/review`, auth: 'staff',
  summary: 'One application in full (the document number decrypted for the reviewer; the view is logged).',
  query: z.object({ id: z.coerce.number().pipe(recordIdField('validation:record.invalid')) }),
  response: reviewSummary.extend({
    idNumber: z.string(), issuePlace: z.string(), address: z.string(),
    photos: z.array(z.object({ slot: idPhotoSlot, width: z.number().int(), height: z.number().int(), bytes: z.number().int() })),
    /** Earlier applications of the same line (re-uploads), newest first. */
    history: z.array(reviewSummary),
    log: z.array(z.object({ action: z.string(), staff: z.string(), at: z.string() })),
  }),
});

export const staffReviewPhoto = defineEndpoint({
  id: 'staffReviewPhoto', method: 'GET', path: `${STAFF_API}/review/photo`, auth: 'staff', raw: true,
  summary: 'A photo of an application (image/jpeg), for the reviewer; each view is logged.',
  query: z.object({ id: z.coerce.number().pipe(recordIdField('validation:record.invalid')), slot: idPhotoSlot }), response: z.unknown(),
});

export const staffDecide = defineEndpoint({
  id: 'staffDecide', method: 'POST', path: `${STAFF_API}/review/decision`, auth: 'staff',
  summary: 'Approve an application (the China number is opened) or fail it with the reason the customer reads.',
  body: z.discriminatedUnion('decision', [
    z.object({ id: recordIdField('validation:record.invalid'), decision: z.literal('approve') }),
    z.object({
      id: recordIdField('validation:record.invalid'), decision: z.literal('reject'),
      reason: textField({ max: STAFF_REASON_MAX, trim: true, required: 'validation:staff.reason.required', tooLong: 'validation:staff.reason.length' })
        .min(1, 'validation:staff.reason.required'),
    }),
  ], { error: 'validation:staff.decision.required' }),
  response: reviewSummary,
});
