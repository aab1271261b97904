/**
 * The registry of charts: every chart of the product is listed here once. scripts/diagrams.ts draws each one
 * (docs/statecharts/<id>.md) and test/model walks each one and reports its coverage.
 */
import type { AnyStateMachine } from 'xstate';
import { activationMachine } from './activation.machine';
import { changePasswordMachine } from './changePassword.machine';
import { checkoutMachine } from './checkout.machine';
import { loginMachine } from './login.machine';
import { logoutMachine } from './logout.machine';
import { sessionMachine } from './session.machine';
import { orderMachine } from './order.machine';
import { paymentMachine } from './payment.machine';
import { trackingMachine } from './tracking.machine';
import { shipmentMachine } from './shipment.machine';
import { simLifecycleMachine } from './simLifecycle.machine';
import { portInMachine } from './portIn.machine';
import { wifiCallingMachine } from './wifiCalling.machine';
import { esimInstallMachine } from './esimInstall.machine';
import { topUpMachine } from './topUp.machine';
import { profileMachine } from './profile.machine';
import { passwordBySmsMachine } from './passwordBySms.machine';
import { bankCardsMachine } from './bankCards.machine';
import { bundleChangeMachine, flowPacketMachine, globalRenewalMachine, roamPackMachine } from './lineOrder.machine';
// Issue 15 (h15-life): the line's plan, auto-renewal and service lifecycles.
import { planMachine } from './plan.machine';
import { autoRenewalMachine } from './autoRenewal.machine';
import { serviceMachine } from './service.machine';
import { autoRenewalPageMachine } from './autoRenewalPage.machine';
// Issue 16: the US-China dual number.
import { dualNumberMachine } from './dualNumber.machine';
import { dualNumberPageMachine } from './dualNumberPage.machine';
// Issue 16: number keeping.
import { numberProtectMachine } from './numberProtect.machine';
import { protectPageMachine } from './protectPage.machine';
import { numberSecurityMachine } from './numberSecurity.machine';
import { cpniOptOutMachine } from './cpniOptOut.machine';
// Issue 18: coverage and the store finder (decision 0040).
import { coverageLookupMachine } from './coverageLookup.machine';
import { storeFinderMachine } from './storeFinder.machine';
// Issue 18: the phone check.
import { phoneCheckMachine } from './phoneCheck.machine';
import { simReplacementMachine } from './simReplacement.machine';
import { simReplacementPageMachine } from './simReplacementPage.machine';
// Issue 18: the contact form, the dealer application and the enquiry they make for the staff inbox.
import { enquiryMachine } from './enquiry.machine';
import { contactFormMachine, dealerApplicationMachine } from './enquiryForm.machine';
// Issue 18: campaigns (decision 0042).
import { campaignRewardMachine } from './campaignReward.machine';
// Issue 18: the referral programme (decision 0041).
import { referralRewardMachine } from './referralReward.machine';
// Issue 18: bank card points (decision 0043).
import { welfareParticipationMachine } from './welfareParticipation.machine';
// Issue 18: the WeChat Pay agreement of /wechat-signing (decision 0046).
import { wechatAgreementMachine } from './wechatAgreement.machine';

export interface UnreachableTransition {
  /** `<source state id>:<event type>:<index>` as test/model/toolkit names transitions. */
  transition: string;
  reason: string;
}

/**
 * Transitions (and the states only they reach) that one depth of the generated tests cannot take, the depth that takes
 * them instead, and why. A depth's coverage row lists them as exempt, with the reason, never as covered; anything else
 * the depth leaves untaken fails its test. This is the only place an exemption may be declared.
 */
export interface DepthExemption {
  /** The depth that cannot take them: `screen` is the real screens in jsdom (test/model/*.screens.test.tsx). */
  depth: 'screen';
  /** Transition ids (`<source state id>:<event type>:<index>`) this exemption covers. */
  transitions?: RegExp;
  /** State ids this exemption covers. */
  states?: RegExp;
  /**
   * The depth that takes them instead: `browser`, the real app in Chromium (test/e2e/*.paths.spec.ts). Never the chart
   * alone: every transition of a flow is taken by a second depth besides the pure one (issue 17).
   */
  takenAt: 'browser';
  reason: string;
}

