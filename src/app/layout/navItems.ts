/** Header and footer entries of spec section 2. Labels are keys in the `layout` namespace. */
import type { PersonalData } from '../../storage';
import { loginPath } from '../navigation';

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
