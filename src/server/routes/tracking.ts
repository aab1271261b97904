/** Tracking: email code, search, modify address (issue 3). SKELETON: filled by the fulfilment work. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../context';

export function trackingRoutes(_app: FastifyInstance, _deps: Deps) {}
