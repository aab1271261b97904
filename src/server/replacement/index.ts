/** SIM replacement (issue 16 section 4, decision 0037). */
import { registerFulfilmentHooks } from '../orders';
import { replacementShipped, replacementStillWanted } from './lifecycle';

export { replacementRoutes } from './routes';
export { activateReplacement, cancelReplacement, orderReplacement, replacementInfo } from './service';

// Fulfilment asks before making the card, and tells the chart when the parcel leaves.
registerFulfilmentHooks('replacement', { stillWanted: replacementStillWanted, shipped: replacementShipped });
