/**
 * What the route loaders (src/app/loaders.ts) hand to their screens: the gateway's answers a page needs, gathered,
 * with a flag when a call failed. Data shapes only; screens read them with useLoaderData.
 */
import type { ActivationView } from './activation';
import type { BundleList, Partner, Plan } from './catalog';
import type { UserInfo } from './personal';
import type { PortalHome } from './portal';
import type { BillEntry, BillMonth, MyOrderSummary, OrderPaymentLine } from './money';
import type { OrderData } from './orders';
import type { IldRates, UsageList } from './usage';

export type { Partner };

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
  /** The plan, its sequence and data, the SIM and balances (portalHome); null when it could not be read. */
  home?: PortalHome | null;
}

/** /package: the plan in force with its inclusions and the plans that follow. */
export interface PortalData {
  home: PortalHome | null;
  loadError: boolean;
}

/** /mybill: the months (paged) and the bill of the month shown (the newest when none is named). */
export interface BillsData {
  list: { months: BillMonth[]; total: number; page: number; pageSize: number } | null;
  bill: (BillMonth & { entries: BillEntry[] }) | null;
  loadError: boolean;
}

/** /personal/myorder and /global/myorder: the orders (paged) and the one opened, with its payments. */
export interface OrdersData {
  kind: 'plan' | 'global';
  list: { orders: MyOrderSummary[]; total: number; page: number; pageSize: number } | null;
  detail: { order: OrderData; payments: OrderPaymentLine[] } | null;
  loadError: boolean;
}

/** /rates (issue 18): every country's rates, the table calls are charged from, or the flag that it failed. */
export interface RatesData {
  rates: IldRates['rates'] | null;
  loadError: boolean;
}

/** A usage page (/callrecord, /internet, /message, /recharge): the month's page of records, or the flag that it failed. */
export interface UsagePageData {
  list: UsageList | null;
  loadError: boolean;
}
