/**
 * The catalogue and the home page's partners: what the public pages validate on their first load. Written with
 * zod/mini (the same schemas and checks, as functions rather than methods) so those pages fetch about 6 KB of zod
 * instead of the classic API's 24 KB (decision 0023); the gateway validates with these same schemas.
 */
import * as z from 'zod/mini';
import { defineEndpoint, PCAPP } from './endpoint';

const int = () => z.int();
const simType = z.enum(['physical', 'esim']);

/** Spec section 1: a US monthly plan. Money is integer cents. */
export const planSchema = z.object({
  id: int(),
  slug: z.string(),              // '5gb-plan' (route /plans/{slug})
  kind: z.enum(['us', 'global']),
  name: z.string(),              // '5GB' (not translated: a product name)
  highSpeedDataMb: z.nullable(int()), // null = unlimited high-speed data
  monthlyPriceCents: int(),
  /** Minutes of US calls; null = unlimited. The $10 plan and the 500MB plan have 500 minutes. */
  usMinutes: z.nullable(int()),
  inclusions: z.array(z.string()), // inclusion keys in the `plans` namespace, e.g. 'unlimitedUsCalls'
  promotionEligible: z.boolean(),  // false for the 500MB plan: "excluded from discount and referral promotions"
  simTypes: z.array(simType),
  featured: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const multiMonthSchema = z.object({ months: int(), discountPercent: z.number() });

export const globalRegionSchema = z.object({
  code: z.string(),               // 'usCanada', 'anz', 'europe', 'asia'
  destinations: z.array(z.string().check(z.length(2))), // ISO 3166-1 alpha-2, names from Intl.DisplayNames
});

export const globalPackSchema = z.object({
  id: int(),
  regionCode: z.string(),
  dataMb: int(),
  days: int(),
  priceCents: int(),
});

export const bundleListData = z.object({
  plans: z.array(planSchema),
  multiMonth: z.array(multiMonthSchema),
  global: z.object({ regions: z.array(globalRegionSchema), packs: z.array(globalPackSchema), simTypes: z.array(simType) }),
});
export type BundleList = z.infer<typeof bundleListData>;

export const bundleList = defineEndpoint({
  id: 'bundleList',
  method: 'POST',
  path: `${PCAPP}/order/bundleList`,
  summary: 'The catalogue: US plans, multi-month discounts, global data SIM regions and packs.',
  body: z.optional(z.object({ kind: z.optional(z.enum(['us', 'global'])) })),
  response: bundleListData,
});

export const partnerSchema = z.object({
  id: int(),
  name: z.string(),
  category: z.string(),
  url: z.string(),
  logoText: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partners = defineEndpoint({
  id: 'partners',
  method: 'GET',
  path: `${PCAPP}/common/partners`,
  summary: 'Partner entries shown on the home page.',
  response: z.object({ partners: z.array(partnerSchema) }),
});
