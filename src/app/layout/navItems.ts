/** Header and footer entries of spec section 2. Labels are keys in the `layout` namespace. */
import type { PersonalData } from '../../storage';
import { loginPath } from '../navigation';
import { isServed, type AppRoute } from '../routeModel';

export interface NavItem {
  to: string;
  label: string;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/plans', label: 'header.plans' },
  { to: '/plans/global', label: 'header.globalSim' },
  { to: '/esim', label: 'header.esim' },
];

export const ACTIVATE: NavItem = { to: '/activation', label: 'header.activate' };

export const SUPPORT_ITEMS: NavItem[] = [
  { to: '/helpSupport', label: 'support.helpCentre' },
  { to: '/videoSupport', label: 'support.videos' },
  { to: '/tracking', label: 'support.tracking' },
  { to: '/coverage', label: 'support.coverage' },
  { to: '/rates', label: 'support.rates' },
  { to: '/phone-detection', label: 'support.phoneCheck' },
  { to: '/aboutUs/contactUs', label: 'support.contactUs' },
];

export const ACCOUNT_ITEMS: NavItem[] = [
  { to: '/personal', label: 'account.myPlan' },
  { to: '/personal/pay/changeAccount', label: 'account.topUp' },
  { to: '/personal/businessManegement/bundleChange', label: 'account.changePlan' },
  { to: '/personal/doubleNumber/openDouble', label: 'account.chinaNumber' },
  { to: '/personal/myinfo', label: 'account.myInfo' },
  { to: '/mybill', label: 'account.bills' },
  { to: '/resetpwd', label: 'account.changePassword' },
];

/**
 * The account area's pages, in the side menu's order. `global`: the global data SIM's own page in its place (a
 * global customer lands on the global pages); `gate`: 'autonew' hides it when showAutonewSetBtn is 0 (spec section
 * 2: top-up, plan change and China number), 'usLine' when the account has no US line (isSmsUser 1, decision 0002).
 */
export interface PortalItem extends NavItem {
  global?: string;
  gate?: 'autonew' | 'usLine';
  /** Shown to global data SIM customers too (otherwise only to US customers, unless `global` gives their page). */
  both?: boolean;
}

export const PORTAL_ITEMS: PortalItem[] = [
  { to: '/personal', label: 'account.myPlan', both: true },
  { to: '/package', label: 'portal.package' },
  { to: '/personal/pay/changeAccount', label: 'account.topUp', gate: 'autonew', both: true },
  // Decision 0046: the WeChat Pay agreement that pays top-ups, seen and cancelled here (its page is public: /wechat-signing).
  { to: '/wechat-signing', label: 'portal.wechatAgreement', gate: 'autonew', both: true },
  { to: '/personal/autosubscription/subscription', label: 'portal.autoRenewal', gate: 'autonew' },
  { to: '/personal/businessManegement/bundleChange', label: 'account.changePlan', gate: 'autonew' },
  { to: '/personal/businessManegement/flowPacket', label: 'portal.dataAddOns', gate: 'usLine' },
  { to: '/personal/businessManegement/roamPack', label: 'portal.roaming', gate: 'usLine' },
  { to: '/personal/doubleNumber/openDouble', label: 'account.chinaNumber', gate: 'autonew' },
  { to: '/global/renewalpackage', label: 'portal.globalRenewal', global: '/global/renewalpackage' },
  { to: '/callrecord', label: 'portal.usage', gate: 'usLine' },
  { to: '/mybill', label: 'account.bills', both: true },
  { to: '/mybank', label: 'portal.bankCards', both: true },
  { to: '/welfare', label: 'portal.welfare', both: true },
  { to: '/personal/myorder', label: 'portal.orders', global: '/global/myorder' },
  { to: '/personal/myinfo', label: 'account.myInfo', global: '/global/personal/myinfo' },
  { to: '/person/scanInstall', label: 'portal.scanInstall', global: '/global/scanInstall' },
  { to: '/personal/wificall', label: 'portal.wifiCalling', gate: 'usLine' },
  { to: '/personal/security', label: 'portal.security', gate: 'usLine' },
  { to: '/personal/protect', label: 'portal.protect', gate: 'usLine' },
  { to: '/personal/upgradeNewCard', label: 'portal.upgradeSim', gate: 'usLine' },
  { to: '/resetpwd', label: 'account.changePassword', both: true },
];

