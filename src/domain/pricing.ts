/**
 * Pricing of spec sections 1 and 9, pure and shared: the checkout summary on the client and the gateway's
 * authoritative recomputation use this one function. Money is integer cents; each line is rounded once.
 */
export const MAX_SIMS_PER_ORDER = 10;          // "SIM max 10 per order" (120082 beyond)
/** "Multi-month plans of 1, 3, 6 and 12 months ... and a 4-month offer" (decision 0028). */
export const PLAN_MONTHS = [1, 3, 4, 6, 12] as const;
export type PlanMonths = (typeof PLAN_MONTHS)[number];

/**
 * "Shipping 2-5 business days, free in US and China, express 1-3 days". The express price is ours
 * (the spec names the service, not the price): $12.00 per order, US addresses only.
 */
export const EXPRESS_SHIPPING_CENTS = 1200;
export const SHIPPING_COUNTRIES = ['US', 'CN'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
export type ShippingMethod = 'standard' | 'express';
/** Express shipping is offered to US addresses only ("express 1-3 days" is a US carrier's service). */
export const expressShipsTo = (country: string | null | undefined): boolean => country === 'US';

export type CodeDiscount = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

export interface QuoteInput {
  monthlyPriceCents: number;
  months: number;
  /** Multi-month discount of the chosen months, in percent (catalogue). */
  multiMonthPercent: number;
  simCount: number;
  simType: 'physical' | 'esim';
  shippingCountry: ShippingCountry | null;
  shippingMethod: ShippingMethod;
  /** A valid discount code's effect, or null. */
  code: CodeDiscount | null;
  /** Tax rate in basis points (1/100 of a percent) of the tax address; 0 outside the US. */
  taxRateBps: number;
}

export interface Quote {
  /** Monthly price × months × SIMs, before discounts. */
  planCostCents: number;
  multiMonthDiscountCents: number;
  codeDiscountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

const round = (n: number) => Math.round(n);

export interface MultiMonthOffer { months: number; discountPercent: number }

/**
 * The multi-month discount a plan gets for a number of months (catalogue `multiMonth`). "The 500MB plan is
 * excluded from discount and referral promotions": a plan that is not promotion-eligible can still be bought for
 * several months, at the full monthly price. The plan pages and the gateway's quote both ask this function.
 */
export function multiMonthPercentFor(plan: { promotionEligible: boolean }, months: number, offers: readonly MultiMonthOffer[]): number {
  if (!plan.promotionEligible) return 0;
  return offers.find((m) => m.months === months)?.discountPercent ?? 0;
}

export function shippingCents(simType: 'physical' | 'esim', country: ShippingCountry | null, method: ShippingMethod): number {
  if (simType === 'esim') return 0;           // nothing to ship
  if (method === 'express' && expressShipsTo(country)) return EXPRESS_SHIPPING_CENTS;
  return 0;                                    // standard: free in the US and China
}

export function quote(input: QuoteInput): Quote {
  const planCostCents = input.monthlyPriceCents * input.months * input.simCount;
  const multiMonthDiscountCents = round((planCostCents * input.multiMonthPercent) / 100);
  const afterMultiMonth = planCostCents - multiMonthDiscountCents;
  const codeDiscountCents = !input.code
    ? 0
    : input.code.kind === 'percent'
      ? round((afterMultiMonth * input.code.percent) / 100)
      : Math.min(input.code.cents, afterMultiMonth);
  const ship = shippingCents(input.simType, input.shippingCountry, input.shippingMethod);
  const taxable = afterMultiMonth - codeDiscountCents; // service is taxed, shipping is not
  const taxCents = round((taxable * input.taxRateBps) / 10_000);
  return {
    planCostCents, multiMonthDiscountCents, codeDiscountCents, shippingCents: ship, taxCents,
    totalCents: taxable + ship + taxCents,
  };
}
