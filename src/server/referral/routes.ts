/** The referral programme's routes (issue 18 section 5): the editions for everyone, the customer's own when logged in, the gifts for staff. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { customerIdOf, route } from '../http/route';
import { referralProgramme, staffGiftList } from './service';

export function referralRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.referralProgramme, async (ctx) => referralProgramme(deps, customerIdOf(ctx)));
  // Staff see the gifts to ship (issue 18: "a gift shipped within 15 working days: a record staff see").
  route(app, deps, endpoints.staffReferralGifts, async (ctx) => staffGiftList(deps, ctx.staff()));
}
