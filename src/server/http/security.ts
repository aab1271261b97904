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

/** `origins` is read on each answer: the default public origin is known once the gateway listens. */
export function securityHeaders(app: FastifyInstance, origins: () => { publicOrigin?: string; paymentsOrigin?: string; hstsMaxAge?: number }) {
  // Built again only when the payments origin changes (it is known once the sandbox listens), not on every answer.
  let csp = { for: undefined as string | undefined, value: CONTENT_SECURITY_POLICY };
  app.addHook('onSend', async (request, reply, payload) => {
    const { publicOrigin, paymentsOrigin, hstsMaxAge } = origins();
    if (csp.for !== paymentsOrigin) csp = { for: paymentsOrigin, value: contentSecurityPolicy(paymentsOrigin) };
    reply.header('content-security-policy', csp.value);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    const hsts = hstsHeader(publicOrigin, hstsMaxAge);
    if (hsts) reply.header('strict-transport-security', hsts);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
