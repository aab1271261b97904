/** The student purchase (issue 18 section 4, decision 0045): the code to the edu address, and its proof. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { customerIdOf, route } from '../http/route';
import { sendEduCode, verifyEduCode } from './service';

export function studentRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.studentSendEduCode, async ({ body, ip, lang }) => sendEduCode(deps, { eduEmail: body.eduEmail, ip, lang }));
  route(app, deps, endpoints.studentVerifyEduCode, async (ctx) => verifyEduCode(deps, {
    eduEmail: ctx.body.eduEmail, code: ctx.body.code, customerId: customerIdOf(ctx),
  }));
}
