/** Security headers on every answer; API answers are never cached. */
import type { FastifyInstance } from 'fastify';

/**
 * The payment provider's SDK script and card form iframe come from its own origin (decision 0005): the same
 * host as the page, at the sandbox's port. "http://*:<port>" allows that port on any host and nothing else.
 */
export function contentSecurityPolicy(paymentsPort?: number): string {
  const provider = paymentsPort ? `http://*:${paymentsPort}` : null;
  return [
    "default-src 'self'", provider ? `script-src 'self' ${provider}` : "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:", "connect-src 'self'", "font-src 'self'", ...(provider ? [`frame-src ${provider}`] : []),
    "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const isApiPath = (url: string) => /^\/(gateway|sandbox)(\/|$|\?)|^\/healthz(\?|$)/.test(url);

export function securityHeaders(app: FastifyInstance, paymentsPort?: number) {
  const policy = contentSecurityPolicy(paymentsPort);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
