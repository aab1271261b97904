/**
 * The browser's session cookie (decision 0013): `Admin-Token` (the spec's name) HttpOnly, SameSite=Lax (a customer
 * arriving from an email link stays logged in), Path=/, Secure when PUBLIC_ORIGIN is https, for the session's lifetime;
 * beside it `Logged-In`, readable by scripts, which only says a session is open. Both are cleared on logout and when a
 * request finds the session ended. A change a cookie authenticates must come from the storefront itself (the CHANNEL
 * header, and Origin / Sec-Fetch-Site when the browser sends them); Bearer requests carry their own credential.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHANNEL, CHANNEL_HEADER, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../contract/auth';
import { storefrontOrigins, type GatewayConfig } from '../context';
import { sha256 } from '../secrets';
import { GatewayError } from './errors';
import { headerValue } from './language';

/** A token as newToken() makes them (base64url): anything else in the cookie is not one of ours. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

const attributes = (config: Pick<GatewayConfig, 'publicOrigin'>, maxAgeSeconds: number) =>
  `Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${config.publicOrigin?.startsWith('https:') ? '; Secure' : ''}`;

/** The Set-Cookie values that open the browser's session for `login` (what createSession answered). */
export function sessionCookies(config: Pick<GatewayConfig, 'publicOrigin'>, login: { access_token: string; expires_in: number }): string[] {
  const attrs = attributes(config, login.expires_in);
  return [`${SESSION_COOKIE}=${login.access_token}; HttpOnly; ${attrs}`, `${SESSION_HINT_COOKIE}=${sha256(`hint:${login.access_token}`).slice(0, 16)}; ${attrs}`];
}

/** The Set-Cookie values that end it in the browser. */
export const clearedSessionCookies = (config: Pick<GatewayConfig, 'publicOrigin'>): string[] =>
  [`${SESSION_COOKIE}=; HttpOnly; ${attributes(config, 0)}`, `${SESSION_HINT_COOKIE}=; ${attributes(config, 0)}`];

export const startBrowserSession = (reply: FastifyReply, config: GatewayConfig, login: { access_token: string; expires_in: number }) => {
  reply.header('set-cookie', sessionCookies(config, login));
};

export const endBrowserSession = (reply: FastifyReply, config: GatewayConfig) => {
  reply.header('set-cookie', clearedSessionCookies(config));
};

/** The token of the session cookie, when the request carries one that looks like a token. */
export function cookieToken(request: FastifyRequest): string | null {
  const header = headerValue(request, 'cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

export const carriesSessionCookie = (request: FastifyRequest): boolean =>
  (headerValue(request, 'cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403 crossSiteRequest) a change that the session cookie would authenticate unless it comes from the
 * storefront: the CHANNEL header the web client always sends (no form or image of another site can add it, and a
 * script of another site cannot without a CORS preflight the gateway never grants), an Origin that is PUBLIC_ORIGIN
 * when sent, and a Sec-Fetch-Site of same-origin (or none: typed by the user) when sent.
 */
export function refuseCrossSiteChange(request: FastifyRequest, config: Pick<GatewayConfig, 'publicOrigin' | 'publicOriginAliases'>): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = headerValue(request, 'origin');
  const site = headerValue(request, 'sec-fetch-site');
  const fromStorefront = headerValue(request, CHANNEL_HEADER.toLowerCase()) === CHANNEL
    && (origin === undefined || storefrontOrigins(config).includes(origin))
    && (site === undefined || site === 'same-origin' || site === 'none');
  if (!fromStorefront) throw new GatewayError('crossSiteRequest');
}
