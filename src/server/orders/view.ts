/**
 * Reading an order back: only its buyer may (the customer it belongs to, or whoever holds its order token),
 * and it reads as spec section 3's Order (contract orderData).
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderData } from '../../contract/orders';
import { orderActivationStatus } from '../../domain/activation';
import type { Deps } from '../context';
import { orders, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { orderTokenHash, type OrderRow } from './create';
import { payMethodsFor } from '../accounts';
import { orderStudent } from '../students';

export interface OrderReader { customerId: number | null; orderToken: string | null }

const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** "No related content or record" both for an unknown number and for someone else's order: no enumeration. */
export async function findOrderFor(deps: Deps, orderNo: string, reader: OrderReader): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo.trim().toUpperCase()));
  const owner = order && reader.customerId !== null && order.customerId === reader.customerId;
  const holder = order && reader.orderToken && sameDigest(order.accessTokenHash, orderTokenHash(reader.orderToken));
  if (!order || !(owner || holder)) throw new GatewayError('noRecord');
  return order;
}

export async function orderData(deps: Deps, order: OrderRow, viewerCustomerId: number | null): Promise<OrderData> {
  const [orderSims, payMethods, student] = await Promise.all([
    // A plan bought for a card being activated: that card's status is the order's.
    deps.db.select().from(sims).where(order.activationIccid ? eq(sims.iccid, order.activationIccid) : eq(sims.orderId, order.id)).orderBy(sims.iccid),
    payMethodsFor(deps, viewerCustomerId),
    orderStudent(deps.db, order.id),
  ]);
  const s = order.shipping;
  return {
    // A top-up never reaches here (orderDetail refuses it): orders of this view are plan or global SIM orders, or a
    // replacement card (shown as a plan order; "My orders" names it from its list entry).
    orderNo: order.orderNo, kind: order.kind === 'global' ? 'global' : 'plan', status: order.status, planId: order.planId, globalPackId: order.globalPackId,
    planName: order.planName, months: order.months, simType: order.simType, simCount: order.simCount,
    unitPriceCents: order.unitPriceCents, planCostCents: order.planCostCents, multiMonthDiscountCents: order.multiMonthDiscountCents,
    couponCode: order.couponCode, discountCents: order.discountCents, referralCode: order.referralCode,
    shippingMethod: order.shippingMethod, shippingFeeCents: order.shippingFeeCents, taxCents: order.taxCents,
    payAmountCents: order.payAmountCents, autoRenew: order.autoRenew, channel: order.channel, reasons: order.reasons,
    email: order.email, payMethod: order.payMethod, failureCode: order.failureCode, fulfilment: order.fulfilment,
    activationStatus: orderActivationStatus(orderSims.map((sim) => sim.status)), logisticsStatus: order.logisticsStatus,
    carrier: order.carrier, trackingNumber: order.trackingNumber, sentAt: order.sentAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null, createdAt: order.createdAt.toISOString(),
    shipping: {
      country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn, address1: s.address1 ?? null,
      address2: s.address2 ?? null, city: s.city ?? null, state: s.state ?? null, zip: s.zip ?? null,
    },
    activationIccid: order.activationIccid,
    student, promotionPlatform: order.promotionPlatform, activityCode: order.activityCode,
    payMethods,
    esims: orderSims.filter((sim) => sim.orderId === order.id && sim.simType === 'esim' && sim.smdpAddress && sim.matchingId && sim.qrExpiresAt).map((sim) => ({
      iccid: sim.iccid, lpa: `LPA:1$${sim.smdpAddress}$${sim.matchingId}`, qrExpiresAt: sim.qrExpiresAt!.toISOString(),
    })),
  };
}
