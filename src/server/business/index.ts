/**
 * Line orders (issue 15, decisions 0028 and 0029): plan change, data add-ons, roaming packs and a global data SIM's
 * renewal, each an order paid through the payments area. Payments asks payableRefusal / assertLineOrderPayable under
 * the order's lock and calls fulfilLineOrder in the paying transaction; usage and the portal read the add-on data of
 * a cycle; the composition roots register the routes and the roaming job.
 */
export { lineOrderJobHandlers } from './jobs';
export { addOnMbInCycle, addOnsInCycle } from './lineState';
export { assertLineOrderPayable, fulfilLineOrder, isLineOrder, payableRefusal } from './lineOrders';
export { lineOrderRoutes } from './routes';
