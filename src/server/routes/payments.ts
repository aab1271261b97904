/** Pay an order, payment status, card-form config, saved cards, WeChat Pay notify (issue 3). SKELETON: filled by the payments work. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../context';

export function paymentRoutes(_app: FastifyInstance, _deps: Deps) {}
