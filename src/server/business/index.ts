/**
 * Line orders (issue 15, decisions 0028 and 0029): plan change, data add-ons, roaming packs and a global data SIM's
 * renewal, each an order paid through the payments area. Payments asks payableRefusal under
 * the order's lock and calls fulfilLineOrder in the paying transaction; usage and the portal read the add-on data of
 * a cycle; the composition roots register the routes and the roaming job.
 */
import { registerOrderKinds } from '../payments';
import { fulfilLineOrder, LINE_KINDS, payableRefusal } from './lineOrders';

// The payments area pays line orders by these rules (it does not import this area: src/server/payments/orderKinds.ts).
registerOrderKinds({ kinds: LINE_KINDS, refusal: payableRefusal, fulfil: fulfilLineOrder });

export { lineOrderJobHandlers } from './jobs';
export { lineOrderRoutes } from './routes';
