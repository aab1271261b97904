/** The logged-in customer's own data and password. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { customers } from '../db/schema';
import { GatewayError } from '../http/errors';
import { route } from '../http/route';
import { userInfo } from './customers';
import { loginSubject, passwordCheckPassed, takePasswordCheck } from './loginThrottle';
import { verifyPassword } from './passwords';
import { applyNewPassword } from './passwordChange';
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
    await applyNewPassword(deps, { customerId, username: customer.username, password: ctx.body.newPassword, keepSessionId: sessionId, way: 'oldPassword', lang: ctx.lang });
    return { changed: true as const };
  });
}
