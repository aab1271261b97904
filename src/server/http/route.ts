/**
 * Registers a route from its src/contract entry: one place validates the body and query with the
 * contract's zod schemas, resolves the session (Bearer token, else the browser's session cookie, decision 0013)
 * for auth 'required' and 'optional', refuses a cookie-authenticated change from another site, wraps the answer
 * in the envelope and checks it against the response schema.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef, Schema } from '../../contract/endpoint';
import { SUCCESS_CODE } from '../../contract/errors';
import type { Language } from '../../../i18n/languages';
import { translator, type Translate } from '../i18n';
import type { Deps } from '../context';
import { findSession, type AuthSession } from './sessions';
import { carriesSessionCookie, clearedSessionCookies, cookieToken, refuseCrossSiteChange } from './sessionCookie';
import { GatewayError } from './errors';
import { apiRule, guard, ipSubject } from '../limits';
import { headerValue, requestLanguage } from './language';
import { validationMessage } from './validation';
import { sendShared, SharedAnswer } from './compression';
import { clearedStaffCookie, findStaffSession, staffCookieToken, type StaffSession } from './staffSessions';

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteContext<E extends EndpointDef> {
  body: E extends EndpointDef<infer B, Schema | undefined, Schema> ? Parsed<B> : never;
  query: E extends EndpointDef<Schema | undefined, infer Q, Schema> ? Parsed<Q> : never;
  request: FastifyRequest;
  reply: FastifyReply;
  lang: Language;
  t: Translate;
  ip: string;
  header(name: string): string | undefined;
  /** The logged-in session; throws 401 'unauthorized' when there is none. */
  session(): AuthSession;
  /** The staff session of an endpoint with auth 'staff' (the route answered 401 without one). */
  staff(): StaffSession;
}

/** Logged in or not: an optional session that the buyer's own pages send along. */
export const customerIdOf = (ctx: Pick<RouteContext<never>, 'session'>): number | null => {
  try {
    return ctx.session().customerId;
  } catch {
    return null;
  }
};

type DataIn<E> = E extends EndpointDef<Schema | undefined, Schema | undefined, infer R> ? z.input<R> : never;
export type Handler<E extends EndpointDef> = (ctx: RouteContext<E>) => Promise<DataIn<E>>;
export type RawHandler<E extends EndpointDef> = (ctx: RouteContext<E>) => Promise<void>;

/** Requests per minute per IP on API routes: a coarse guard; the login limits are stricter and per phone/user. */
export const DEFAULT_RATE_LIMIT = 600;

const guards = new WeakMap<Deps, (subject: string) => Promise<void>>();
/** The coarse guard, before anything else is read: one hit of the per-IP request limit, shared by every gateway. */
const apiGuard = (deps: Deps) => {
  let take = guards.get(deps);
  if (!take) guards.set(deps, take = guard(deps.limits, apiRule(deps.config.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT), deps.clock));
  return async (request: FastifyRequest) => take(ipSubject(request.ip));
};

export interface RouteOptions {
  /** false for cheap public reads (the catalogue): they skip the per-IP request guard. */
  rateLimit?: boolean;
  /** Runs before validation (client authentication). */
  before?: (request: FastifyRequest) => void | Promise<void>;
  /** The value validated against the contract's body schema, when it is not simply the request body. */
  bodyInput?: (request: FastifyRequest) => unknown;
  /**
   * The handler answers one object, never changed, for as long as what it shows does not change (the catalogue, kept
   * by its cache): its answer is checked against the contract and serialized once per object and language, and
   * compressed once per encoding (decision 0024). Only for answers that are the same for every client.
   */
  sameForEveryone?: boolean;
}

/** Per answer object: its envelope as sent (and compressed), per language. */
const serialized = new WeakMap<object, Map<Language, SharedAnswer>>();

const translators = new Map<Language, Translate>();
const translatorOf = (lang: Language): Translate => {
  let t = translators.get(lang);
  if (!t) translators.set(lang, (t = translator(lang)));
  return t;
};

/** The envelope's message of a success, per language: the same words on every answer. */
const successMessages = new Map<Language, string>();
const successMessage = (lang: Language, t: Translate) => {
  let message = successMessages.get(lang);
  if (message === undefined) successMessages.set(lang, (message = t('errors:success')));
  return message;
};

const bearer = (req: FastifyRequest): string | null => {
  const value = headerValue(req, 'authorization');
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
};

