/** The phone check's route (issue 18): public, the answer decided by the gateway (check.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { checkPhone } from './check';
import { sandboxDeviceStatus } from './deviceStatus';

export function phoneCheckRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.phoneCheck, async ({ body }) => checkPhone(deps.db, sandboxDeviceStatus, body));
}
