/** SMS codes, tickets, register and reset (spec section 7, loginorregist). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { route, type RouteContext } from '../http/route';
import { enforce, hit, ipSubject, RULES } from '../limits';
import { checkCaptcha, captchaFromHeaders } from './captcha';
import { sendCode, spendCode } from './codes';
import { createCustomer, findByPhone, isInNet } from './customers';
import { hashPassword } from './passwords';
import { applyNewPassword } from './passwordChange';
import { issueTicket, peekTicket, spendTicket } from './tickets';

/** The spec sends IMAGE-CODE/X-IMAGE-CODE-TOKEN with some calls that a ticket or token already guards: checked when sent. */
export async function checkCaptchaIfSent(deps: Deps, ctx: Pick<RouteContext<never>, 'header'>) {
  const { token, answer } = captchaFromHeaders(ctx.header);
  if (token || answer) await checkCaptcha(deps, token, answer);
}

export function loginRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.sendMobileVerificationCode, async ({ body, header, ip, lang }) => {
    const { token, answer } = captchaFromHeaders(header);
    await checkCaptcha(deps, token, answer);
    return sendCode(deps, { phone: body.phone, purpose: body.type, ip, lang });
  });

  route(app, deps, endpoints.checMobilekVerificationCode, async ({ body }) => {
    await spendCode(deps, { phone: body.phone, purpose: body.type, code: body.code });
    return { ticket: await issueTicket(deps, body.phone, body.type) };
  });

  route(app, deps, endpoints.checkInNet, async ({ query }) => {
    const { phone } = await peekTicket(deps, query.ticket);
    return { inNet: await isInNet(deps, phone) };
  });

  // It tells whether a number has an account: only for a ticket (the number's SMS code, behind the captcha), and
  // within a limit of its own.
  route(app, deps, endpoints.checkIsRegistered, async ({ query, ip }) => {
    await enforce(deps.limits, [hit(RULES.registeredIp, ipSubject(ip))]);
    const { phone } = await peekTicket(deps, query.ticket);
    return { registered: (await findByPhone(deps, phone)) !== null };
  });

  route(app, deps, endpoints.registerOrResetUser, async (ctx) => {
    const { body } = ctx;
    await checkCaptchaIfSent(deps, ctx);
    const phone = await spendTicket(deps, body.ticket, body.type);
    if (body.type === 'register') {
      const created = await createCustomer(deps, phone, await hashPassword(body.password));
      if (!created) throw new GatewayError('alreadyRegistered');
      return { username: created.username };
    }
    const customer = await findByPhone(deps, phone);
    if (!customer) throw new GatewayError('notRegistered');
    // A reset proves the owner: the lockout earned by wrong passwords no longer applies to the new one.
    await applyNewPassword(deps, { customerId: customer.id, username: customer.username, password: body.password, way: 'reset', lang: ctx.lang });
    return { username: customer.username };
  });
}
