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
  // Issue 15, line orders (decision 0029).
  bundleChange: () => import('../../screens/business/BundleChangeLayout'),
  flowPacket: () => import('../../screens/business/FlowPacketLayout'),
  roamPack: () => import('../../screens/business/RoamPackLayout'),
  globalRenewal: () => import('../../screens/business/GlobalRenewalLayout'),
  // Issue 16, number keeping (decision 0035).
  protect: () => import('../../screens/protect/ProtectLayout'),
};

/**
 * Modules a wizard's layout imports anyway, loaded before it when a prerendered step is hydrated, each evaluated in a
 * task of its own (src/app/router.tsx, loadMatchedRoutes): the contract area's schemas, then the chart with XState,
 * instead of all of them in the layout's one long task (Total Blocking Time; decision 0048). Only the flows whose
 * first step is prerendered need one.
 */
export const FLOW_STAGES: Partial<Record<FlowName, readonly (() => Promise<unknown>)[]>> = {
  activation: [() => import('../contract/activation'), () => import('../../machines/activation.machine')],
};

/**
 * The i18n namespaces of each wizard's layout screen beyond the shell's, loaded with it (as a route's `namespaces`);
 * a flow missing here loads all of them.
 */
export const FLOW_NAMESPACES: Partial<Record<FlowName, readonly string[]>> = {
  checkout: ['checkout', 'login', 'validation'],
  activationPlan: ['checkout', 'login', 'validation'],
  tracking: ['login', 'tracking', 'validation'],
  activation: ['activation', 'checkout', 'login', 'validation'],
  topUp: ['login', 'portalMoney', 'validation'],
  protect: ['login', 'validation'],
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

const LINE_ORDER_SCREENS = {
  list: () => import('../../screens/business/LineOrderListScreen'),
  form: () => import('../../screens/business/LineOrderFormScreen'),
  result: () => import('../../screens/business/LineOrderResultScreen'),
  resultError: () => import('../../screens/business/LineOrderResultErrorScreen'),
};
/** A page of a line order (issue 15): an account page in its chart's layout. */
const lineOrder = (path: string, metaKey: string, flow: FlowName, page: keyof typeof LINE_ORDER_SCREENS, flags: Partial<RouteFlags> = {}): AppRoute =>
  route(path, metaKey, { screen: LINE_ORDER_SCREENS[page], flow, flags: { ...ACCOUNT, ...flags }, namespaces: ['business', 'checkout', 'legal', 'payment', 'validation'] });

const home = () => import('../../screens/home/HomeScreen');
/** Number keeping's pages: its own texts, the payment panel's, and the messages a refusal shows. */
const PROTECT_NAMESPACES = ['checkout', 'payment', 'protect', 'validation'];

export const ROUTES: AppRoute[] = [
  // Public routes
  route('/', 'home', { screen: home, loader: 'home', namespaces: ['home'], prerender: true }),
  route('/canting', 'home', { screen: home, loader: 'home', namespaces: ['home'], prerender: true }),
  route('/promotion', 'promotion', { redirect: '/', flags: { noHeaderFooter: true } }),
  route('/blog', 'blog', { empty: true }),
  route('/blog/en', 'blog', { empty: true }),
  route('/login', 'login', { screen: () => import('../../screens/login/LoginScreen'), namespaces: ['login', 'validation'] }),

  route('/plans', 'plans', { redirect: '/plans/propagate' }),
  route('/plans/propagate', 'plans', { screen: () => import('../../screens/plans/PlansScreen'), loader: 'plans', namespaces: ['plans'], prerender: true }),
  route('/plans/global', 'globalSim', { screen: () => import('../../screens/plans/GlobalScreen'), loader: 'plans', namespaces: ['plans'], prerender: true }),
  route('/plans/bundleForm', 'bundleForm', { screen: () => import('../../screens/checkout/BundleFormScreen'), flow: 'checkout', namespaces: ['checkout', 'legal', 'payment', 'usStates', 'validation'] }),
  route('/plans/bundleResult/:orderNo', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultScreen'), flow: 'checkout', namespaces: ['checkout', 'payment', 'validation'] }),
  route('/plans/bundleResultError', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultErrorScreen'), flow: 'checkout', namespaces: ['checkout', 'validation'] }),
  route('/plans/:plan', 'planDetail', {
    screen: () => import('../../screens/plans/PlanDetailScreen'),
    namespaces: ['plans'],
    loader: 'planDetail',
    prerender: true,
    metaFor: planDetailMetaFor(meta('planDetail')),
  }),

  route('/activation', 'activation', { redirect: '/activation/first' }),
  route('/activation/first', 'activation', { screen: () => import('../../screens/activation/FirstScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'validation'], prerender: true }),
  route('/activation/second', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'usStates', 'validation'] }),
  route('/activation/secondOffline', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'usStates', 'validation'] }),
  route('/activation/third', 'activation', { screen: () => import('../../screens/activation/ThirdScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'login', 'tracking', 'validation'] }),
  route('/activation/global/second', 'activation', { screen: () => import('../../screens/activation/SecondScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'usStates', 'validation'] }),
  route('/activation/global/third', 'activation', { screen: () => import('../../screens/activation/ThirdScreen'), flow: 'activation', namespaces: ['activation', 'checkout', 'login', 'tracking', 'validation'] }),
  route('/activation/propagate', 'activation', { screen: () => import('../../screens/activation/PropagateScreen'), flow: 'activation', loader: 'plans', namespaces: ['checkout', 'plans'] }),
  route('/activation/bundleForm', 'bundleForm', { screen: () => import('../../screens/checkout/BundleFormScreen'), flow: 'activationPlan', namespaces: ['checkout', 'legal', 'payment', 'usStates', 'validation'] }),
  route('/activation/bundleResult/:orderNo', 'orderResult', { screen: () => import('../../screens/checkout/BundleResultScreen'), flow: 'activationPlan', namespaces: ['checkout', 'payment', 'validation'] }),

  route('/helpSupport', 'support', { redirect: '/helpSupport/commonProblem' }),
  // Issue 18 (decision 0039): the FAQ in the spec's five categories, searchable in the three languages.
  route('/helpSupport/commonProblem', 'support', { screen: () => import('../../screens/help/HelpCentreScreen'), namespaces: ['help', 'legal'], prerender: true }),
  // Issue 18 (decision 0044): the how-to videos recorded from the product by `npm run videos`, captions in three languages.
  route('/videoSupport', 'videoSupport', { screen: () => import('../../screens/videos/VideoSupportScreen'), namespaces: ['videos'], prerender: true }),
  // Issue 18 (decision 0040): the map's outlines load with these two screens only.
  route('/coverage', 'coverage', { screen: () => import('../../screens/places/CoverageScreen'), namespaces: ['checkout', 'login', 'places', 'usStates', 'validation'] }),
  // Issue 18 (decision 0038): the rates of every country and the phone check.
  route('/rates', 'rates', { screen: () => import('../../screens/rates/RatesScreen'), loader: 'rates', namespaces: ['checkout', 'rates'] }),
  route('/phone-detection', 'phoneCheck', { screen: () => import('../../screens/phoneCheck/PhoneCheckScreen'), namespaces: ['checkout', 'login', 'phoneCheck', 'validation'] }),

  route('/tracking', 'tracking', { redirect: '/tracking/search' }),
  route('/tracking/search', 'tracking', { screen: () => import('../../screens/tracking/TrackingSearchScreen'), flow: 'tracking', namespaces: ['login', 'tracking', 'validation'], prerender: true }),
  route('/tracking/result', 'trackingResult', { screen: () => import('../../screens/tracking/TrackingResultScreen'), flow: 'tracking', namespaces: ['login', 'tracking', 'validation'] }),
  route('/tracking/modify', 'trackingModify', { screen: () => import('../../screens/tracking/TrackingModifyScreen'), flow: 'tracking', namespaces: ['checkout', 'login', 'tracking', 'usStates', 'validation'] }),

  route('/aboutUs', 'aboutUs', { redirect: '/aboutUs/companyIntro' }),
  // Issue 18 (decision 0039): the company pages; the contact form reaches the staff console's inbox.
  route('/aboutUs/companyIntro', 'aboutUs', { screen: () => import('../../screens/company/CompanyIntroScreen'), namespaces: ['company'], prerender: true }),
  route('/aboutUs/contactUs', 'contactUs', { screen: () => import('../../screens/company/ContactUsScreen'), namespaces: ['checkout', 'company', 'legal', 'login', 'validation'] }),

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
  // Issue 18 (decision 0041): the referral programme's rules and editions; logged in, the customer's code, referrals and credits.
  route('/ReferAFriend', 'referFriend', { screen: () => import('../../screens/referral/ReferAFriendScreen'), namespaces: ['checkout', 'login', 'referral', 'tracking'] }),

  route('/esim', 'esim', { redirect: '/esim/cardPurchase/index' }),
  route('/esim/cardPurchase/index', 'esim', { screen: () => import('../../screens/plans/EsimScreen'), loader: 'plans', namespaces: ['plans'], prerender: true }),

  route('/personal/doubleNumber/publicity', 'dualNumber', { screen: () => import('../../screens/dualNumber/PublicityScreen'), namespaces: ['checkout', 'dualNumber', 'portalHome'] }),
  // Issue 18 (decision 0046): the WeChat Pay agreement, WeChat Pay's return page after signing; it pays top-ups the customer starts.
  route('/wechat-signing', 'wechatSigning', { screen: () => import('../../screens/wechatSigning/WechatSigningScreen'), namespaces: ['checkout', 'portalMoney', 'validation', 'wechatSigning'] }),
  // Issue 18 (decision 0039): the dealer application of spec section 3.
  route('/agent', 'agent', { screen: () => import('../../screens/company/AgentScreen'), namespaces: ['checkout', 'company', 'login', 'usStates', 'validation'] }),
  route('/store', 'store', { screen: () => import('../../screens/places/StoreScreen'), namespaces: ['checkout', 'login', 'places', 'usStates', 'validation'] }),
  // Issue 18 (decision 0042): the lucky draw, its prizes and odds published.
  route('/activity/lottery', 'lottery', { screen: () => import('../../screens/campaigns/LotteryScreen'), namespaces: ['campaigns', 'checkout', 'validation'] }),
  // Issue 18 (decision 0042): the Lunar New Year campaign of spec section 9 (/promotion still goes home, as the spec says).
  route('/activity/lunarNewYear', 'lunarNewYear', { screen: () => import('../../screens/campaigns/LunarNewYearScreen'), namespaces: ['campaigns', 'checkout', 'validation'] }),
  route('/cpni-out', 'cpni', { screen: () => import('../../screens/security/CpniScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'login', 'security', 'validation'] }),

  route('/404', 'notFound', { screen: () => import('../../screens/notFound/NotFoundScreen'), namespaces: ['notFound'], prerender: true }),

  // Account area (login required)
  route('/personal', 'personal', {
    screen: () => import('../../screens/personal/PersonalHomeScreen'),
    namespaces: ['activation', 'checkout', 'login', 'personal', 'portalHome', 'portalPlan', 'validation'],
    loader: 'personal',
    flags: ACCOUNT,
  }),
  // Issue 16: physical to eSIM and back after re-authentication; the number lock and transfer PIN (FCC 23-95).
  route('/person/conversionCard/:orderNo?', 'conversionCard', { screen: () => import('../../screens/security/ConversionScreen'), flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: ['checkout', 'login', 'security', 'validation'] }),
  route('/personal/security', 'security', { screen: () => import('../../screens/security/SecurityScreen'), flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: ['checkout', 'login', 'security', 'validation'] }),
  route('/person/scanInstall', 'scanInstall', { screen: () => import('../../screens/personal/ScanInstallScreen'), loader: 'portal', flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalHome', 'tracking', 'validation'] }),
  route('/personal/myinfo', 'myInfo', { screen: () => import('../../screens/profile/MyInfoScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalProfile', 'tracking', 'usStates', 'validation'] }),
  route('/resetpwd', 'resetPassword', {
    screen: () => import('../../screens/account/ResetPasswordScreen'),
    namespaces: ['account', 'login', 'portalProfile', 'validation'],
    flags: ACCOUNT,
  }),
  route('/package', 'package', { screen: () => import('../../screens/personal/PackageScreen'), loader: 'portal', flags: ACCOUNT, namespaces: ['personal', 'plans', 'portalHome'] }),
  route('/mybill', 'bills', { screen: () => import('../../screens/money/BillsScreen'), loader: 'bills', flags: ACCOUNT, namespaces: ['checkout', 'portalMoney', 'validation'] }),
  route('/mybank', 'bankCards', { screen: () => import('../../screens/profile/BankCardsScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalProfile', 'validation'] }),
  // Issue 18 section 6 (decision 0043): bank card points, 20% cashback up to $20.
  route('/welfare', 'welfare', { screen: () => import('../../screens/welfare/WelfareScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalProfile', 'validation', 'welfare'] }),

  ...(['/callrecord', '/internet', '/message', '/recharge'] as const).map((path) => route(path, 'usage', {
    screen: () => import('../../screens/usage/UsageScreen'),
    namespaces: ['checkout', 'portalUsage', 'validation'],
    loader: 'usage',
    flags: ACCOUNT,
  })),

  route('/global/scanInstall', 'scanInstall', { screen: () => import('../../screens/personal/ScanInstallScreen'), loader: 'portal', flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalHome', 'tracking', 'validation'] }),
  route('/global/personal/myinfo', 'myInfo', { screen: () => import('../../screens/profile/MyInfoScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalProfile', 'tracking', 'usStates', 'validation'] }),
  lineOrder('/global/renewalpackage', 'globalRenewal', 'globalRenewal', 'list'),
  lineOrder('/global/renewalpackage/form', 'globalRenewal', 'globalRenewal', 'form'),
  lineOrder('/global/renewalpackage/result', 'globalRenewal', 'globalRenewal', 'result'),
  route('/global/myorder', 'globalOrders', { screen: () => import('../../screens/money/OrdersScreen'), loader: 'globalOrders', flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalMoney', 'tracking'] }),
  // "My order" of the personal centre (spec section 2, Screen content); the spec names no path, this one follows /global/myorder.
  route('/personal/myorder', 'myOrders', { screen: () => import('../../screens/money/OrdersScreen'), loader: 'orders', flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalMoney', 'tracking'] }),

  route('/personal/pay/changeAccount', 'topUp', { screen: () => import('../../screens/money/ChangeAccountScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['checkout', 'payment', 'portalMoney'] }),
  route('/personal/pay/confirmPay', 'topUp', { screen: () => import('../../screens/money/ConfirmPayScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['checkout', 'payment', 'portalMoney', 'validation'] }),
  route('/personal/pay/payStatus/:orderNo', 'topUp', { screen: () => import('../../screens/money/PayStatusScreen'), flow: 'topUp', flags: ACCOUNT, namespaces: ['checkout', 'payment', 'portalMoney'] }),
  route('/personal/pay/test', 'payTest', { screen: () => import('../../screens/money/PayTestScreen'), loader: 'payTest', flags: ACCOUNT, namespaces: ['portalMoney'] }),

  // Issue 16: the dual number's page, in whatever state the gateway has it (waitReview shows the same page).
  ...(['/personal/doubleNumber/openDouble', '/personal/doubleNumber/waitReview'] as const).map((path) => route(path, 'dualNumber', {
    screen: () => import('../../screens/dualNumber/DualNumberScreen'), flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: ['checkout', 'dualNumber', 'login', 'portalHome', 'validation'],
  })),

  // Issue 15 (h15-life): login-free (spec section 2); the email link is the credential for one change (decision 0027).
  route('/personal/autosubscription/subscription', 'autoRenewal', { screen: () => import('../../screens/planLife/AutoRenewalScreen'), namespaces: ['checkout', 'login', 'portalPlan', 'validation'] }),
  route('/personal/transition-page', 'account', { screen: () => import('../../screens/planLife/TransitionScreen'), namespaces: ['checkout', 'portalPlan'] }),

  // Issue 15, line orders: each list, form and result page in its chart's layout (decision 0029).
  lineOrder('/personal/businessManegement/bundleChange', 'planChange', 'bundleChange', 'list', { hasIsSmsUser: true }),
  lineOrder('/personal/businessManegement/bundleChange/form', 'planChange', 'bundleChange', 'form', { hasIsSmsUser: true }),
  lineOrder('/personal/businessManegement/bundleChange/result/:orderNo', 'planChange', 'bundleChange', 'result'),
  lineOrder('/personal/businessManegement/bundleChange/resultError', 'planChange', 'bundleChange', 'resultError'),
  lineOrder('/personal/businessManegement/flowPacket', 'dataAddOn', 'flowPacket', 'list', { hasPrice: true }),
  lineOrder('/personal/businessManegement/flowPacket/form', 'dataAddOn', 'flowPacket', 'form'),
  lineOrder('/personal/businessManegement/flowPacket/result/:orderNo', 'dataAddOn', 'flowPacket', 'result'),
  lineOrder('/personal/businessManegement/flowPacket/resultError', 'dataAddOn', 'flowPacket', 'resultError'),
  lineOrder('/personal/businessManegement/roamPack', 'roaming', 'roamPack', 'list', { hasPrice: true }),
  lineOrder('/personal/businessManegement/roamPack/form', 'roaming', 'roamPack', 'form'),
  lineOrder('/personal/businessManegement/roamPack/result/:orderNo', 'roaming', 'roamPack', 'result'),
  lineOrder('/personal/businessManegement/roamPack/resultError', 'roaming', 'roamPack', 'resultError'),

  // Issue 16: SIM replacement (decision 0037), in the simReplacementPage chart.
  route('/personal/upgradeNewCard', 'upgradeSim', { screen: () => import('../../screens/replacement/ReplacementScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'security', 'usStates', 'validation'] }),
  route('/personal/wificall', 'wifiCalling', { screen: () => import('../../screens/personal/WifiCallScreen'), flags: ACCOUNT, namespaces: ['checkout', 'login', 'portalHome', 'usStates', 'validation'] }),
  // Issue 17: the chart studio for product owners and QA (not in spec section 2): on in the sandbox only.
  route('/studio', 'studio', { screen: () => import('../../screens/studio/StudioListScreen'), loader: 'studio', flags: { noHeaderFooter: true } }),
  route('/studio/:chart', 'studio', { screen: () => import('../../screens/studio/StudioChartScreen'), loader: 'studio', flags: { noHeaderFooter: true } }),

  // Issue 16: the staff console (spec section 6: "Staff review IDs"), its own login and prefix, not a customer page.
  route('/staff', 'staff', { redirect: '/staff/reviews', flags: { noHeaderFooter: true } }),
  route('/staff/login', 'staff', { screen: () => import('../../screens/staff/StaffLoginScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'staff', 'validation'] }),
  route('/staff/reviews', 'staff', { screen: () => import('../../screens/staff/StaffQueueScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'staff', 'validation'] }),
  route('/staff/reviews/:id', 'staff', { screen: () => import('../../screens/staff/StaffReviewScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'staff', 'validation'] }),
  // Issue 18: the inbox of contact messages and dealer applications.
  route('/staff/inbox', 'staff', { screen: () => import('../../screens/staff/StaffInboxScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'company', 'staff', 'validation'] }),
  // Issue 18 (decision 0042): campaign screenshots to review.
  route('/staff/campaigns', 'staff', { screen: () => import('../../screens/staff/StaffCampaignsScreen'), flags: { noHeaderFooter: true }, namespaces: ['campaigns', 'checkout', 'staff', 'validation'] }),
  route('/staff/campaigns/:id', 'staff', { screen: () => import('../../screens/staff/StaffCampaignScreen'), flags: { noHeaderFooter: true }, namespaces: ['campaigns', 'checkout', 'staff', 'validation'] }),
  // Issue 18 (decision 0041): the referral programme's gifts to ship.
  route('/staff/referralGifts', 'staff', { screen: () => import('../../screens/staff/StaffReferralGiftsScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'referral', 'staff', 'validation'] }),
  // Issue 18 section 4 (decision 0045): the student orders and what each keeps.
  route('/staff/students', 'staff', { screen: () => import('../../screens/staff/StaffStudentsScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'staff', 'validation'] }),
  route('/staff/inbox/:box/:id', 'staff', { screen: () => import('../../screens/staff/StaffInboxItemScreen'), flags: { noHeaderFooter: true }, namespaces: ['checkout', 'company', 'staff', 'usStates', 'validation'] }),

  // Issue 16: number keeping, its three pages in the protectPage chart's layout (decision 0035).
  route('/personal/protect', 'protect', { screen: () => import('../../screens/protect/ProtectScreen'), flow: 'protect', flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: PROTECT_NAMESPACES }),
  route('/personal/protect/payment', 'protect', { screen: () => import('../../screens/protect/ProtectPaymentScreen'), flow: 'protect', flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: PROTECT_NAMESPACES }),
  route('/personal/protect/result/:orderNo', 'protect', { screen: () => import('../../screens/protect/ProtectResultScreen'), flow: 'protect', flags: { ...ACCOUNT, hasIsSmsUser: true }, namespaces: PROTECT_NAMESPACES }),
];

export const NOT_FOUND_PATH = '/404';

export const findRoute = (path: string): AppRoute | undefined => ROUTES.find((r) => r.path === path);
