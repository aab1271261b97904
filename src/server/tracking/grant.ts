/**
 * /tracking on the gateway: after the emailed code is proven, a short-lived grant (random, stored as sha256)
 * reads the order's shipment and may change its shipping address while it has not shipped. The change goes
 * through the shipment chart (`shipment.changeAddress`, refused once shipped), to the order and to the carrier.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { TrackingView } from '../../contract/tracking';
import { orderActivationStatus } from '../../domain/activation';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, sims, trackingGrants, type ShippingInfo } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { newToken, sha256 } from '../secrets';
import { spendTrackingCode, type TrackingPair } from './codes';
import { applyShipmentEvent, parcelAddress } from '../orders';

type OrderRow = typeof orders.$inferSelect;

/** Long enough to read the result and fill in a new address, short enough that a forgotten tab does not keep access. */
export const TRACKING_GRANT_TTL_MS = 30 * 60_000;

/** "The shipping address can be changed while the order is paid and not shipped" (a posted SIM only). */
const canModify = (order: OrderRow) => order.status === 'paid' && order.simType === 'physical' && order.logisticsStatus === 'not_shipped';

export async function trackingViewOf(deps: Deps, order: OrderRow): Promise<TrackingView> {
  const orderSims = await deps.db.select({ status: sims.status }).from(sims).where(eq(sims.orderId, order.id));
  const s = order.shipping;
  return {
    orderNo: order.orderNo,
    shipped: order.logisticsStatus === 'shipped',
    logisticsStatus: order.logisticsStatus,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    sentAt: order.sentAt?.toISOString() ?? null,
    planName: order.planName,
    months: order.months,
    simType: order.simType,
    simCount: order.simCount,
    payAmountCents: order.payAmountCents,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    autoRenew: order.autoRenew,
    activationStatus: orderActivationStatus(orderSims.map((r) => r.status)),
    shipping: {
      country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn, phone: s.phone,
      firstNameZh: s.firstNameZh ?? null, lastNameZh: s.lastNameZh ?? null,
      address1: s.address1 ?? null, address2: s.address2 ?? null, city: s.city ?? null, state: s.state ?? null, zip: s.zip ?? null,
    },
    canModify: canModify(order),
  };
}

/** Proves the code (the captcha was checked before), then hands out a grant for this one order. */
export async function searchTracking(deps: Deps, input: TrackingPair & { code: string }): Promise<{ trackingToken: string; order: TrackingView }> {
  await spendTrackingCode(deps, input);
  const [order] = await deps.db.select().from(orders).where(and(eq(orders.orderNo, input.orderNo), eq(orders.email, input.email)));
  // Only reachable by guessing the never-sent code of an unmatched pair: the same answer as an unknown order elsewhere.
  if (!order) throw new GatewayError('noRecord');
  const trackingToken = newToken();
  const now = deps.clock.now();
  await deps.db.insert(trackingGrants).values({
    tokenHash: sha256(trackingToken), orderNo: order.orderNo, createdAt: now, expiresAt: new Date(now.getTime() + TRACKING_GRANT_TTL_MS),
  });
  return { trackingToken, order: await trackingViewOf(deps, order) };
}

/** An unknown or expired grant is 'ticketInvalid' (400), not 401: a 401 would send the visitor to /login. */
async function grantedOrderNo(deps: Deps, token: string): Promise<string> {
  const [grant] = await deps.db.select({ orderNo: trackingGrants.orderNo }).from(trackingGrants)
    .where(and(eq(trackingGrants.tokenHash, sha256(token)), gt(trackingGrants.expiresAt, deps.clock.now())));
  if (!grant) throw new GatewayError('ticketInvalid');
  return grant.orderNo;
}

export async function modifyShippingAddress(deps: Deps, input: { trackingToken: string; shipping: ShippingInfo; lang: Language }): Promise<TrackingView> {
  const orderNo = await grantedOrderNo(deps, input.trackingToken);
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new GatewayError('noRecord');
  if (order.logisticsStatus === 'shipped') throw new GatewayError('alreadyShipped');
  // An eSIM is never posted and an unpaid order is not fulfilled: there is no parcel address to change.
  if (order.status !== 'paid' || order.simType !== 'physical') throw new GatewayError('noRecord');
  // The carrier, the shipping fee and the express rule were chosen for this country.
  if (input.shipping.country !== order.shipping.country) {
    const message = t(input.lang, 'validation:format', { field: t(input.lang, 'validation:fields.country'), message: t(input.lang, 'validation:country.unchangeable') });
    throw new GatewayError('validation', { message, data: { field: 'shipping.country' } });
  }
  // The email is where the order's codes and updates go; the address change does not move it.
  const shipping: ShippingInfo = { ...input.shipping, email: order.email };
  // The carrier first: if the parcel has left, nothing changes here either.
  const atCarrier = await deps.logistics.updateAddress(orderNo, parcelAddress(shipping));
  if (atCarrier === 'shipped') throw new GatewayError('alreadyShipped');
  const keepNewAddress = async (tx: Db) => {
    await tx.update(orders).set({ shipping, updatedAt: deps.clock.now() }).where(eq(orders.orderNo, orderNo));
  };
  try {
    await applyShipmentEvent(deps, orderNo, { type: 'shipment.changeAddress' }, { keepNewAddress }, { address: parcelAddress(shipping) });
  } catch (error) {
    // The carrier took the new address, then the parcel left before the chart saw the change (the shipment poll
    // recorded it meanwhile): the parcel travels to the new address, so the order says so and the buyer is told
    // the change was made.
    if (!(atCarrier === 'updated' && error instanceof GatewayError && error.code === 'alreadyShipped')) throw error;
    await keepNewAddress(deps.db);
  }
  const [updated] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return trackingViewOf(deps, updated!);
}