function parse<S extends Schema | undefined>(schema: S, value: unknown, lang: Language): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw new GatewayError('validation', { message: validationMessage(lang, result.error) });
  return result.data as Parsed<S>;
}

async function context<E extends EndpointDef>(
  deps: Deps, endpoint: E, request: FastifyRequest, reply: FastifyReply, options: RouteOptions = {},
): Promise<RouteContext<E>> {
  const lang = requestLanguage(request);
  if (options.before) await options.before(request);
  const usesSession = endpoint.auth === 'required' || endpoint.auth === 'optional';
  // A Bearer token is the caller's own credential; otherwise the browser's cookie is, and a change it authenticates
  // must come from the storefront (checked before anything of the request is read).
  const bearerToken = usesSession ? bearer(request) : null;
  const withCookie = usesSession && !bearerToken && carriesSessionCookie(request);
  if (withCookie) refuseCrossSiteChange(request, deps.config);
  // The staff console's session first: nothing of a request is read for a caller who is not staff.
  let staff: StaffSession | null = null;
  if (endpoint.auth === 'staff') {
    // Only the staff console's own token: a customer's Bearer token or cookie is not looked up at all.
    const bearerStaff = bearer(request);
    const cookie = bearerStaff ? null : staffCookieToken(request);
    if (cookie) refuseCrossSiteChange(request, deps.config);
    const token = bearerStaff ?? cookie;
    staff = token ? await findStaffSession(deps, token) : null;
    // Said as what it is: a customer who is logged in has not had a session expire, and needs the staff sign-in.
    if (!staff) {
      throw new GatewayError('unauthorized', { messageKey: 'errors:other.staffSignIn', ...(cookie ? { headers: { 'set-cookie': clearedStaffCookie(deps.config) } } : {}) });
    }
  }
  // A missing body or query is validated as {} so the answer names the first missing field.
  const body = parse(endpoint.body, options.bodyInput ? options.bodyInput(request) : request.body ?? {}, lang);
  const query = parse(endpoint.query, request.query ?? {}, lang);
  let session: AuthSession | null = null;
  if (usesSession) {
    const token = bearerToken ?? (withCookie ? cookieToken(request) : null);
    session = token ? await findSession(deps, token) : null;
    // A cookie whose session ended (expired, revoked, forged) is cleared, so the browser stops showing a login.
    const clear = withCookie && !session ? clearedSessionCookies(deps.config) : null;
    if (!session && endpoint.auth === 'required') throw new GatewayError('unauthorized', clear ? { headers: { 'set-cookie': clear } } : {});
    if (clear) reply.header('set-cookie', clear);
  }
  return {
    body, query, request, reply, lang, t: translatorOf(lang), ip: request.ip,
    header: (name) => headerValue(request, name.toLowerCase()),
    session: () => {
      if (!session) throw new GatewayError('unauthorized');
      return session;
    },
    staff: () => {
      if (!staff) throw new GatewayError('unauthorized');
      return staff;
    },
  } as RouteContext<E>;
}

export function route<E extends EndpointDef>(app: FastifyInstance, deps: Deps, endpoint: E, handler: Handler<E>, options: RouteOptions = {}) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.rateLimit === false ? {} : { onRequest: apiGuard(deps) }),
    handler: async (request, reply) => {
      const ctx = await context(deps, endpoint, request, reply, options);
      const answer = await handler(ctx);
      if (options.sameForEveryone && typeof answer === 'object' && answer !== null) {
        let byLanguage = serialized.get(answer);
        if (!byLanguage) serialized.set(answer, (byLanguage = new Map()));
        let shared = byLanguage.get(ctx.lang);
        if (shared === undefined) {
          const body = JSON.stringify({ code: SUCCESS_CODE, message: successMessage(ctx.lang, ctx.t), data: endpoint.response.parse(answer) });
          byLanguage.set(ctx.lang, (shared = new SharedAnswer(Buffer.from(body))));
        }
        return sendShared(reply, shared);
      }
      const data = endpoint.response.parse(answer);
      return { code: SUCCESS_CODE, message: successMessage(ctx.lang, ctx.t), data };
    },
  });
}

/** A route that answers something other than the envelope (the captcha image); errors still use the envelope. */
export function rawRoute<E extends EndpointDef>(app: FastifyInstance, deps: Deps, endpoint: E, handler: RawHandler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: apiGuard(deps),
    handler: async (request, reply) => {
      await handler(await context(deps, endpoint, request, reply));
      return reply;
    },
  });
}
