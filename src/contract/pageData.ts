/**
 * What the route loaders (src/app/loaders.ts) hand to their screens: the gateway's answers a page needs, gathered,
 * with a flag when a call failed. Data shapes only; screens read them with useLoaderData.
 */
import type { z } from 'zod';
import type { ActivationView } from './activation';
import type { BundleList, Plan } from './catalog';
import type { partnerSchema } from './common';
import type { UserInfo } from './personal';
import type { UsageList } from './usage';

export type Partner = z.infer<typeof partnerSchema>;

export interface HomeData {
  catalog: BundleList | null;
  partners: Partner[];
  /** The catalogue could not be loaded: the page says so and still renders. */
  catalogError: boolean;
}

export interface PlansData {
  catalog: BundleList | null;
  /** The catalogue could not be loaded: the page says so and still renders. */
  catalogError: boolean;
}

export interface PlanDetailData extends PlansData {
  slug: string;
  /** Null only when the catalogue failed (an unknown slug answers 'notFound'). */
  plan: Plan | null;
}

export interface PersonalHomeData {
  user: UserInfo | null;
  loadError: boolean;
  /** The customer's activations, newest first (port-ins in progress show there); null when they could not be read. */
  activations?: ActivationView[] | null;
}

/** A usage page (/callrecord, /internet, /message, /recharge): the month's page of records, or the flag that it failed. */
export interface UsagePageData {
  list: UsageList | null;
  loadError: boolean;
}
