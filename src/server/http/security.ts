/** Security headers on every answer; API answers are never cached. Every origin named here comes from configuration. */
import type { FastifyInstance } from 'fastify';

/**
 * The payment provider's SDK script and card form iframe come from its own origin (decision 0005), as configured
 * (PAYMENTS_ORIGIN): only that origin is named, never one read from the request (decision 0013).
 */
export function contentSecurityPolicy(paymentsOrigin?: string | null): string {
  const provider = paymentsOrigin ?? null;
  return [
    "default-src 'self'", provider ? `script-src 'self' ${provider}` : "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:", "connect-src 'self'", "font-src 'self'", ...(provider ? [`frame-src ${provider}`] : []),
    "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const isApiPath = (url: string) => /^\/(gateway|sandbox)(\/|$|\?)|^\/healthz(\?|$)/.test(url);

/** Strict-Transport-Security when the gateway is served over HTTPS (PUBLIC_ORIGIN https) and HSTS_MAX_AGE is not 0. */
export const hstsHeader = (publicOrigin: string | undefined, maxAgeSeconds: number | undefined): string | null =>
  publicOrigin?.startsWith('https:') && (maxAgeSeconds ?? DEFAULT_HSTS_MAX_AGE) > 0 ? `max-age=${maxAgeSeconds ?? DEFAULT_HSTS_MAX_AGE}` : null;

export const DEFAULT_HSTS_MAX_AGE = 31_536_000;

/** The headers every answer carries for these origins, as [name, value] pairs (lower-case names, as Fastify keeps them). */
export function answerHeaders(origins: { publicOrigin?: string; paymentsOrigin?: string; hstsMaxAge?: number }): [string, string][] {
  const hsts = hstsHeader(origins.publicOrigin, origins.hstsMaxAge);
  return [
    ['content-security-policy', contentSecurityPolicy(origins.paymentsOrigin)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ...(hsts ? [['strict-transport-security', hsts] as [string, string]] : []),
  ];
}

/**
 * A JSON answer is never a document to render: as OWASP's REST Security Cheat Sheet says of API answers, its policy
 * lets nothing load and nothing frame it, and it needs no referrer or opener policy (those govern documents). Shorter
 * too: 4 headers of about 150 bytes instead of 6 of about 520 on every API answer, HSTS over HTTPS aside (decision 0024).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function apiAnswerHeaders(origins: { publicOrigin?: string; hstsMaxAge?: number }): [string, string][] {
  const hsts = hstsHeader(origins.publicOrigin, origins.hstsMaxAge);
  return [
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...(hsts ? [['strict-transport-security', hsts] as [string, string]] : []),
  ];
}

const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * `origins` is read on each answer: the default public origin is known once the gateway listens. The header lists are
 * built again only when an origin (or HSTS_MAX_AGE) changes, not on every answer (decision 0024). A callback hook, not
 * an async one: no promise and no extra turn of the event loop per answer. A JSON answer gets the API's list, anything
 * else (pages, the sandbox's pages, scripts, images) the documents' list.
 */
export function securityHeaders(app: FastifyInstance, origins: () => { publicOrigin?: string; paymentsOrigin?: string; hstsMaxAge?: number }) {
  let built: { publicOrigin?: string; paymentsOrigin?: string; hstsMaxAge?: number; page: [string, string][]; api: [string, string][] } | null = null;
  app.addHook('onSend', (request, reply, payload, done) => {
    const { publicOrigin, paymentsOrigin, hstsMaxAge } = origins();
    if (!built || built.publicOrigin !== publicOrigin || built.paymentsOrigin !== paymentsOrigin || built.hstsMaxAge !== hstsMaxAge) {
      built = {
        publicOrigin, paymentsOrigin, hstsMaxAge,
        page: answerHeaders({ publicOrigin, paymentsOrigin, hstsMaxAge }), api: apiAnswerHeaders({ publicOrigin, hstsMaxAge }),
      };
    }
    for (const [name, value] of isJson(reply.getHeader('content-type')) ? built.api : built.page) reply.header(name, value);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
