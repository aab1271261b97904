/**
 * The staff console's API (issue 16): login, logout, who am I, the real-name queue, one application, its photos, the
 * decision; and the student orders (issue 18 section 4).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { rawRoute, route } from '../http/route';
import { staffLogin } from './login';
import { decideReview, reviewDetail, reviewPhoto, reviewQueue } from './reviews';
import { clearedStaffCookie, endStaffSession, staffCookie } from './sessions';
import { staffStudentOrders } from './students';

export function staffRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.staffLogin, async (ctx) => {
    const { token, me } = await staffLogin(deps, { ...ctx.body, ip: ctx.ip });
    ctx.reply.header('set-cookie', staffCookie(deps.config, token));
    ctx.reply.header('cache-control', 'no-store');
    return me;
  });
  route(app, deps, endpoints.staffLogout, async (ctx) => {
    await endStaffSession(deps, ctx.staff().sessionId);
    ctx.reply.header('set-cookie', clearedStaffCookie(deps.config));
    return {};
  });
  route(app, deps, endpoints.staffWho, async (ctx) => {
    const { email, name, role } = ctx.staff();
    return { email, name, role };
  });
  route(app, deps, endpoints.staffReviews, async (ctx) => { ctx.staff(); return reviewQueue(deps, ctx.query.status); });
  route(app, deps, endpoints.staffReview, async (ctx) => reviewDetail(deps, ctx.staff(), ctx.query.id));
  rawRoute(app, deps, endpoints.staffReviewPhoto, async (ctx) => {
    const jpeg = await reviewPhoto(deps, ctx.staff(), ctx.query.id, ctx.query.slot);
    await ctx.reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
  });
  route(app, deps, endpoints.staffDecide, async (ctx) => decideReview(deps, ctx.staff(), ctx.body));
  // Staff check a student's claim against what the order keeps (decision 0045).
  route(app, deps, endpoints.staffStudentOrders, async (ctx) => staffStudentOrders(deps, ctx.staff()));
}
