/**
 * Everything a screen may take from src/app, and the only module of src/app that screens import (eslint.config.js):
 * the flows (the charts with their real calls), the session, dialogs, support contacts, the app's link, plan names
 * and the route lookup. It never imports the route table or the loaders: they import the screens.
 */
export { activationFlow, persistActivation, readActivationResume } from './flows/activation';
export { cardFormSlot } from './flows/cardForm';
export { checkoutFlow } from './flows/checkout';
export { flowClock, inspectFlow } from './flows/observe';
export { persistResume, purchaseSharer, readResume } from './flows/checkoutResume';
export { checkoutLinkCodes, withUrlCodes } from './flows/campaignCodes';
export { changePasswordFlow, completeLogin, loginFlow, redirectTarget } from './flows/login';
export { bankCardsFlow, passwordBySmsFlow, profileFlow } from './flows/profile';
export { openPurchase } from './flows/orderKeys';
export { trackingFlow } from './flows/tracking';
export { STUDIO_CHANNEL, type FlowBeacon } from './flows/studioBeacon';
export { fetchCoverage, fetchHistory, fetchRecent, StudioError, type CoverageAnswer, type HistoryAnswer, type RecentAnswer } from './studioApi';
export { staffApi, StaffApiError } from './staffApi';
export { campaignApi, staffCampaignApi } from './campaignApi';
export { welfareApi } from './welfareApi';
export { wechatSigningApi } from './wechatSigningApi';
export { inboxApi } from './inboxApi';
export { contactFormFlow, dealerApplicationFlow } from './flows/enquiries';
export { esimInstallFlow, wifiCallingFlow } from './flows/portal';
export { dualNumberPageFlow } from './flows/dualNumber';
export { cpniOptOutFlow, numberSecurityFlow } from './flows/security';
export { coverageLookupFlow, storeFinderFlow } from './flows/places';
export { phoneCheckFlow } from './flows/phoneCheck';
export { topUpFlow } from './flows/topUp';
export { autoRenewalPageFlow } from './flows/planLife';
export { usePlanLife, type PlanLifeState } from './planLifeState';
export { useReferralProgramme, type ReferralState } from './referralState';
export { referralGiftsApi } from './referralGiftsApi';
export { staffStudentsApi } from './staffStudentsApi';
export { lineOrderFlows } from './flows/lineOrder';
export { protectFlow } from './flows/protect';
export { simReplacementFlow } from './flows/replacement';
export { BILL_MONTHS_PER_PAGE, downloadBill, ORDERS_PER_PAGE } from './money';
export { getPersonalData } from './session';
export { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from './contact';
export { showDialog } from './feedback';
export { AppLink } from './layout/AppLink';
export { LanguageSwitch } from './layout/LanguageSwitch';
export { portalItemsFor, type PortalFlags } from './layout/navItems';
export { usePlanName } from './planName';
export { useFindRoute, type FindRoute } from './routeLookup';
export { isServed, type AppRoute } from './routeModel';
export { isLoggedIn, refreshPersonalData, useSession } from './session';
export { USAGE_PATHS, usageHref, useDataAllowance, type DataAllowanceState } from './usagePages';
export { useHydrated } from './useHydrated';
