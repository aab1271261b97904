/**
 * The order summary, always recomputed by the gateway from the catalogue, the codes and the tax service with
 * src/domain/pricing.ts `quote()`; the client only ever shows this answer (issue 3, Checkout).
 */
import { and, eq } from 'drizzle-orm';
import type { QuoteData } from '../../contract/orders';
import { MAX_SIMS_PER_ORDER, multiMonthPercentFor, quote, type CodeDiscount, type ShippingCountry, type ShippingMethod } from '../../domain/pricing';
import type { Deps } from '../context';
import { globalPacks, multiMonthDiscounts, plans } from '../db/schema';
import { GatewayError } from '../http/errors';
import { checkCoupon, checkReferral, fieldError } from './quoteCodes';

export interface TaxAddress { country: 'US' | 'CN'; state: string; zip: string }

export interface QuoteAsk {
  planId: number | null;
  globalPackId: number | null;
  months: number;
  simType: 'physical' | 'esim';
  simCount: number;
  shippingCountry: ShippingCountry | null;
  shippingMethod: ShippingMethod;
  /** Where tax is computed; null: no US address yet, so no tax. */
  taxAddress: TaxAddress | null;
  /** The form field a wrong postal code is shown next to (120077), e.g. 'billing.zip'. */
  taxZipField: string;
  couponCode: string | null;
  referralCode: string | null;
}

/** What was bought, as the order keeps it. */
export interface Product { kind: 'plan' | 'global'; planId: number | null; globalPackId: number | null; planName: string; monthlyPriceCents: number }

export const globalPackName = (dataMb: number, days: number) =>
  `Global SIM ${dataMb % 1024 === 0 ? `${dataMb / 1024}GB` : `${dataMb}MB`} / ${days} days`;

async function findProduct(deps: Deps, ask: QuoteAsk): Promise<Product & { promotionEligible: boolean }> {
  if (ask.planId != null) {
    const [plan] = await deps.db.select().from(plans).where(and(eq(plans.id, ask.planId), eq(plans.kind, 'us')));
    if (!plan || !plan.simTypes.includes(ask.simType)) throw fieldError('productNotFound', 'planId');
    return { kind: 'plan', planId: plan.id, globalPackId: null, planName: plan.name, monthlyPriceCents: plan.monthlyPriceCents, promotionEligible: plan.promotionEligible };
  }
  // The global data SIM comes as a physical SIM or an eSIM for every pack (bundleList global.simTypes).
  const [pack] = await deps.db.select().from(globalPacks).where(eq(globalPacks.id, ask.globalPackId ?? -1));
  if (!pack) throw fieldError('productNotFound', 'planId');
  return { kind: 'global', planId: null, globalPackId: pack.id, planName: globalPackName(pack.dataMb, pack.days), monthlyPriceCents: pack.priceCents, promotionEligible: true };
}

/**
 * The multi-month discount by the one rule the plan pages show too (src/domain/pricing.ts multiMonthPercentFor):
 * "The 500MB plan is excluded from discount and referral promotions", so it is bought for months at full price.
 */
async function multiMonthPercent(deps: Deps, product: Product & { promotionEligible: boolean }, months: number): Promise<number> {
  if (product.kind === 'global') return 0;
  const offers = await deps.db.select().from(multiMonthDiscounts);
  if (!offers.some((o) => o.months === months)) throw fieldError('productNotFound', 'months');
  return multiMonthPercentFor(product, months, offers);
}

/** "Shipping ... free in US and China, express 1-3 days": express only for a physical SIM sent to the US. */
function shippingMethodOf(ask: QuoteAsk): ShippingMethod {
  if (ask.simType === 'esim') return 'standard';
  if (ask.shippingMethod === 'express' && ask.shippingCountry !== 'US') {
    throw new GatewayError('validation', { messageKey: 'validation:shippingMethod.expressUsOnly', data: { field: 'shippingMethod' } });
  }
  return ask.shippingMethod;
}

async function taxRateBps(deps: Deps, ask: QuoteAsk): Promise<number> {
  if (!ask.taxAddress || ask.taxAddress.country !== 'US') return 0;
  try {
    return await deps.tax.rateBps(ask.taxAddress);
  } catch (e) {
    if (e instanceof GatewayError) throw new GatewayError(e.code, { ...e.options, data: { field: ask.taxZipField } });
    throw e;
  }
}

export async function computeQuote(deps: Deps, ask: QuoteAsk, customerId: number | null): Promise<{ quote: QuoteData; product: Product }> {
  const now = deps.clock.now();
  const product = await findProduct(deps, ask);
  const months = product.kind === 'global' ? 1 : ask.months;
  // "SIM max 10 per order (120082 beyond)".
  if (ask.simCount > MAX_SIMS_PER_ORDER) throw fieldError('120082', 'simCount');
  // "The 500MB plan is excluded from discount and referral promotions."
  if (!product.promotionEligible && (ask.couponCode || ask.referralCode)) {
    throw fieldError('promotionNotEligible', ask.couponCode ? 'couponCode' : 'referralCode');
  }
  let code: CodeDiscount | null = null;
  if (ask.couponCode) code = await checkCoupon(deps.db, ask.couponCode, now);
  if (ask.referralCode) await checkReferral(deps.db, ask.referralCode, now, customerId);
  const shippingMethod = shippingMethodOf(ask);
  const [percent, rate] = await Promise.all([multiMonthPercent(deps, product, months), taxRateBps(deps, ask)]);
  const q = quote({
    monthlyPriceCents: product.monthlyPriceCents, months, multiMonthPercent: percent, simCount: ask.simCount,
    simType: ask.simType, shippingCountry: ask.shippingCountry, shippingMethod, code, taxRateBps: rate,
  });
  return {
    product,
    quote: {
      planId: product.planId, globalPackId: product.globalPackId, planName: product.planName,
      monthlyPriceCents: product.monthlyPriceCents, months, simCount: ask.simCount, multiMonthPercent: percent,
      planCostCents: q.planCostCents, multiMonthDiscountCents: q.multiMonthDiscountCents,
      couponCode: ask.couponCode, codeDiscountCents: q.codeDiscountCents, referralCode: ask.referralCode,
      shippingMethod, shippingCents: q.shippingCents, taxRateBps: rate, taxCents: q.taxCents, totalCents: q.totalCents,
    },
  };
}
