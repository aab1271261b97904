/**
 * Places (issue 18, decision 0040): coverage by ZIP code or city and the store finder, over the coverage, zips and
 * stores data sets (loaded by src/server/datasets). The composition root registers the routes through this index.
 */
export { placesRoutes } from './routes';
export { locateZip } from './lookup';
