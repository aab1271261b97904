/**
 * The student variant of the purchase (spec sections 1, 3 and 5; decision 0045): "Student info: school, grade,
 * departure date, edu email" and "Edu email for student flow". The edu address is proved by a 6-digit code sent to it;
 * the proof (a verification token) goes with the order, which the gateway refuses as a student order without it.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, smsCodeField, textField } from './fields';
import { STUDENT_GRADES, isAcademicEmail, isCalendarDate } from '../domain/student';

/** An address of an academic domain (src/domain/student.ts ACADEMIC_SUFFIXES), lower-cased. */
export const eduEmailField = emailField.refine(isAcademicEmail, 'validation:student.eduEmail.academic').transform((e) => e.toLowerCase());

export const schoolField = textField({ max: 100, trim: true, required: 'validation:student.school.required', tooLong: 'validation:student.school.tooLong' })
  .min(1, { error: 'validation:student.school.required', abort: true })
  .min(2, 'validation:student.school.tooShort');
export const gradeField = z.enum(STUDENT_GRADES, { error: 'validation:student.grade.required' });
/**
 * YYYY-MM-DD, a real date. Its window (within the last year, at most 90 days ahead) depends on the day: the form
 * checks it with the browser's day and the gateway with its own, by the same rule (src/domain/student.ts).
 */
export const departureDateField = textField({ max: 10, trim: true, required: 'validation:student.departureDate.required' })
  .min(1, { error: 'validation:student.departureDate.required', abort: true })
  .refine(isCalendarDate, 'validation:student.departureDate.invalid');
/** The token verifyEduCode answered: it proves the edu address for a while (STUDENT_PROOF_HOURS). */
export const eduVerificationField = textField({ max: 128, trim: true }).regex(/^[A-Za-z0-9_-]+$/);

/** Spec section 3 "Student info", as the purchase form sends it (with the proof of the edu address). */
export const studentOrderSchema = z.object({
  school: schoolField,
  grade: gradeField,
  departureDate: departureDateField,
  eduEmail: eduEmailField,
  /** Missing: the address is not verified yet, and the order cannot be a student order. */
  verification: eduVerificationField.optional().nullable(),
}).superRefine((s, ctx) => {
  if (!s.verification) ctx.addIssue({ code: 'custom', path: ['eduCode'], message: 'validation:student.eduEmail.unverified' });
});
export type StudentOrderInput = z.input<typeof studentOrderSchema>;

/** Student info as an order or an account shows it. */
export const studentData = z.object({
  school: z.string(),
  grade: z.enum(STUDENT_GRADES),
  departureDate: z.string(),
  eduEmail: z.string(),
  /** When the edu address was proved by its code. */
  verifiedAt: z.string(),
});
export type StudentData = z.infer<typeof studentData>;

/**
 * Emails a 6-digit code to an academic address (valid 5 minutes, 5 tries). Limits: per address one a minute, 5 an
 * hour, 10 a day; per IP 30 an hour. Codes: 'validation' (not an academic domain), 429 'tooManyRequests'.
 */
export const studentSendEduCode = defineEndpoint({
  id: 'studentSendEduCode',
  method: 'POST',
  path: `${PCAPP}/student/sendEduCode`,
  summary: 'Emails a code to a student\'s academic address (edu email for the student purchase).',
  body: z.object({ eduEmail: eduEmailField }),
  auth: 'optional',
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

/** Spends the newest code of the address; answers a verification token. Codes: codeWrong, codeExpired, codeLocked. */
export const studentVerifyEduCode = defineEndpoint({
  id: 'studentVerifyEduCode',
  method: 'POST',
  path: `${PCAPP}/student/verifyEduCode`,
  summary: 'Checks the code sent to the academic address; answers the proof the student order carries.',
  body: z.object({ eduEmail: eduEmailField, code: smsCodeField }),
  auth: 'optional',
  response: z.object({ verification: z.string(), eduEmail: z.string(), verifiedUntil: z.string() }),
});
