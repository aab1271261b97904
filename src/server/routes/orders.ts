/** Quote, create order, order detail (issue 3). SKELETON: filled by the orders work. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../context';

export function orderRoutes(_app: FastifyInstance, _deps: Deps) {}
