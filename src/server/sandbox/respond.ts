/** How the sandbox's endpoints read a request and answer (routes.ts, studio.ts). */
import type { z } from 'zod';
import { SUCCESS_CODE } from '../../contract/errors';
import { GatewayError } from '../http/errors';
import type { requestLanguage } from '../http/language';
import { validationMessage } from '../http/validation';
import { t } from '../i18n';

type Lang = ReturnType<typeof requestLanguage>;

/** The request part read with its schema; a refusal is a 400 whose message names the field, in the request's language. */
export function parsed<S extends z.ZodType>(schema: S, value: unknown, lang: Lang): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new GatewayError('validation', { message: validationMessage(lang, result.error) });
  return result.data;
}

/** A sandbox answer in the gateway's shape: `{ code: '200', message, data }`, the message in the request's language. */
export const ok = (lang: Lang, data: unknown) => ({ code: SUCCESS_CODE, message: t(lang, 'errors:success'), data });
