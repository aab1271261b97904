/** The logged-in customer's own data and password. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { customers } from '../db/schema';
import { GatewayError } from '../http/errors';
import { route } from '../http/route';
import { setPassword, userInfo } from './customers';
import { loginSubject, passwordCheckPassed, takePasswordCheck } from './loginThrottle';
import { hashPassword, verifyPassword } from './passwords';
import { revokeCustomerSessions } from '../http/sessions';
import { checkCaptchaIfSent } from './loginRoutes';

export function personalRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.userInfo, async ({ session }) => userInfo(deps, session().customerId));

  route(app, deps, endpoints.modifyPwd, async (ctx) => {
    const { sessionId, customerId } = ctx.session();
    await checkCaptchaIfSent(deps, ctx);
    // The old password is guessed like a login's: the same limits, taken before it is compared.
    const subject = loginSubject({ id: customerId }, '');
    await takePasswordCheck(deps, subject, ctx.ip);
    const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId));
    if (!customer?.passwordHash || !(await verifyPassword(ctx.body.oldPassword, customer.passwordHash))) {
      throw new GatewayError('passwordOldWrong');
    }
    await passwordCheckPassed(deps, subject, ctx.ip);
    await setPassword(deps, customerId, await hashPassword(ctx.body.newPassword));
    await revokeCustomerSessions(deps, customerId, sessionId);
    return { changed: true as const };
  });
}
