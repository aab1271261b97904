/**
 * Log in and out (customer.core): the password and SMS-code grants of oauth/token, and exit. Logging in also opens
 * the browser's session cookie, logging out clears it (decision 0013); the token stays in the answer for other clients.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints } from '../../contract';
import { OAUTH_CLIENT, type tokenBody } from '../../contract/auth';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { headerValue } from '../http/language';
import { route } from '../http/route';
import { captchaFromHeaders, checkCaptcha } from './captcha';
import { spendCode } from './codes';
import { createCustomer, findByLogin, findByPhone } from './customers';
import { loginSubject, passwordCheckPassed, takePasswordCheck } from './loginThrottle';
import { checkPassword } from './passwords';
import { createSession, revokeSession } from '../http/sessions';
import { endBrowserSession, startBrowserSession } from '../http/sessionCookie';

type TokenBody = z.output<typeof tokenBody>;

const EXPECTED_BASIC = `Basic ${Buffer.from(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`).toString('base64')}`;

function requireClient(request: FastifyRequest) {
  if (headerValue(request, 'authorization')?.trim() !== EXPECTED_BASIC) throw new GatewayError('unauthorized');
}

/** grant_type may come in the query string (as the spec's client sends it) or in the form body. */
function tokenInput(request: FastifyRequest): unknown {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof body === 'object' && !Array.isArray(body) && body.grant_type === undefined && typeof query.grant_type === 'string'
    ? { ...body, grant_type: query.grant_type }
    : body;
}

export function oauthRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.oauthToken, async ({ body, header, ip, reply }) => {
    const login = await logIn(body, header, ip);
    startBrowserSession(reply, deps.config, login);
    return login;
  }, { before: requireClient, bodyInput: tokenInput });

  async function logIn(body: TokenBody, header: (name: string) => string | undefined, ip: string) {
    if (body.grant_type === 'password') {
      const { token, answer } = captchaFromHeaders(header);
      await checkCaptcha(deps, token, answer);
      // The account's limit is keyed by the account (any spelling of its name), or by the name as the login reads it;
      // an unknown name is counted, compared (against a throw-away hash) and answered exactly like a known one.
      const customer = await findByLogin(deps, body.username);
      const subject = loginSubject(customer, body.username);
      await takePasswordCheck(deps, subject, ip);
      const ok = await checkPassword(body.password, customer?.passwordHash ?? null);
      if (!customer || !ok) throw new GatewayError('90068');
      await passwordCheckPassed(deps, subject, ip);
      return createSession(deps, customer.id, 'password');
    }
    await spendCode(deps, { phone: body.phone, purpose: 'login', code: body.code });
    // Login or register: a verified number without an account gets one, without a password.
    const customer = (await findByPhone(deps, body.phone)) ?? (await createCustomer(deps, body.phone, null)) ?? (await findByPhone(deps, body.phone));
    if (!customer) throw new GatewayError('serverError');
    return createSession(deps, customer.id, 'sms_code');
  }

  route(app, deps, endpoints.exit, async ({ session, reply }) => {
    await revokeSession(deps, session().sessionId);
    endBrowserSession(reply, deps.config);
    return { revoked: true as const };
  });
}
