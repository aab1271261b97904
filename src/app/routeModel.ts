/**
 * What a route of the table is (its flags, metadata, screen, redirect, loader, wizard) and whether it is served:
 * the model routes.ts fills in. The router, the guards, the layout and the screens' route lookup read routes through
 * it without importing the table, which imports every screen lazily.
 */
import type { ComponentType } from 'react';

export interface RouteFlags {
  /** Login needed; without a token the user goes to /login?redirect=<path>. */
  hasPermission: boolean;
  /** Shared account layout. */
  hasCommon: boolean;
  /** Route for SMS users: a user with isSmsUser equal to 1 is redirected to /personal (decision 0002). */
  hasIsSmsUser: boolean;
  /** Set on the data-packet and roaming lists. */
  hasPrice: boolean;
  /** No header or footer. */
  noHeaderFooter: boolean;
  /** The mobile header is used on narrow screens for this route. */
  mobileHeader: boolean;
}

/** i18n keys in the `meta` namespace. */
export interface MetaInfo {
  title: string;
  description: string;
  /** Interpolation values of the two keys (e.g. a plan's name). */
  values?: Record<string, string>;
}

/** What a route's metadata may depend on: its params, the query and its loader's data. */
export interface MetaMatch {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  data: unknown;
}

export type ScreenModule = { default: ComponentType };
export type LoaderName = 'home' | 'personal' | 'portal' | 'plans' | 'planDetail' | 'bills' | 'orders' | 'globalOrders' | 'payTest' | 'usage' | 'studio' | 'rates';

/**
 * A wizard of spec section 4 owns a layout route (ARCHITECTURE.md, Statecharts): the routes of one flow are its
 * children, so the flow's actor lives in the layout and survives moving between the steps' URLs. The layout
 * screen of each flow is registered in FLOW_LAYOUTS.
 */
export type FlowName = 'checkout' | 'tracking' | 'activation' | 'activationPlan' | 'topUp'
  | 'bundleChange' | 'flowPacket' | 'roamPack' | 'globalRenewal' | 'protect';

export interface AppRoute {
  path: string;
  flags: RouteFlags;
  metaInfo: MetaInfo;
  screen?: () => Promise<ScreenModule>;
  /** Target path; the query string is kept. */
  redirect?: string;
  /** Spec: "no component shown". */
  empty?: true;
  /** Issue that builds the screen; until then the route goes to /404. */
  servedBy?: 3 | 4 | 'later';
  loader?: LoaderName;
  /** The wizard whose layout route holds this step (see FlowName). */
  flow?: FlowName;
  /**
   * i18n namespaces the screen needs beyond the shell's (CORE_NAMESPACES of i18n/index.ts); absent: all of them.
   * The route's lazy loader loads them with the screen's code.
   */
  namespaces?: readonly string[];
  /**
   * A public page whose first HTML the server renders in the visitor's language, then the browser hydrates (decision
   * 0022): it must render the same from its URL, its loader's data, the language and whether a session is open.
   */
  prerender?: true;
  /** Metadata that depends on the URL or the loaded data; metaInfo when it answers nothing. */
  metaFor?: (match: MetaMatch) => MetaInfo;
}

/** A route is served when it has a screen, a redirect, or shows nothing on purpose. */
export const isServed = (r: AppRoute): boolean => Boolean(r.screen || r.redirect || r.empty);
