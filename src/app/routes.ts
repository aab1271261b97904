/**
 * The route table of spec section 2: every route with its flags. A route is served by a lazy screen, a
 * redirect, or renders nothing (`empty`); a route whose screen a later issue builds names that issue in
 * `servedBy` and goes to /404 until its screen exists.
 */
import { planDetailMeta } from './planMeta';
import type { AppRoute, FlowName, MetaInfo, MetaMatch, RouteFlags, ScreenModule } from './routeModel';

/** Layout screens of the wizards; a flow without an entry renders its steps without a shared layout. */
export const FLOW_LAYOUTS: Partial<Record<FlowName, () => Promise<ScreenModule>>> = {
  checkout: () => import('../../screens/checkout/CheckoutLayout'),
  // Activation's plan purchase is the checkout too, in a layout of its own: it never shares a checkout with /plans.
  activationPlan: () => import('../../screens/checkout/CheckoutLayout'),
  tracking: () => import('../../screens/tracking/TrackingLayout'),
  activation: () => import('../../screens/activation/ActivationLayout'),
  topUp: () => import('../../screens/money/TopUpLayout'),
};

const meta = (key: string): MetaInfo => ({ title: `meta:${key}.title`, description: `meta:${key}.description` });

const NO_FLAGS: RouteFlags = {
  hasPermission: false, hasCommon: false, hasIsSmsUser: false, hasPrice: false, noHeaderFooter: false, mobileHeader: true,
};
const ACCOUNT: Partial<RouteFlags> = { hasPermission: true, hasCommon: true };

type Extra = Omit<AppRoute, 'path' | 'flags' | 'metaInfo'> & { flags?: Partial<RouteFlags>; meta?: string };

const planDetailMetaFor = (fallback: MetaInfo) => (m: MetaMatch): MetaInfo =>
  planDetailMeta({ slug: m.params.plan, search: m.search, planName: (m.data as { plan?: { name?: string } | null } | null)?.plan?.name ?? null, fallback });

const route = (path: string, metaKey: string, extra: Extra = {}): AppRoute => {
  const { flags, meta: _m, ...rest } = extra;
  return { path, flags: { ...NO_FLAGS, ...flags }, metaInfo: meta(metaKey), ...rest };
};
const later = (path: string, metaKey: string, servedBy: 3 | 4 | 'later', flags: Partial<RouteFlags> = {}): AppRoute =>
  route(path, metaKey, { servedBy, flags });
const account = (path: string, metaKey: string, servedBy: 3 | 4 | 'later' = 'later', flags: Partial<RouteFlags> = {}): AppRoute =>
  later(path, metaKey, servedBy, { ...ACCOUNT, ...flags });

const home = () => import('../../screens/home/HomeScreen');
/** The home page and the not-found page need only the shell's namespaces, which include theirs. */
const SHELL_ONLY: readonly string[] = [];

