import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '../../../i18n/languages';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The request's language: the `Language` header, else Accept-Language, else English. */
export const requestLanguage = (req: FastifyRequest): Language =>
  pickLanguage(header(req, 'language') || header(req, 'accept-language'));

export const headerValue = header;
