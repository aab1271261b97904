/** Activation (issue 4): step 1 check, the card from its token, numbers, submit, status, mine, port-in correction. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { customerIdOf, route } from '../http/route';
import { checkSim, iccidOfToken, simInfo } from './check';
import { availableNumbers } from './numbers';
import { correctPortIn } from './portIn';
import { submitActivation } from './submit';
import { activationView, findActivationFor, myActivations } from './view';
import { idempotencyKeyOf } from '../http/idempotency';
import { startBrowserSession } from '../http/sessionCookie';

export function activationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.activationCheckSim, async ({ body }) => checkSim(deps, body));

  route(app, deps, endpoints.activationSimInfo, async ({ body }) => simInfo(deps, body.activationToken));

  route(app, deps, endpoints.activationNumbers, async ({ body }) => {
    iccidOfToken(deps, body.activationToken);
    return availableNumbers(deps, body.areaCode);
  });

  route(app, deps, endpoints.activationSubmit, async (ctx) => {
    const key = idempotencyKeyOf(ctx.header(IDEMPOTENCY_HEADER));
    const { activationToken, ...form } = ctx.body;
    const result = await submitActivation(deps, { token: activationToken, form, key, customerId: customerIdOf(ctx), lang: ctx.lang });
    // Registering at activation logs the customer in: in the browser, by the session cookie (decision 0013).
    if (result.login) startBrowserSession(ctx.reply, deps.config, result.login);
    return result;
  });

  route(app, deps, endpoints.activationStatus, async (ctx) => {
    const row = await findActivationFor(deps, ctx.body.activationId, { customerId: customerIdOf(ctx), activationToken: ctx.body.activationToken });
    return activationView(deps, row);
  });

  route(app, deps, endpoints.activationMine, async (ctx) => ({ activations: await myActivations(deps, ctx.session().customerId) }));

  route(app, deps, endpoints.portInCorrect, async (ctx) => {
    const { activationId, activationToken, ...details } = ctx.body;
    return correctPortIn(deps, activationId, { customerId: customerIdOf(ctx), activationToken }, details, ctx.lang);
  });
}
