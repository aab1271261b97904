/**
 * The developer sandbox (on unless NODE_ENV=production; SANDBOX=1/0 forces it): the messages inbox, the captcha
 * answer, shipped parcels and the server clock, over the adapters' sandboxes. Not a product area: it has routes only,
 * which app.ts registers through this index.
 */
export { sandboxRoutes } from './routes';
