/** Security headers on every answer; API answers are never cached. */
import type { FastifyInstance } from 'fastify';
import { pageHostname } from './hostname';

/**
 * The payment provider's SDK script and card form iframe come from its own origin (decision 0005): the host the page
 * was loaded from, at the sandbox's port (what browserConfig hands the page). Only that origin is named, computed for
 * each request from its Host header; a Host that is not a host name names none ('self' only).
 */
export function contentSecurityPolicy(paymentsPort?: number, pageHost?: string | null): string {
  const host = paymentsPort ? pageHostname(pageHost) : null;
  const provider = host ? `http://${host}:${paymentsPort}` : null;
  return [
    "default-src 'self'", provider ? `script-src 'self' ${provider}` : "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:", "connect-src 'self'", "font-src 'self'", ...(provider ? [`frame-src ${provider}`] : []),
    "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const isApiPath = (url: string) => /^\/(gateway|sandbox)(\/|$|\?)|^\/healthz(\?|$)/.test(url);

export function securityHeaders(app: FastifyInstance, paymentsPort?: number) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', contentSecurityPolicy(paymentsPort, request.hostname));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
