import { z } from 'zod';
import { isValidPhone, normalizePhone } from '../domain/phone';
import { isEmail } from '../domain/email';
import { passwordProblems } from '../domain/password';

/**
 * Field schemas shared by forms and the gateway. Every error message is an i18n key in the
 * `validation` namespace, so the client and the gateway show the same words in the user's language.
 */

/**
 * Characters no one-line field accepts: C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F; NUL is
 * refused by PostgreSQL, the others are invisible and break emails, logs and labels), and lone surrogates (half of
 * a UTF-16 pair: not Unicode, with no UTF-8 form). An emoji's pair of surrogates is one character and allowed.
 */
const FORBIDDEN_IN_LINE = /[\p{Cc}\p{Cs}]/u;
/** Free text (several lines): the same, except line feed, carriage return and tab. */
const FORBIDDEN_IN_TEXT = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The largest record id a request may name (PostgreSQL `integer`). */
export const MAX_RECORD_ID = 2_147_483_647;

export interface TextRule {
  /** Longest accepted, in UTF-16 units (String.length), after trimming. Every text field has one. */
  max: number;
  /** Message when the value is missing or not a string; default: "This value is not valid." */
  required?: string;
  /** Message when longer than `max`; default `validation:text.tooLong`. */
  tooLong?: string;
  /** Leading and trailing white space dropped before any check (names, addresses, codes); passwords keep theirs. */
  trim?: boolean;
  /** 'many' for free text that may hold line breaks and tabs; every field so far is one line. */
  lines?: 'one' | 'many';
}

/**
 * The rule every text field of every request is built on (issue 12): a string, trimmed when the field trims, no
 * longer than its maximum, without control characters or lone surrogates. Both checks abort: nothing chained after
 * them (formats, refinements, transforms, the object's own rules) ever sees text they refused. Chain the field's
 * own rules after it: `textField({ max: 40, trim: true }).min(1, ...).regex(...)`.
 */
export function textField({ max, required, tooLong = 'validation:text.tooLong', trim = false, lines = 'one' }: TextRule) {
  const forbidden = lines === 'many' ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE;
  const string = required ? z.string({ error: required }) : z.string();
  return (trim ? string.trim() : string)
    .max(max, { error: tooLong, abort: true })
    .refine((value) => !forbidden.test(value), { error: 'validation:text.characters', abort: true });
}

/** The id of a record (plan, pack, saved card): a positive integer that fits the column. */
export const recordIdField = (error?: string) => (error ? z.number({ error }) : z.number())
  .int(error).min(1, error).max(MAX_RECORD_ID, error);

export const phoneField = textField({ max: 32, trim: true, required: 'validation:phone.required', tooLong: 'validation:phone.invalid' })
  .min(1, { error: 'validation:phone.required', abort: true })
  .refine(isValidPhone, 'validation:phone.invalid')
  .transform(normalizePhone);

/** 254: the longest address SMTP carries (RFC 5321). */
export const emailField = textField({ max: 254, trim: true, required: 'validation:email.required' })
  .min(1, { error: 'validation:email.required', abort: true })
  .refine(isEmail, 'validation:email.invalid');

export const smsCodeField = textField({ max: 16, trim: true, required: 'validation:code.required', tooLong: 'validation:code.invalid' })
  .min(1, { error: 'validation:code.required', abort: true })
  .regex(/^\d{6}$/, 'validation:code.invalid');

export const captchaField = textField({ max: 16, trim: true, required: 'validation:captcha.required', tooLong: 'validation:captcha.invalid' })
  .min(1, { error: 'validation:captcha.required', abort: true })
  .regex(/^[A-Za-z0-9]{4}$/, 'validation:captcha.invalid');

/** A new password: the rules of spec section 5; each problem has its own message. */
export const newPasswordField = textField({ max: 128, required: 'validation:password.required', tooLong: 'validation:password.invalid' })
  .min(1, { error: 'validation:password.required', abort: true })
  .superRefine((value, ctx) => {
    for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: `validation:password.${problem}` });
  });

export const usernameField = textField({ max: 64, trim: true, required: 'validation:username.required', tooLong: 'validation:username.invalid' })
  .min(1, 'validation:username.required');

export const passwordField = textField({ max: 128, required: 'validation:password.required', tooLong: 'validation:password.invalid' })
  .min(1, 'validation:password.required');

export const codePurpose = z.enum(['login', 'register', 'reset']);
export type CodePurpose = z.infer<typeof codePurpose>;
