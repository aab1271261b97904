import type { z } from 'zod';
import type { Language } from '../../../i18n/languages';
import { hasKey, t } from '../i18n';

/**
 * Turns the first zod issue into one sentence naming the field, in the request's language:
 * "Phone number: Enter a valid US or China mobile number."
 */
export function validationMessage(lang: Language, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return t(lang, 'errors:code.validation');
  // The innermost named field: "shipping.zip" reads as "ZIP code".
  const field = String([...issue.path].reverse().find((p) => typeof p === 'string') ?? 'request');
  const fieldKey = `validation:fields.${field}`;
  const label = hasKey(lang, fieldKey) ? t(lang, fieldKey) : field;
  const messageKey = /^[a-z]+:[\w.]+$/i.test(issue.message) && hasKey(lang, issue.message) ? issue.message : 'validation:invalid';
  return t(lang, 'validation:format', { field: label, message: t(lang, messageKey) });
}
