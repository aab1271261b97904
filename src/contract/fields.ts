import { z } from 'zod';
import { isValidPhone, normalizePhone } from '../domain/phone';
import { isEmail } from '../domain/email';
import { passwordProblems } from '../domain/password';

/**
 * Field schemas shared by forms and the gateway. Every error message is an i18n key in the
 * `validation` namespace, so the client and the gateway show the same words in the user's language.
 */
export const phoneField = z
  .string({ error: 'validation:phone.required' })
  .trim()
  .min(1, { error: 'validation:phone.required', abort: true })
  .refine(isValidPhone, 'validation:phone.invalid')
  .transform(normalizePhone);

export const emailField = z
  .string({ error: 'validation:email.required' })
  .trim()
  .min(1, { error: 'validation:email.required', abort: true })
  .refine(isEmail, 'validation:email.invalid');

export const smsCodeField = z
  .string({ error: 'validation:code.required' })
  .trim()
  .min(1, { error: 'validation:code.required', abort: true })
  .regex(/^\d{6}$/, 'validation:code.invalid');

export const captchaField = z
  .string({ error: 'validation:captcha.required' })
  .trim()
  .min(1, { error: 'validation:captcha.required', abort: true })
  .regex(/^[A-Za-z0-9]{4}$/, 'validation:captcha.invalid');

/** A new password: the rules of spec section 5; each problem has its own message. */
export const newPasswordField = z
  .string({ error: 'validation:password.required' })
  .min(1, { error: 'validation:password.required', abort: true })
  .superRefine((value, ctx) => {
    for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: `validation:password.${problem}` });
  });

export const usernameField = z
  .string({ error: 'validation:username.required' })
  .trim()
  .min(1, 'validation:username.required')
  .max(64, 'validation:username.invalid');

export const passwordField = z
  .string({ error: 'validation:password.required' })
  .min(1, 'validation:password.required')
  .max(128, 'validation:password.invalid');

export const codePurpose = z.enum(['login', 'register', 'reset']);
export type CodePurpose = z.infer<typeof codePurpose>;
