/**
 * Orders (issue 3): create an order (quote from catalog), read it, an order buying a plan for a card being activated,
 * fulfilment (SIMs, parcel, eSIM profiles), the shipment lifecycle, the order emails and their jobs, and the quote,
 * create and detail routes. Payments, tracking and the composition roots use it through this index.
 */
export { assertOrderCardPayable, cardTakenByAnotherOrder, givePlanToCard } from './activationPlan';
export { newOrderNo, orderTokenFor, orderTokenHash, type OrderRow } from './create';
export { greetingName } from './emails';
export { parcelAddress } from './fulfilment';
export { orderJobGiveUps, orderJobHandlers } from './jobs';
export { orderReaderOf, orderRoutes } from './routes';
export { applyShipmentEvent } from './shipment';
export { registerFulfilmentHooks, type FulfilmentHooks } from './kindHooks';
export { findOrderFor, type OrderReader } from './view';