export type RouteFinder = (path: string) => AppRoute | undefined;

/** A link leads to a page: its route is served, and a redirect's target too (never a way to /404). */
export function leadsToPage(find: RouteFinder, to: string, hops = 0): boolean {
  const route = find(to.split('?')[0]!);
  if (!route || !isServed(route)) return false;
  return route.redirect ? hops < 3 && leadsToPage(find, route.redirect, hops + 1) : true;
}

/** Nav entries whose page exists: entry points of pages a later issue builds stay hidden until then. */
export const existingItems = <T extends NavItem>(items: readonly T[], find: RouteFinder): T[] => items.filter((i) => leadsToPage(find, i.to));

export interface PortalFlags {
  global: boolean;
  isSmsUser: 0 | 1;
  showAutonewSetBtn: 0 | 1;
}

/** The portal pages this customer may use, each at its path for this customer (global pages for a global SIM). */
export function portalItemsFor(flags: PortalFlags, find: RouteFinder): NavItem[] {
  const out: NavItem[] = [];
  for (const item of PORTAL_ITEMS) {
    if (item.gate === 'autonew' && flags.showAutonewSetBtn === 0) continue;
    if (item.gate === 'usLine' && flags.isSmsUser === 1) continue;
    const to = flags.global ? (item.global ?? (item.both ? item.to : null)) : item.global === item.to ? null : item.to;
    if (!to || !leadsToPage(find, to)) continue;
    if (find(to)?.flags.hasIsSmsUser && flags.isSmsUser === 1) continue;
    out.push({ to, label: item.label });
  }
  return out;
}

/** "Account items send visitors to /login" (and back to the item after login). */
export const accountHref = (to: string, loggedIn: boolean): string => (loggedIn ? to : loginPath(to));

/** Spec section 2: footer links to top-up, plan change and China number go home when showAutonewSetBtn equals 0. */
export const GATED_BY_AUTONEW = new Set([
  '/personal/pay/changeAccount',
  '/personal/businessManegement/bundleChange',
  '/personal/doubleNumber/openDouble',
]);
export const footerHref = (to: string, personal: PersonalData | null): string =>
  GATED_BY_AUTONEW.has(to) && personal?.showAutonewSetBtn === 0 ? '/' : to;

export interface FooterColumn {
  title: string;
  items: NavItem[];
}

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: 'footer.shop',
    items: [
      { to: '/plans/propagate', label: 'footer.usPlans' },
      { to: '/plans/global', label: 'header.globalSim' },
      { to: '/esim', label: 'header.esim' },
      { to: '/activation', label: 'header.activate' },
      { to: '/personal/doubleNumber/publicity', label: 'footer.dualNumber' },
    ],
  },
  {
    title: 'footer.support',
    items: SUPPORT_ITEMS,
  },
  {
    title: 'footer.account',
    items: [
      { to: '/personal', label: 'account.myPlan' },
      { to: '/personal/pay/changeAccount', label: 'account.topUp' },
      { to: '/personal/businessManegement/bundleChange', label: 'account.changePlan' },
      { to: '/personal/doubleNumber/openDouble', label: 'account.chinaNumber' },
      { to: '/mybill', label: 'account.bills' },
    ],
  },
  {
    title: 'footer.company',
    items: [
      { to: '/aboutUs', label: 'footer.about' },
      { to: '/ReferAFriend', label: 'footer.referFriend' },
      { to: '/agent', label: 'footer.dealer' },
      { to: '/store', label: 'footer.stores' },
    ],
  },
];

/** Spec section 9: "Greeting varies by time of day", by the browser's local hour. */
export type Greeting = 'morning' | 'afternoon' | 'evening';
export const greetingFor = (hour: number): Greeting => (hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening');

/** Language switch labels: each language named in itself (EN, 简体, 繁體), so they are not translated. */
export const LANGUAGE_LABELS = { en: 'EN', 'zh-Hans': '简体', 'zh-Hant': '繁體' } as const;
export const LANGUAGE_NAMES = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' } as const;
