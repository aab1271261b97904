/** Model of the shipment lifecycle (machines/shipment.machine.ts): no guards, so one payload per event suffices. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const SHIPPED = { carrier: 'USPS', trackingNumber: '9400111899562537866361', sentAt: '2026-11-23T18:00:00.000Z' };

export const shipmentModel: ChartModel = {
  entry: chartById('shipment')!,
  payloads: { 'shipment.ship': [SHIPPED] },
};
