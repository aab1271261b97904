/** The referral programme's route (issue 18 section 5): the editions for everyone, and the customer's own when logged in. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { customerIdOf, route } from '../http/route';
import { referralProgramme } from './service';

export function referralRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.referralProgramme, async (ctx) => referralProgramme(deps, customerIdOf(ctx)));
}
