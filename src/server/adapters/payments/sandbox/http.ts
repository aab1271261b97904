/** Small HTTP helpers of the sandbox's pages and APIs. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../../../http/refusals';
import { requestLanguage } from '../../../http/language';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received: signatures are computed over it. */
    rawBody: string;
  }
}

/** JSON bodies keep their raw text beside the parsed value; a malformed body is a 400. */
export function keepRawJson(app: FastifyInstance) {
  app.decorateRequest('rawBody', '');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(Object.assign(new Error('Malformed JSON'), { statusCode: 400 }), undefined);
    }
  });
}

/** Headers every answer of the sandbox carries; pages add their own CSP. */
export function baseHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });
}

/** An unknown route answers as the gateway does (`{ code, message }`, 404, in the request's language), not Fastify's text. */
export function notFoundAsGateway(app: FastifyInstance) {
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send(refusal(requestLanguage(request), 404)));
}

export const queryParam = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};
