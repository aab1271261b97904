/**
 * Everything a screen may take from src/app, and the only module of src/app that screens import (eslint.config.js):
 * the flows (the charts with their real calls), the session, dialogs, support contacts, the app's link, plan names
 * and the route lookup. It never imports the route table or the loaders: they import the screens.
 */
export { activationFlow, persistActivation, readActivationResume } from './flows/activation';
export { cardFormSlot } from './flows/cardForm';
export { checkoutFlow, flowClock } from './flows/checkout';
export { persistResume, purchaseSharer, readResume } from './flows/checkoutResume';
export { changePasswordFlow, completeLogin, inspectFlow, loginFlow, redirectTarget } from './flows/login';
export { openPurchase } from './flows/orderKeys';
export { trackingFlow } from './flows/tracking';
export { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from './contact';
export { showDialog } from './feedback';
export { AppLink } from './layout/AppLink';
export { usePlanName } from './planName';
export { useFindRoute, type FindRoute } from './routeLookup';
export { isServed, type AppRoute } from './routeModel';
export { getToken, useSession } from './session';
export { USAGE_PATHS, usageHref, useDataAllowance, type DataAllowanceState } from './usagePages';
