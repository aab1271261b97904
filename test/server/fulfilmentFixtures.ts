/**
 * Paid orders for the fulfilment, shipment and tracking suites: inserted as payment leaves them (status 'paid',
 * 'order.fulfil' enqueued in the same transaction), so these suites do not depend on the payment flow. One suite
 * (fulfilment.checkout.test.ts) goes through createOrder + payOrder as a buyer does.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import { globalPacks, orders, plans, type ShippingInfo } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/jobs/queue';
import { runDueJobs } from '../../src/server/jobs/runner';
import type { TestServer } from '../support/server';

export interface PaidOrderOptions {
  simType?: 'physical' | 'esim';
  simCount?: number;
  months?: 1 | 3 | 6 | 12;
  email?: string;
  lang?: 'en' | 'zh-Hans' | 'zh-Hant';
  /** A global data SIM pack instead of a US plan. */
  global?: boolean;
  country?: 'US' | 'CN';
  shippingMethod?: 'standard' | 'express';
  couponCode?: string | null;
}

export const uniqueEmail = (local = 'buyer') => `${local}.${randomBytes(4).toString('hex')}@example.com`;
export const newOrderNo = () => `LBT${randomInt(10_000_000, 99_999_999)}`;

export const US_ADDRESS = { address1: '140 W Valley Blvd', address2: 'Apt 5', city: 'San Gabriel', state: 'CA', zip: '91776' };
export const CN_ADDRESS = { address1: '浦东新区世纪大道 100 号', address2: null, city: '上海市', state: '上海', zip: '200120' };

export async function insertPaidOrder(server: TestServer, opts: PaidOrderOptions = {}) {
  const orderNo = newOrderNo();
  const email = opts.email ?? uniqueEmail();
  const simType = opts.simType ?? 'esim';
  const simCount = opts.simCount ?? 1;
  const months = opts.global ? 1 : opts.months ?? 3;
  const country = opts.country ?? 'US';
  const [plan] = await server.db.select().from(plans).where(eq(plans.slug, '5gb-plan'));
  const [pack] = await server.db.select().from(globalPacks).where(eq(globalPacks.regionCode, 'asia')).limit(1);
  const monthly = opts.global ? pack!.priceCents : plan!.monthlyPriceCents;
  const planCostCents = monthly * months * simCount;
  const multiMonthDiscountCents = months === 3 ? Math.round(planCostCents * 0.07) : 0;
  const discountCents = opts.couponCode ? Math.round((planCostCents - multiMonthDiscountCents) * 0.1) : 0;
  const shippingFeeCents = simType === 'physical' && opts.shippingMethod === 'express' ? 1200 : 0;
  const taxCents = Math.round((planCostCents - multiMonthDiscountCents - discountCents) * 0.095);
  const shipping: ShippingInfo = {
    country, firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', phone: '6265550142', email,
    ...(simType === 'physical' ? (country === 'US' ? US_ADDRESS : CN_ADDRESS) : {}),
  };
  const now = server.clock.now();
  await server.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.insert(orders).values({
      orderNo, kind: opts.global ? 'global' : 'plan', idempotencyKey: `test-${orderNo}`, requestHash: 'test', accessTokenHash: 'test',
      status: 'paid', planId: opts.global ? null : plan!.id, globalPackId: opts.global ? pack!.id : null,
      planName: opts.global ? 'Asia 1GB / 7 days' : plan!.name, months, simType, simCount, unitPriceCents: monthly, planCostCents,
      multiMonthDiscountCents, couponCode: opts.couponCode ?? null, discountCents, referralCode: null,
      shippingMethod: opts.shippingMethod ?? 'standard', shippingFeeCents, taxRateBps: 950, taxCents,
      payAmountCents: planCostCents - multiMonthDiscountCents - discountCents + shippingFeeCents + taxCents,
      autoRenew: false, channel: 'friend', reasons: ['price'], email, lang: opts.lang ?? 'en', shipping,
      billing: { country: 'US', ...US_ADDRESS }, payMethod: 'bank_card', paidAt: now, createdAt: now, updatedAt: now,
    });
    await enqueueJob(tx, { kind: 'order.fulfil', dedupeKey: `order.fulfil:${orderNo}`, payload: { orderNo }, runAt: now });
  });
  return { orderNo, email };
}

export const runJobs = (server: TestServer) => runDueJobs(server.app.deps);

export async function orderRow(server: TestServer, orderNo: string) {
  const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}

/** The emails sent to this address, oldest first, with their HTML part. */
export async function emailsTo(server: TestServer, email: string) {
  const messages = await server.outbox(email);
  return messages.reverse().map((m) => ({ ...m, html: typeof m.meta.html === 'string' ? m.meta.html : '' }));
}
