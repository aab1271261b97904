/**
 * Requests refused before any route runs (issue 12): a body past the limit, JSON that does not parse, a content type
 * no route reads, a URL that does not decode, a path parameter past its length, and bytes that are not HTTP at all
 * (a control character in a header value, a request head past Node's 16 KB). Each is answered in the gateway's own
 * `{ code, message }` shape, never with Fastify's or Node's text.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../../i18n/languages';
import { hasKey, t } from '../i18n';
import { requestLanguage } from './language';

/** Too large (a body, a path parameter, a request head): the customer can shorten what they sent. */
const TOO_LARGE = new Set([413, 414, 431]);

/** The answer to a request refused with a 4xx status. */
export function refusal(lang: Language, status: number): { code: 'validation' | 'notFound' | 'unauthorized'; message: string } {
  const code = status === 404 ? 'notFound' : status === 401 ? 'unauthorized' : 'validation';
  const key = TOO_LARGE.has(status) ? 'errors:http.413' : `errors:http.${status}`;
  return { code, message: t(lang, hasKey(lang, key) ? key : 'errors:http.400') };
}

/** Fastify's `frameworkErrors`: a URL whose percent-encoding does not decode (400), a path parameter too long (414). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff')
    .send(refusal(requestLanguage(request), status));
}

/**
 * Node's `clientError`: the bytes are not an HTTP request Node accepts. Nothing of the request was read, its
 * Language header included, so the answer is in English.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(refusal(DEFAULT_LANGUAGE, status));
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
