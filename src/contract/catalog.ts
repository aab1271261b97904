import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';

/** Spec section 1: a US monthly plan. Money is integer cents. */
export const planSchema = z.object({
  id: z.number().int(),
  slug: z.string(),              // '5gb-plan' (route /plans/{slug})
  kind: z.enum(['us', 'global']),
  name: z.string(),              // '5GB' (not translated: a product name)
  highSpeedDataMb: z.number().int().nullable(), // null = unlimited high-speed data
  monthlyPriceCents: z.number().int(),
  /** Minutes of US calls; null = unlimited. The $10 plan and the 500MB plan have 500 minutes. */
  usMinutes: z.number().int().nullable(),
  inclusions: z.array(z.string()), // inclusion keys in the `plans` namespace, e.g. 'unlimitedUsCalls'
  promotionEligible: z.boolean(),  // false for the 500MB plan: "excluded from discount and referral promotions"
  simTypes: z.array(z.enum(['physical', 'esim'])),
  featured: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const multiMonthSchema = z.object({ months: z.number().int(), discountPercent: z.number() });

export const globalRegionSchema = z.object({
  code: z.string(),               // 'usCanada', 'anz', 'europe', 'asia'
  destinations: z.array(z.string().length(2)), // ISO 3166-1 alpha-2, names from Intl.DisplayNames
});

export const globalPackSchema = z.object({
  id: z.number().int(),
  regionCode: z.string(),
  dataMb: z.number().int(),
  days: z.number().int(),
  priceCents: z.number().int(),
});

export const bundleListData = z.object({
  plans: z.array(planSchema),
  multiMonth: z.array(multiMonthSchema),
  global: z.object({ regions: z.array(globalRegionSchema), packs: z.array(globalPackSchema), simTypes: z.array(z.enum(['physical', 'esim'])) }),
});
export type BundleList = z.infer<typeof bundleListData>;

export const bundleList = defineEndpoint({
  id: 'bundleList',
  method: 'POST',
  path: `${PCAPP}/order/bundleList`,
  summary: 'The catalogue: US plans, multi-month discounts, global data SIM regions and packs.',
  body: z.object({ kind: z.enum(['us', 'global']).optional() }).optional(),
  response: bundleListData,
});
