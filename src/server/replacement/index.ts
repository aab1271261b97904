/** SIM replacement (issue 16 section 4, decision 0037). */
export { replacementRoutes } from './routes';
export { activateReplacement, cancelReplacement, orderReplacement, replacementInfo } from './service';
export { replacementShipped, replacementStillWanted } from './lifecycle';
