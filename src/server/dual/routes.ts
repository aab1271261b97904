/**
 * The dual number's routes (issue 16). The photo upload's body is the JPEG itself (image/jpeg, or whatever the browser
 * calls the file: the content decides, src/server/images/intake.ts), read as bytes up to 2 MB so that anything between
 * 1 MB and 2 MB is answered "max 1MB" with the rest of the request intact, and anything larger by the same message
 * before it is read.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { rawRoute, route } from '../http/route';
import { MAX_IMAGE_BYTES } from '../images';
import { applyForDualNumber, dualNumberAction, dualNumberView, submitRealName } from './service';
import { ownPhoto, uploadPhoto } from './photos';

/** What the upload route reads before refusing: twice the limit, so "max 1MB" is a business answer, not a dropped connection. */
export const PHOTO_BODY_LIMIT = 2 * MAX_IMAGE_BYTES;

export function dualRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.dualNumberInfo, async (ctx) => dualNumberView(deps, ctx.session().customerId));
  route(app, deps, endpoints.dualNumberApply, async (ctx) => applyForDualNumber(deps, ctx.session().customerId, ctx.lang));
  route(app, deps, endpoints.dualNumberSubmit, async (ctx) => submitRealName(deps, ctx.session().customerId, ctx.body, ctx.lang));
  route(app, deps, endpoints.dualNumberAction, async (ctx) => dualNumberAction(deps, ctx.session().customerId, ctx.body.action, ctx.lang));

  // Photos arrive as raw bytes under any image or binary content type; the scope keeps the parser to this route.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string; statusCode?: number }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new GatewayError('imageTooLarge');
      throw error;
    });
    route(scope, deps, endpoints.dualNumberUpload, async (ctx) =>
      uploadPhoto(deps, { customerId: ctx.session().customerId, slot: ctx.query.slot, body: ctx.request.body }), { bodyInput: () => undefined });
    void app;
  });

  rawRoute(app, deps, endpoints.dualNumberPhoto, async (ctx) => {
    const jpeg = await ownPhoto(deps, ctx.session().customerId, ctx.query.ref);
    await ctx.reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').header('content-disposition', 'inline').send(jpeg);
  });
}
