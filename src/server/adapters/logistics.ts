/**
 * The shipping carrier: asked to ship a parcel (the SIM cards of an order) to an address; ships after a delay,
 * then the parcel has a send time. Carrier and tracking number are known from the request (the label), as with
 * real carriers. The sandbox keeps its parcels in sandbox_parcels.
 */
export interface ShipmentRequest {
  /** The order number: one parcel per order, so asking again answers the same parcel. */
  reference: string;
  service: 'standard' | 'express';
  address: ParcelAddress;
  /** What goes in the parcel: the cards, with the activation code printed on each. */
  contents: { iccid: string; activationCode: string }[];
}

export type ParcelAddress = {
  country: 'US' | 'CN';
  name: string;
  phone: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
};

/** 'USPS' (standard, US), 'UPS' (express, US), 'SF Express' (China). */
export type Carrier = 'USPS' | 'UPS' | 'SF Express';

export interface ShipmentState {
  reference: string;
  carrier: Carrier;
  trackingNumber: string;
  shipped: boolean;
  /** When the parcel was sent; null before. */
  shippedAt: Date | null;
  /** When the carrier will send it (its pick-up time); the gateway looks again then. */
  shipsAt: Date;
}

export interface Logistics {
  /** Idempotent on reference. */
  createShipment(req: ShipmentRequest): Promise<ShipmentState>;
  getShipment(reference: string): Promise<ShipmentState | null>;
  /** A new address before the parcel ships (tracking /modify): 'shipped' once it has, 'unknown' for no such parcel. */
  updateAddress(reference: string, address: ParcelAddress): Promise<'updated' | 'shipped' | 'unknown'>;
}
