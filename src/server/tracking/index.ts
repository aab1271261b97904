/**
 * Tracking (/tracking): the emailed code for an order number and email, the short-lived grant that reads the
 * shipment and changes the shipping address, the code email and its job, and the routes. No other area uses it;
 * the composition roots register its routes and jobs through this index.
 */
export { trackingJobGiveUps, trackingJobHandlers } from './jobs';
export { trackingRoutes } from './routes';