export interface ChartEntry {
  id: string;
  /** i18n key of the chart's title (namespace:key). */
  titleKey: string;
  /** English title for the generated docs (product owners read them in the repository). */
  title: string;
  kind: 'flow' | 'lifecycle';
  specSection: string;
  machine: AnyStateMachine;
  unreachable?: UnreachableTransition[];
  /** What a depth cannot take, and where it is taken instead. */
  exemptions?: DepthExemption[];
}

const PAYMENT_EXPIRED_SCREEN = 'The payment answering "expired" (120087) needs a new card\'s single-use token to go stale, and the card is typed in the provider\'s card form, a cross-origin iframe only a real browser runs.';
const COUNTDOWN_SCREEN = 'The resend countdown (`after 60s`, then `after 1s` each second) is a minute of real time per path at the jsdom screens; test/e2e/login.paths.spec.ts runs it on the page\'s clock in Chromium.';
const CAPTCHA_FAILS_SCREEN = 'The image code failing to load needs the network to fail while the picture loads, which the in-process gateway of the jsdom depth does not do.';

export const charts: readonly ChartEntry[] = [
  { id: 'login', titleKey: 'login:chart.title', title: 'Login, register and reset password', kind: 'flow', specSection: '2 (/login), 5, 6, 7', machine: loginMachine,
    exemptions: [
      { depth: 'screen', transitions: /:xstate\.after\./, takenAt: 'browser', reason: COUNTDOWN_SCREEN },
      { depth: 'screen', transitions: /\.resend\.(ready|sending):/, states: /\.resend\.(ready|sending)$/, takenAt: 'browser', reason: 'The resend region is ready (and sending) only once the 60-second countdown has run out: a minute of real time per path at the screens. test/e2e/login.paths.spec.ts runs the minute on the page\'s clock in Chromium.' },
      { depth: 'screen', transitions: /:xstate\.error\.actor\.loadCaptcha:/, states: /\.captcha\.failed$/, takenAt: 'browser', reason: CAPTCHA_FAILS_SCREEN },
      { depth: 'screen', transitions: /\.captcha\.failed:/, takenAt: 'browser', reason: CAPTCHA_FAILS_SCREEN },
      { depth: 'screen', transitions: /:xstate\.error\.actor\.checkRegisteredFor/, takenAt: 'browser', reason: 'The ticket is checked the moment the gateway issues it: nothing a person does at the jsdom screens can make it expire in between. test/e2e/login.paths.spec.ts moves the gateway\'s clock past its 10 minutes while the request waits.' },
    ] },
  { id: 'logout', titleKey: 'login:chart.logoutTitle', title: 'Logout', kind: 'flow', specSection: '4 (Logout)', machine: logoutMachine },
  { id: 'session', titleKey: 'messages:chart.session', title: 'Session: a failed call answered by the error catalogue (dialog, toast, 120087 then home, 401/403 to login)', kind: 'flow', specSection: '4 (120087 dialog then home; 401 or 403 to /login), 7 (toast 5 s), 8 (error catalogue)', machine: sessionMachine },
  { id: 'changePassword', titleKey: 'account:chart.title', title: 'Change password by old password', kind: 'flow', specSection: '2 (/resetpwd), 5', machine: changePasswordMachine },
  {
    id: 'checkout', titleKey: 'checkout:chart.title', title: 'Checkout: plan purchase form, order, payment and result', kind: 'flow', specSection: '2 (/plans/bundleForm, bundleResult, bundleResultError), 3 (Order, Shipping info), 5', machine: checkoutMachine,
    unreachable: [
      { transition: 'checkout.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' },
    ],
    exemptions: [
      { depth: 'screen', transitions: /^checkout\.paying:xstate\.done\.actor\.payment:1$/, states: /^checkout\.paymentExpired$/, takenAt: 'browser', reason: `${PAYMENT_EXPIRED_SCREEN} test/e2e/payment.spec.ts ("a used card token") takes it.` },
    ],
  },
  {
    id: 'payment', titleKey: 'payment:chart.title', title: 'Payment by balance, saved card, new card or WeChat Pay', kind: 'flow', specSection: '3 (Bank card, pay methods map), 4 (payment, 120087), 5 (card rules), 8 (payment failed)', machine: paymentMachine,
    exemptions: [
      {
        depth: 'screen',
        transitions: /^payment\.newCard\.(idle\.(loadingForm:cardForm|formUnavailable|entering)|tokenizing|paying|interrupted)/,
        states: /^payment\.newCard\.(idle\.(formUnavailable|entering)|tokenizing|paying|interrupted)$/,
        takenAt: 'browser',
        reason: 'The card entry: the card is typed in the provider\'s card form, a cross-origin iframe only a real browser runs. test/e2e/payment.paths.spec.ts walks these paths in Chromium.',
      },
    ],
    unreachable: [
      { transition: 'payment.account.paying:xstate.done.actor.payByBalance:1', reason: 'A balance payment is one transaction of the gateway (src/server/payments/account.ts): it answers paid, or refuses with 120081; it is never pending or declined. The branch asks payStatus rather than guess.' },
    ],
  },
  {
    id: 'topUp', titleKey: 'portalMoney:chart.title', title: 'Top-up of a General or ILD account, paid by the payment chart', kind: 'flow', specSection: '2 (/personal/pay/changeAccount, confirmPay, payStatus), 3 (Balances, Recharge), 4 (payment), 5 (top-up)', machine: topUpMachine,
    unreachable: [
      { transition: 'topUp.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' },
      { transition: 'topUp.loading:xstate.done.actor.loadTopUp:1', reason: 'A status link to a top-up closed unpaid (cancelled): nothing in the product closes a top-up (the gateway cancels only an order for a card being activated and a line order its line can no longer take: src/server/payments/settle.ts). Kept so that a cancelled one, should a later change make it, says so.' },
    ],
    exemptions: [
      { depth: 'screen', transitions: /:xstate\.done\.actor\.payment:1$/, states: /\.expired$/, takenAt: 'browser', reason: `${PAYMENT_EXPIRED_SCREEN} test/e2e/topUp.paths.spec.ts takes it.` },
    ],
  },
  { id: 'tracking', titleKey: 'tracking:chart.title', title: 'Track an order and change its address', kind: 'flow', specSection: '2 (/tracking), 3 (Shipping info), 4 (Shipment), 5', machine: trackingMachine,
    exemptions: [
      { depth: 'screen', transitions: /:xstate\.after\./, takenAt: 'browser', reason: 'The send-code countdown (`after resendWait`, then `after 1s`) is a minute of real time per path at the jsdom screens; test/e2e/tracking.paths.spec.ts runs it on the page\'s clock in Chromium.' },
      { depth: 'screen', transitions: /:xstate\.error\.actor\.loadCaptcha:/, states: /\.captcha\.failed$/, takenAt: 'browser', reason: CAPTCHA_FAILS_SCREEN },
      { depth: 'screen', transitions: /\.captcha\.failed:/, takenAt: 'browser', reason: CAPTCHA_FAILS_SCREEN },
      { depth: 'screen', transitions: /modify\.saving:xstate\.error\.actor\.modifyAddress:2$/, takenAt: 'browser', reason: 'Any other failure of the address change: the screen validates with the gateway\'s own schema and cannot change the country, so only the network failing produces it, which test/e2e/tracking.paths.spec.ts does in Chromium.' },
    ] },
  {
    id: 'activation', titleKey: 'activation:chart.title', title: 'Activation: card check, plan, number or port-in, account and Wi-Fi calling, status', kind: 'flow', specSection: '2 (/activation), 3 (SIM, Activation form), 4 (Activation, SIM status), 5, 8 (120014-120023)', machine: activationMachine },
  { id: 'wifiCalling', titleKey: 'portalHome:chart.wifiCalling', title: 'Wi-Fi calling: the E911 address, view and change', kind: 'flow', specSection: '2 (/personal/wificall), 3 (E911 address), 5 (zip matches state)', machine: wifiCallingMachine },
  { id: 'esimInstall', titleKey: 'portalHome:chart.esimInstall', title: 'eSIM install details after re-authentication', kind: 'flow', specSection: '2 (/person/scanInstall, /global/scanInstall), 4 (eSIM QR 30 days), 9 (code validity 5 minutes)', machine: esimInstallMachine },
  { id: 'order', titleKey: 'messages:chart.order', title: 'Order status: awaiting payment, paying, paid, payment failed, cancelled', kind: 'lifecycle', specSection: '3 (Order), 4 (Payment: success or failure with repay option), 8 (120086, do not resubmit, payment failed)', machine: orderMachine },
  { id: 'shipment', titleKey: 'messages:chart.shipment', title: 'Shipment: shipped or not shipped', kind: 'lifecycle', specSection: '3 (Order), 4 (Shipment)', machine: shipmentMachine },
  { id: 'simLifecycle', titleKey: 'messages:chart.simLifecycle', title: 'SIM status: inactive, activating, activated, expired', kind: 'lifecycle', specSection: '3 (SIM), 4 (activation, SIM status), 9 (activation within 90 days, eSIM QR 30 days)', machine: simLifecycleMachine },
  { id: 'profile', titleKey: 'portalProfile:chart.profile', title: 'My information: account, email change by code, referral', kind: 'flow', specSection: '2 (/personal/myinfo, /global/personal/myinfo), 3 (Account), 5', machine: profileMachine },
  { id: 'passwordBySms', titleKey: 'portalProfile:chart.passwordBySms', title: 'Change password by SMS code', kind: 'flow', specSection: '2 (/resetpwd), 5 (Reset by old password or SMS code)', machine: passwordBySmsMachine },
  { id: 'bankCards', titleKey: 'portalProfile:chart.bankCards', title: 'My bank cards: add, default, remove', kind: 'flow', specSection: '2 (/mybank), 3 (Bank card), 5 (card rules), 8 (120070, 120106)', machine: bankCardsMachine },
  // Issue 15 (h15-life): a line's plan over time.
  { id: 'plan', titleKey: 'portalPlan:chart.plan', title: 'Plan status: none, main plan, pending plan', kind: 'lifecycle', specSection: '3 (Plan), 4 (Plan status, changed plan, multi-month in sequence), 8 (120079, 120080), 9 (cycle 30 days, 128 kbps)', machine: planMachine },
  { id: 'autoRenewal', titleKey: 'portalPlan:chart.autoRenewal', title: 'Auto-renewal: not open, open by card or balance, closing, closed', kind: 'lifecycle', specSection: '4 (Auto-renewal, maintenance 0-3 AM Pacific), 5 (terms before enabling auto-renewal), 9 (auto-renewals not refundable)', machine: autoRenewalMachine },
  { id: 'autoRenewalPage', titleKey: 'portalPlan:chart.autoRenewalPage', title: 'Auto-renewal page: see it and change it, by the session or an email link', kind: 'flow', specSection: '2 (/personal/autosubscription/subscription), 4 (Auto-renewal), 5 (terms)', machine: autoRenewalPageMachine },
  { id: 'service', titleKey: 'portalPlan:chart.service', title: 'Service: active, suspended (unpaid or by staff), number removed', kind: 'lifecycle', specSection: '1 (commercial or illegal use), 4 (Unpaid after renewal date), 9', machine: serviceMachine },
  // Issue 16: the US-China dual number of a line, reviewed by staff, paid on the server's clock.
  { id: 'dualNumber', titleKey: 'dualNumber:chart.title', title: 'US-China dual number: real-name review, opened, paused, closed', kind: 'lifecycle', specSection: '1, 2 (/personal/doubleNumber), 3 (Dual-number real-name, Balances), 4 (Dual number), 5 (ID fields), 6 (staff review IDs), 8 (120073, 120074), 9 ($1.99 per 30 days)', machine: dualNumberMachine },
  { id: 'numberSecurity', titleKey: 'security:chart.numberSecurity', title: 'Number security: lock, transfer PIN, SIM changes after re-authentication', kind: 'flow', specSection: '2 (/person/conversionCard), 4 (converting physical to eSIM), 8; issue 16 (FCC 23-95)', machine: numberSecurityMachine },
  { id: 'coverageLookup', titleKey: 'places:chart.coverage', title: 'Coverage by ZIP code or city', kind: 'flow', specSection: '1 (coverage lookup), 2 (/coverage), 5 (US zip 5 digits), 8 (no related content or record); issue 18', machine: coverageLookupMachine },
  { id: 'storeFinder', titleKey: 'places:chart.stores', title: 'Store finder: by state and city, or by distance from a ZIP code', kind: 'flow', specSection: '1 (store finder), 2 (/store), 5 (US zip 5 digits), 8 (no related content or record); issue 18', machine: storeFinderMachine },
  { id: 'cpniOptOut', titleKey: 'security:chart.cpniOptOut', title: 'CPNI opt-out by a code to the line', kind: 'flow', specSection: '2 (/cpni-out), 5 (phone valid)', machine: cpniOptOutMachine },
  // Issue 18: the phone check.
  { id: 'phoneCheck', titleKey: 'phoneCheck:chart.title', title: 'Phone check: brand, model and IMEI, answered fully, partly or not compatible, uncertified, locked or blocked', kind: 'flow', specSection: '2 (/phone-detection; results), 3 (Phone check), 5 (IMEI 15-17 digits; a CN-made phone cannot use eSIM), 8 (phone not compatible or blocked); issue 18', machine: phoneCheckMachine },
  // Issue 16: SIM replacement (decision 0037): a new physical card for the line, the number moved to it when activated.
  { id: 'simReplacement', titleKey: 'security:chart.simReplacement', title: 'SIM replacement: ordered, shipped, the line moved to the new card, or cancelled', kind: 'lifecycle', specSection: '2 (/personal/upgradeNewCard; Personal centre: card replacement), 4 (physical SIM within 90 days), 9 (shipping 2-5 business days, free); issue 16 (FCC 23-95)', machine: simReplacementMachine },
  { id: 'simReplacementPage', titleKey: 'security:chart.simReplacementPage', title: 'New SIM card page: order after re-authentication, follow, activate, cancel', kind: 'flow', specSection: '2 (/personal/upgradeNewCard), 3 (Shipping info), 5 (ICCID 19 digits, code 6 digits), 8 (120018, 120019, 120021, 90007); issue 16 (FCC 23-95)', machine: simReplacementPageMachine },
  // Issue 18: the company pages' forms, and what staff do with them in the console's inbox.
  { id: 'contactForm', titleKey: 'company:chart.contactForm', title: 'Contact form: editing, sending, sent, failed', kind: 'flow', specSection: '1 (support 24/7), 2 (/aboutUs/contactUs); issue 18', machine: contactFormMachine },
  { id: 'dealerApplication', titleKey: 'company:chart.dealerApplication', title: 'Dealer application: editing, sending, sent, failed', kind: 'flow', specSection: '2 (/agent), 3 (Dealer application), 6 (dealers need a physical retail store), 8 (90056)', machine: dealerApplicationMachine },
  { id: 'campaignReward', titleKey: 'campaigns:chart.reward', title: 'Campaign reward: submitted, under review, approved and credited, or rejected with a reason', kind: 'lifecycle', specSection: '4 (campaign rewards pass review, then credited), 6 (staff review screenshots; individual customers only), 9 (Lunar New Year); issue 18', machine: campaignRewardMachine },
  { id: 'enquiry', titleKey: 'company:chart.enquiry', title: 'Enquiry (contact message or dealer application): open, closed by staff', kind: 'lifecycle', specSection: '3 (Dealer application), 6 (staff); issue 18', machine: enquiryMachine },
  { id: 'dualNumberPage', titleKey: 'dualNumber:chart.page', title: 'Dual number page: apply, real-name form and photos, the number\'s states', kind: 'flow', specSection: '2 (/personal/doubleNumber/openDouble, /waitReview), 3 (Dual-number real-name; Dual number screens), 5 (ID fields, images), 8 (120073, 120074, 120079, 120081, picture upload messages)', machine: dualNumberPageMachine },
  // Issue 16: number keeping, the paid alternative to the service chart's unpaid suspension (decision 0035).
  { id: 'numberProtect', titleKey: 'protect:chart.title', title: 'Number keeping: kept by the 30-day period, ending early, ended (suspended 90 days), recycled', kind: 'lifecycle', specSection: '2 (/personal/protect), 4 (Number keeping; Unpaid after renewal date), 8 (90007), 9 ($3.00 plus tax per 30 days, 30 minutes and 100 texts, max 120 days)', machine: numberProtectMachine },
  { id: 'protectPage', titleKey: 'protect:chart.page', title: 'Number keeping pages: where the number stands, periods, payment, result, early end', kind: 'flow', specSection: '2 (/personal/protect, /payment, /result/{orderNo}), 4 (Number keeping; Payment), 8 (90007, 120081, 120087), 9 (Number keeping)', machine: protectPageMachine,
    unreachable: [
      { transition: 'protectPage.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' },
    ] },
  // Issue 18: one referral, from the referee's order to the reward credited or not (decision 0041).
  { id: 'referralReward', titleKey: 'referral:chart.title', title: 'Referral reward: pending (bought, active), qualified, credited, expired, or disqualified', kind: 'lifecycle', specSection: '3 (Account: referral bonus, count), 4 (referral reward after 35 days active), 6 (individual users; bought but unactivated included), 9 (Referral); issue 18', machine: referralRewardMachine },
  // Issue 18: the WeChat Pay agreement (papay contract) that pays the top-ups the customer starts (decision 0046).
  { id: 'wechatAgreement', titleKey: 'wechatSigning:chart.title', title: 'WeChat Pay agreement: signing, signed, not signed, terminated', kind: 'lifecycle', specSection: '2 (/wechat-signing), 3 (pay methods map: wechat_pay), 4 (auto-renewal by card or balance: never by the agreement), 5 (top-up 1-9999); issue 18', machine: wechatAgreementMachine },
  // Issue 18 section 6: one participation in the bank card points programme (decision 0043).
  { id: 'welfareParticipation', titleKey: 'welfare:chart.title', title: 'Bank card points: joined, earning 20% back, $20 reached, or ended with the edition', kind: 'lifecycle', specSection: '6 (individual current customers), 8 (120084, 120085), 9 (bank card points: 20% cashback up to $20); issue 18', machine: welfareParticipationMachine },
  { id: 'portIn', titleKey: 'messages:chart.portIn', title: 'Port-in: keeping the number from the original carrier', kind: 'lifecycle', specSection: '3 (Activation form), 4 (porting 12-24 hours), 5 (port-in needs account number and PIN)', machine: portInMachine },
  // ---- issue 15, line orders (decision 0029): one chart per form, made by lineOrderMachine ----
  { id: 'bundleChange', titleKey: 'business:chart.bundleChange', title: 'Plan change: list, form, payment, result', kind: 'flow', specSection: '2 (/personal/businessManegement/bundleChange), 4 (a changed plan starts when the current one expires; Payment), 8 (120079, 120080, 120081, 120088)', machine: bundleChangeMachine, unreachable: [{ transition: 'bundleChange.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' }] },
  { id: 'flowPacket', titleKey: 'business:chart.flowPacket', title: 'Data add-ons: price list, form, payment, result', kind: 'flow', specSection: '1 (data add-ons), 2 (/personal/businessManegement/flowPacket, hasPrice), 5 (max five per cycle), 8 (120079, 120081, 120088)', machine: flowPacketMachine,
    unreachable: [
      { transition: 'flowPacket.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' },
      { transition: 'flowPacket.confirming:offer.choose:0', reason: 'The data add-on form shows the one add-on chosen from the list, with no other offer to switch to (the line-order chart is shared: the plan change\'s form offers one, test/e2e/lineOrders.spec.ts).' },
      { transition: 'flowPacket.confirming:months.choose:0', reason: 'A data add-on lasts the current cycle: its form has no months to choose (the plan change\'s form does, test/e2e/lineOrders.spec.ts).' },
    ],
    exemptions: [
      { depth: 'screen', transitions: /:xstate\.done\.actor\.payment:1$/, states: /\.expired$/, takenAt: 'browser', reason: `${PAYMENT_EXPIRED_SCREEN} test/e2e/flowPacket.paths.spec.ts takes it.` },
      { depth: 'screen', transitions: /:xstate\.error\.actor\.loadOffers:|offersFailed/, states: /offersFailed$/, takenAt: 'browser', reason: 'The offers failing to load is a network failure of the gateway, which the in-process gateway of the jsdom depth does not do; test/e2e/flowPacket.paths.spec.ts loses the request in Chromium.' },
    ] },
  { id: 'roamPack', titleKey: 'business:chart.roamPack', title: 'Roaming packs: price list, form, payment, result', kind: 'flow', specSection: '1 (roaming add-ons), 2 (/personal/businessManegement/roamPack, hasPrice), 8 (120079, 120081, 120088)', machine: roamPackMachine, unreachable: [{ transition: 'roamPack.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' }] },
  { id: 'globalRenewal', titleKey: 'business:chart.globalRenewal', title: "Global data SIM: renewing its pack", kind: 'flow', specSection: '2 (/global/renewalpackage, /form, /result), 4 (Payment), 8 (120081, 120088)', machine: globalRenewalMachine, unreachable: [{ transition: 'globalRenewal.paying:xstate.error.actor.payment:0', reason: 'The payment chart ends only in its final states (paid, failed, expired): none of its guards or actions throws, so its actor never errors. Kept so that a fault in a later change still lands on "repay".' }] },
];

export const chartById = (id: string): ChartEntry | undefined => charts.find((c) => c.id === id);