export const ROUTES: AppRoute[] = [
  // Public routes
  route('/', 'home', { screen: home, loader: 'home', namespaces: SHELL_ONLY, prerender: true }),
  route('/canting', 'home', { screen: home, loader: 'home', namespaces: SHELL_ONLY, prerender: true }),
  route('/promotion', 'promotion', { redirect: '/', flags: { noHeaderFooter: true } }),
  route('/blog', 'blog', { empty: true }),
  route('/blog/en', 'blog', { empty: true }),
  route('/login', 'login', { screen: () => import('../../screens/login/LoginScreen') }),

  route('/plans', 'plans', { redirect: '/plans/propagate' }),
  route('/plans/propagate', 'plans', { screen: () => import('../../screens/plans/PlansScreen'), loader: 'plans', prerender: true }),
  route('/plans/global', 'globalSim', { screen: () => import('../../screens/plans/GlobalScreen'), loader: 'plans', prerender: true }),
  route('/plans/bundleForm', 'bundleForm', { screen: () => import('../../screens/checkout/BundleFormScreen'), flow: 'checkout' }),
  route('/plans/bundleResult/:orderNo', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultScreen'), flow: 'checkout' }),
  route('/plans/bundleResultError', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultErrorScreen'), flow: 'checkout' }),
  route('/plans/:plan', 'planDetail', {
    screen: () => import('../../screens/plans/PlanDetailScreen'),
    loader: 'planDetail',
    prerender: true,
    metaFor: planDetailMetaFor(meta('planDetail')),
  }),

  route('/activation', 'activation', { redirect: '/activation/first' }),
  route('/activation/first', 'activation', { screen: () => import('../../screens/activation/FirstScreen'), flow: 'activation', prerender: true }),
  route('/activation/second', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation' }),
  route('/activation/secondOffline', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation' }),
  route('/activation/third', 'activation', { screen: () => import('../../screens/activation/ThirdScreen'), flow: 'activation' }),
  route('/activation/global/second', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation' }),
  route('/activation/global/third', 'activation', { screen: () => import('../../screens/activation/ThirdScreen'), flow: 'activation' }),
  route('/activation/propagate', 'activation', { screen: () => import('../../screens/activation/PropagateScreen'), flow: 'activation', loader: 'plans' }),
  route('/activation/bundleForm', 'bundleForm', { screen: () => import('../../screens/checkout/BundleFormScreen'), flow: 'activationPlan' }),
  route('/activation/bundleResult/:orderNo', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultScreen'), flow: 'activationPlan' }),

  route('/helpSupport', 'support', { redirect: '/helpSupport/commonProblem' }),
  later('/helpSupport/commonProblem', 'support', 'later'),
  later('/videoSupport', 'videoSupport', 'later'),
  later('/coverage', 'coverage', 'later'),
  later('/rates', 'rates', 'later'),
  later('/phone-detection', 'phoneCheck', 'later'),

  route('/tracking', 'tracking', { redirect: '/tracking/search' }),
  route('/tracking/search', 'tracking', { screen: () => import('../../screens/tracking/TrackingSearchScreen'), flow: 'tracking', prerender: true }),
  route('/tracking/result', 'trackingResult', { screen: () => import('../../screens/tracking/TrackingResultScreen'), flow: 'tracking' }),
  route('/tracking/modify', 'trackingModify', { screen: () => import('../../screens/tracking/TrackingModifyScreen'), flow: 'tracking' }),

  route('/aboutUs', 'aboutUs', { redirect: '/aboutUs/companyIntro' }),
  later('/aboutUs/companyIntro', 'aboutUs', 'later'),
  later('/aboutUs/contactUs', 'contactUs', 'later'),

  route('/serviceTerms', 'terms', { redirect: '/serviceTerms/serviceClause' }),
  route('/serviceTerms/serviceClause', 'terms', {
    screen: () => import('../../screens/legal/LegalScreen'),
    namespaces: ['legal'],
    prerender: true,
    // "?isPolicy=2 shows privacy": its own title and description.
    metaFor: (m) => meta(m.search.get('isPolicy') === '2' ? 'privacy' : 'terms'),
  }),

  route('/recommendFriends', 'referFriend', { redirect: '/ReferAFriend' }),
  route('/recommendFriends/recommendFriendsIndex', 'referFriend', { redirect: '/ReferAFriend' }),
  later('/ReferAFriend', 'referFriend', 'later'),

  route('/esim', 'esim', { redirect: '/esim/cardPurchase/index' }),
  route('/esim/cardPurchase/index', 'esim', { screen: () => import('../../screens/plans/EsimScreen'), loader: 'plans', prerender: true }),

  later('/personal/doubleNumber/publicity', 'dualNumber', 'later'),
  later('/wechat-signing', 'wechatSigning', 'later'),
  later('/agent', 'agent', 'later'),
  later('/store', 'store', 'later'),
  later('/activity/lottery', 'lottery', 'later'),
  later('/cpni-out', 'cpni', 'later', { noHeaderFooter: true }),

  route('/404', 'notFound', { screen: () => import('../../screens/notFound/NotFoundScreen'), namespaces: SHELL_ONLY, prerender: true }),

  // Account area (login required)
  route('/personal', 'personal', {
    screen: () => import('../../screens/personal/PersonalHomeScreen'),
    loader: 'personal',
    flags: ACCOUNT,
  }),
  account('/person/conversionCard/:orderNo?', 'conversionCard'),
  route('/person/scanInstall', 'scanInstall', { screen: () => import('../../screens/personal/ScanInstallScreen'), loader: 'portal', flags: ACCOUNT }),
  route('/personal/myinfo', 'myInfo', { screen: () => import('../../screens/profile/MyInfoScreen'), flags: ACCOUNT }),
  route('/resetpwd', 'resetPassword', {
    screen: () => import('../../screens/account/ResetPasswordScreen'),
    flags: ACCOUNT,
  }),
  route('/package', 'package', { screen: () => import('../../screens/personal/PackageScreen'), loader: 'portal', flags: ACCOUNT }),
  route('/mybill', 'bills', { screen: () => import('../../screens/money/BillsScreen'), loader: 'bills', flags: ACCOUNT, namespaces: ['portalMoney'] }),
  route('/mybank', 'bankCards', { screen: () => import('../../screens/profile/BankCardsScreen'), flags: ACCOUNT }),
  account('/welfare', 'welfare'),

  ...(['/callrecord', '/internet', '/message', '/recharge'] as const).map((path) => route(path, 'usage', {
    screen: () => import('../../screens/usage/UsageScreen'),
    loader: 'usage',
    namespaces: ['portalUsage'],
    flags: ACCOUNT,
  })),

  route('/global/scanInstall', 'scanInstall', { screen: () => import('../../screens/personal/ScanInstallScreen'), loader: 'portal', flags: ACCOUNT }),
  route('/global/personal/myinfo', 'myInfo', { screen: () => import('../../screens/profile/MyInfoScreen'), flags: ACCOUNT }),
  account('/global/renewalpackage', 'globalRenewal'),
  account('/global/renewalpackage/form', 'globalRenewal'),
  account('/global/renewalpackage/result', 'globalRenewal'),
  route('/global/myorder', 'globalOrders', { screen: () => import('../../screens/money/OrdersScreen'), loader: 'globalOrders', flags: ACCOUNT, namespaces: ['portalMoney'] }),
  // "My order" of the personal centre (spec section 2, Screen content); the spec names no path, this one follows /global/myorder.
  route('/personal/myorder', 'myOrders', { screen: () => import('../../screens/money/OrdersScreen'), loader: 'orders', flags: ACCOUNT, namespaces: ['portalMoney'] }),

  route('/personal/pay/changeAccount', 'topUp', { screen: () => import('../../screens/money/ChangeAccountScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['portalMoney', 'payment'] }),
  route('/personal/pay/confirmPay', 'topUp', { screen: () => import('../../screens/money/ConfirmPayScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['portalMoney', 'payment'] }),
  route('/personal/pay/payStatus/:orderNo', 'topUp', { screen: () => import('../../screens/money/PayStatusScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['portalMoney', 'payment'] }),
  route('/personal/pay/test', 'payTest', { screen: () => import('../../screens/money/PayTestScreen'), loader: 'payTest', flags: ACCOUNT, namespaces: ['portalMoney'] }),

  account('/personal/doubleNumber/openDouble', 'dualNumber', 'later', { hasIsSmsUser: true }),
  account('/personal/doubleNumber/waitReview', 'dualNumber', 'later', { hasIsSmsUser: true }),

  later('/personal/autosubscription/subscription', 'autoRenewal', 'later'),
  later('/personal/transition-page', 'account', 'later'),

  account('/personal/businessManegement/bundleChange', 'planChange', 'later', { hasIsSmsUser: true }),
  account('/personal/businessManegement/bundleChange/form', 'planChange'),
  account('/personal/businessManegement/bundleChange/result/:orderNo', 'planChange'),
  account('/personal/businessManegement/bundleChange/resultError', 'planChange'),
  account('/personal/businessManegement/flowPacket', 'dataAddOn', 'later', { hasPrice: true }),
  account('/personal/businessManegement/flowPacket/form', 'dataAddOn'),
  account('/personal/businessManegement/flowPacket/result/:orderNo', 'dataAddOn'),
  account('/personal/businessManegement/flowPacket/resultError', 'dataAddOn'),
  account('/personal/businessManegement/roamPack', 'roaming', 'later', { hasPrice: true }),
  account('/personal/businessManegement/roamPack/form', 'roaming'),
  account('/personal/businessManegement/roamPack/result/:orderNo', 'roaming'),
  account('/personal/businessManegement/roamPack/resultError', 'roaming'),

  account('/personal/upgradeNewCard', 'upgradeSim'),
  route('/personal/wificall', 'wifiCalling', { screen: () => import('../../screens/personal/WifiCallScreen'), flags: ACCOUNT }),
  account('/personal/protect', 'protect'),
  account('/personal/protect/payment', 'protect'),
  account('/personal/protect/result/:orderNo', 'protect'),
];

export const NOT_FOUND_PATH = '/404';

export const findRoute = (path: string): AppRoute | undefined => ROUTES.find((r) => r.path === path);
