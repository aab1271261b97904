import type { z } from 'zod';
import type { Language } from '../../../i18n/languages';
import { hasKey, t } from '../i18n';

/**
 * The field an issue is about: the innermost named part of its path ("shipping.zip" reads as "ZIP code"). A choice
 * inside the request that matches none of its kinds (number.kind, wifiCalling.enabled) names the choice itself:
 * "Number", "Wi-Fi calling", which is what the customer picked.
 */
function fieldOf(issue: z.core.$ZodIssue): string {
  const path = issue.code === 'invalid_union' && issue.discriminator !== undefined && issue.path.length > 1 ? issue.path.slice(0, -1) : issue.path;
  return String([...path].reverse().find((p) => typeof p === 'string') ?? 'request');
}

/**
 * Turns the first zod issue into one sentence naming the field, in the request's language:
 * "Phone number: Enter a valid US or China mobile number."
 */
export function validationMessage(lang: Language, error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return t(lang, 'errors:code.validation');
  const field = fieldOf(issue);
  const fieldKey = `validation:fields.${field}`;
  const label = hasKey(lang, fieldKey) ? t(lang, fieldKey) : field;
  const messageKey = /^[a-z]+:[\w.]+$/i.test(issue.message) && hasKey(lang, issue.message) ? issue.message : 'validation:invalid';
  return t(lang, 'validation:format', { field: label, message: t(lang, messageKey) });
}
