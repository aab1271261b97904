/** The usage pages' records, the data allowance, and the ILD rates (public: the help centre's rates page shows them). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { dataAllowanceOf, listUsage } from './records';
import { listIldRates } from './rates';

export function usageRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.usageRecords, async ({ session, body }) => listUsage(deps, session().customerId, body));
  route(app, deps, endpoints.dataAllowance, async ({ session }) => dataAllowanceOf(deps, session().customerId));
  route(app, deps, endpoints.ildRates, async () => ({ rates: await listIldRates(deps.db) }), { rateLimit: false });
}
