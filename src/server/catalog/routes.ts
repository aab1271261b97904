import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { bundleList, captureEmail, listPartners } from './catalogue';

export function catalogRoutes(app: FastifyInstance, deps: Deps) {
  // The cached catalogue: one object per kind until it is read again, so its answer is serialized and compressed once.
  route(app, deps, endpoints.bundleList, async ({ body }) => bundleList(deps, body?.kind), { rateLimit: false, sameForEveryone: true });
  route(app, deps, endpoints.partners, async () => ({ partners: await listPartners(deps) }), { rateLimit: false });
  route(app, deps, endpoints.offerLocking, async ({ body }) => {
    await captureEmail(deps, body);
    return { subscribed: true as const };
  });
}
