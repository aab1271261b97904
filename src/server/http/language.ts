import type { FastifyRequest } from 'fastify';
import { isLanguage, pickLanguage, type Language } from '../../../i18n/languages';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** pickLanguage of the header values seen (the web client sends one of three; browsers a handful each), read once. */
const picked = new Map<string, Language>();
const PICKED_KEPT = 256;
const languageOf = (value: string | undefined): Language => {
  if (!value) return pickLanguage(value);
  if (isLanguage(value)) return value;
  let lang = picked.get(value);
  if (lang === undefined) {
    lang = pickLanguage(value);
    if (picked.size >= PICKED_KEPT) picked.clear();
    picked.set(value, lang);
  }
  return lang;
};

/** The request's language: the `Language` header, else Accept-Language, else English. */
export const requestLanguage = (req: FastifyRequest): Language =>
  languageOf(header(req, 'language') || header(req, 'accept-language'));

export const headerValue = header;
