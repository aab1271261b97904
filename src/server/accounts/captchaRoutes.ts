import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { rawRoute } from '../http/route';
import { createCaptcha } from './captcha';

/** GET /gateway/pcapp/createImg: an SVG captcha; its token in the X-IMAGE-CODE-TOKEN response header. */
export function captchaRoutes(app: FastifyInstance, deps: Deps) {
  rawRoute(app, deps, endpoints.createImg, async ({ reply, ip }) => {
    const { token, svg } = await createCaptcha(deps, ip);
    reply.header('x-image-code-token', token).type('image/svg+xml; charset=utf-8').send(svg);
  });
}
