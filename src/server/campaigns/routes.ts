/**
 * The campaigns' routes (issue 18, decision 0042). A screenshot's body is the JPEG itself, read up to 2 MB as the dual
 * number's photos are (src/server/dual/routes.ts), so anything over 1 MB is answered "max 1MB".
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { customerIdOf, rawRoute, route } from '../http/route';
import { MAX_IMAGE_BYTES } from '../images';
import { campaignDetail, campaignQueue, campaignShot, decideCampaign } from './review';
import { ownScreenshot, uploadScreenshot } from './screenshots';
import { lunarNewYearView, submitLunarNewYear } from './service';
import { drawLottery, lotteryView } from './lottery';

export const SCREENSHOT_BODY_LIMIT = 2 * MAX_IMAGE_BYTES;

export function campaignRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.campaignLunarNewYear, async (ctx) => lunarNewYearView(deps, customerIdOf(ctx)));
  route(app, deps, endpoints.lotteryInfo, async (ctx) => lotteryView(deps, customerIdOf(ctx)));
  route(app, deps, endpoints.lotteryDraw, async (ctx) => drawLottery(deps, ctx.session().customerId));
  route(app, deps, endpoints.campaignSubmit, async (ctx) => submitLunarNewYear(deps, ctx.session().customerId, ctx.body, ctx.lang));
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SCREENSHOT_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new GatewayError('imageTooLarge');
      throw error;
    });
    route(scope, deps, endpoints.campaignUpload, async (ctx) =>
      uploadScreenshot(deps, { customerId: ctx.session().customerId, slot: ctx.query.slot, body: ctx.request.body }), { bodyInput: () => undefined });
  });
  rawRoute(app, deps, endpoints.campaignScreenshot, async (ctx) => {
    const jpeg = await ownScreenshot(deps, ctx.session().customerId, ctx.query.ref);
    await ctx.reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').header('content-disposition', 'inline').send(jpeg);
  });

  route(app, deps, endpoints.staffCampaigns, async (ctx) => { ctx.staff(); return campaignQueue(deps, ctx.query.status); });
  route(app, deps, endpoints.staffCampaign, async (ctx) => campaignDetail(deps, ctx.staff(), ctx.query.id));
  rawRoute(app, deps, endpoints.staffCampaignShot, async (ctx) => {
    const jpeg = await campaignShot(deps, ctx.staff(), ctx.query.id, ctx.query.n);
    await ctx.reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
  });
  route(app, deps, endpoints.staffCampaignDecide, async (ctx) => decideCampaign(deps, ctx.staff(), ctx.body));
}
