/**
 * What the plan pages show, from the catalogue (bundleList) and the customer's choice of months and SIM type:
 * pure functions, testable without React. Prices come from src/domain/pricing.ts, the same rule the checkout's
 * quote uses, so a price on these pages is the price at checkout (before tax and codes).
 */
import type { BundleList, Plan } from '../../src/contract/catalog';
import { multiMonthPercentFor, PLAN_MONTHS, quote, type PlanMonths } from '../../src/domain/pricing';

export type SimType = 'physical' | 'esim';
export const SIM_TYPES: readonly SimType[] = ['physical', 'esim'];
type Offers = BundleList['multiMonth'];

export interface PlanChoice { months: PlanMonths; simType: SimType }
export const DEFAULT_CHOICE: PlanChoice = { months: 1, simType: 'physical' };

export interface PlanPrice {
  months: number;
  /** Multi-month discount in percent (0 for one month and for plans excluded from promotions). */
  percent: number;
  /** What one month costs within the term, rounded to the cent. */
  perMonthCents: number;
  totalCents: number;
  /** The same months at the one-month price. */
  fullCents: number;
  savedCents: number;
}

/** Price of one SIM of a plan for a number of months: no shipping (eSIM, or free standard shipping), no code, no tax. */
export function priceFor(plan: Pick<Plan, 'monthlyPriceCents' | 'promotionEligible'>, months: number, offers: Offers): PlanPrice {
  const percent = multiMonthPercentFor(plan, months, offers);
  const q = quote({
    monthlyPriceCents: plan.monthlyPriceCents, months, multiMonthPercent: percent, simCount: 1, simType: 'esim',
    shippingCountry: null, shippingMethod: 'standard', code: null, taxRateBps: 0,
  });
  return {
    months, percent,
    perMonthCents: Math.round(q.totalCents / months),
    totalCents: q.totalCents,
    fullCents: q.planCostCents,
    savedCents: q.multiMonthDiscountCents,
  };
}

/** The months the catalogue offers, in the spec's order (1, 3, 6, 12), with their discount. */
export const monthOptions = (offers: Offers): { months: PlanMonths; percent: number }[] =>
  PLAN_MONTHS.filter((m) => m === 1 || offers.some((o) => o.months === m))
    .map((months) => ({ months, percent: offers.find((o) => o.months === months)?.discountPercent ?? 0 }));

/** The US plans, cheapest first. */
export const usPlans = (catalog: BundleList | null): Plan[] =>
  (catalog?.plans ?? []).filter((p) => p.kind === 'us').sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);

const isMonths = (n: number): n is PlanMonths => (PLAN_MONTHS as readonly number[]).includes(n);
const isSimType = (v: string | null): v is SimType => v === 'physical' || v === 'esim';

/** The choice kept in the page's query (?months=&simType=), so a shared or reloaded link shows the same prices. */
export function choiceFrom(search: URLSearchParams, fallback: PlanChoice = DEFAULT_CHOICE): PlanChoice {
  const months = Number(search.get('months'));
  const simType = search.get('simType');
  return { months: isMonths(months) ? months : fallback.months, simType: isSimType(simType) ? simType : fallback.simType };
}

export function withChoice(search: URLSearchParams, choice: Partial<PlanChoice>): URLSearchParams {
  const next = new URLSearchParams(search);
  if (choice.months !== undefined) next.set('months', String(choice.months));
  if (choice.simType !== undefined) next.set('simType', choice.simType);
  return next;
}

/** TEAM.md "Client URLs between pages": the checkout reads these. */
export const planBuyHref = (plan: Pick<Plan, 'slug'>, choice: PlanChoice): string =>
  `/plans/bundleForm?${new URLSearchParams({ plan: plan.slug, months: String(choice.months), simType: choice.simType })}`;

export const packBuyHref = (packId: number, simType: SimType): string =>
  `/plans/bundleForm?${new URLSearchParams({ pack: String(packId), simType })}`;

/** A plan the customer can buy on this SIM type (the catalogue lists the SIM types of each plan). */
export const offersSimType = (plan: Pick<Plan, 'simTypes'>, simType: SimType): boolean => plan.simTypes.includes(simType);

/**
 * The inclusions of spec section 1 as i18n keys of the `plans` namespace, high-speed data first. The catalogue names
 * each inclusion (`unlimitedUsCalls`, or `usMinutes500` for the plans with reduced inclusions).
 */
export const inclusionKeys = (plan: Pick<Plan, 'inclusions'>): string[] => plan.inclusions.map((key) => `inclusions.${key}`);
