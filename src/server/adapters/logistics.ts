/**
 * The shipping carrier: asked to ship a parcel (the SIM cards of an order) to an address; ships after a
 * delay, then tells the carrier and tracking number. The sandbox keeps its parcels in sandbox_parcels.
 */
export interface ShipmentRequest {
  reference: string;            // order number
  service: 'standard' | 'express';
  address: Record<string, unknown>;
  contents: { iccid: string; activationCode: string }[];
}
export interface ShipmentState { carrier: string; trackingNumber: string; shipped: boolean; shippedAt: Date | null }

export interface Logistics {
  /** Idempotent on reference. */
  createShipment(req: ShipmentRequest): Promise<ShipmentState>;
  getShipment(reference: string): Promise<ShipmentState | null>;
  /** Before it ships: a new address (tracking /modify). Returns false once shipped. */
  updateAddress(reference: string, address: Record<string, unknown>): Promise<boolean>;
}
