/** /coverage and /store (spec section 2; issue 18): public reads of the coverage and stores data sets. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { lookupCoverage, searchStores } from './lookup';

export function placesRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.coverageLookup, async ({ query }) => lookupCoverage(deps.db, query.place));
  route(app, deps, endpoints.storeSearch, async ({ query }) => searchStores(deps.db, query));
}
