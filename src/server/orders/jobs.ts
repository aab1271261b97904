/** The job kinds of the orders area (decision 0006), gathered with every area's by jobs/handlers.ts. */
import type { GiveUpPayload, JobHandler } from '../jobs/types';
import { emailJobGiveUps, emailJobHandlers } from './emailJobs';
import { fulfilGivenUp, fulfilOrder } from './fulfilment';
import { pollShipment } from './shipment';

export const orderJobHandlers: Record<string, JobHandler> = {
  /** {orderNo}: enqueued by payment in the transaction that marks the order paid. */
  'order.fulfil': fulfilOrder,
  /** {orderNo}: scheduled at the time the carrier said the parcel would ship. */
  'shipment.poll': pollShipment,
  ...emailJobHandlers,
};

/** What an order job that gave up keeps: the fulfilment and the eSIM email drop the activation codes (decision 0007). */
export const orderJobGiveUps: Record<string, GiveUpPayload> = {
  'order.fulfil': fulfilGivenUp,
  ...emailJobGiveUps,
};
