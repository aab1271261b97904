/**
 * The model of every registered chart: one payload per guard branch and the abstraction of context that
 * decides guards. test/model/coverage.test.ts fails when a registered chart has no model here.
 */
import { chartById, type ChartEntry } from '../index';
import type { ChartModel } from '../paths';
import { checkoutModel } from './checkout';
import { paymentModel } from './payment';
import { trackingModel } from './tracking';
import { activationModel } from './activation';
import { shipmentModel } from './shipment';
import { simLifecycleModel } from './simLifecycle';
import { sessionModel } from './session';
import { orderModel } from './order';
import { portInModel } from './portIn';
import { bankCardsModel, passwordBySmsModel, profileModel } from './profile';
import { topUpModel } from './topUp';
import { bundleChangeModel, flowPacketModel, globalRenewalModel, roamPackModel } from './lineOrder';
import { autoRenewalModel, autoRenewalPageModel, planModel, serviceModel } from './planLifecycles';
import { dualNumberModel, dualNumberPageModel } from './dualNumber';
import { numberProtectModel, protectPageModel } from './numberProtect';
import { cpniOptOutModel, numberSecurityModel } from './security';
import { simReplacementModel, simReplacementPageModel } from './replacement';
import { coverageLookupModel, storeFinderModel } from './places';
import { phoneCheckModel } from './phoneCheck';
import { contactFormModel, dealerApplicationModel, enquiryModel } from './enquiries';
import { campaignRewardModel } from './campaigns';
import { referralRewardModel } from './referral';
import { welfareParticipationModel } from './welfare';
import { wechatAgreementModel } from './wechatSigning';

const entry = (id: string): ChartEntry => {
  const found = chartById(id);
  if (!found) throw new Error(`chart ${id} is not registered in machines/index.ts`);
  return found;
};

export const VALID = {
  phone: '6265550100',
  captcha: 'AB12',
  code: '123456',
  username: 'demo',
  password: 'Demo@2468',
  newPassword: 'Lb#7road$Kite',
};

const apiError = (code: string, status = 400) => ({ code, message: '', status });

const captchaPayloads = {
  'done:loadCaptcha': [{ output: { imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E', token: 'captcha-token' } }],
  'error:loadCaptcha': [{ error: apiError('http', 502) }],
};

export const loginModel: ChartModel = {
  entry: entry('login'),
  internalEvents: ['captcha.spent'],
  abstractContext: (c: { captchaToken: string | null }) => ({ captcha: c.captchaToken !== null }),
  payloads: {
    ...captchaPayloads,
    'field.change': [{ field: 'phone', value: VALID.phone }],
    'code.send': [{ phone: VALID.phone, captcha: VALID.captcha }, { phone: '12345', captcha: '' }],
    'code.submit': [{ code: VALID.code }, { code: '12' }],
    'password.submit': [{ username: VALID.username, password: VALID.password, captcha: VALID.captcha }, { username: '', password: '', captcha: '' }],
    'newPassword.submit': [
      { newPassword: VALID.newPassword, confirmPassword: VALID.newPassword, captcha: VALID.captcha },
      { newPassword: 'abcd1234', confirmPassword: 'abcd', captcha: VALID.captcha },
    ],
    'done:sendCode': [{ output: { resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendCode': [{ error: apiError('captchaWrong') }],
    'done:checkCode': [{ output: { ticket: 'ticket-1' } }],
    'error:checkCode': [{ error: apiError('codeWrong') }],
    'done:checkRegistered': [{ output: { registered: true } }, { output: { registered: false } }],
    'error:checkRegistered': [{ error: apiError('ticketInvalid') }],
    'done:registerOrReset': [{ output: { username: VALID.phone } }],
    'error:registerOrReset': [{ error: apiError('ticketInvalid') }, { error: apiError('captchaWrong') }],
    'done:requestToken': [{ output: { access_token: 'token-1', token_type: 'bearer', expires_in: 3600, scope: 'all' } }],
    'error:requestToken': [{ error: apiError('90068', 422) }],
  },
};

export const logoutModel: ChartModel = {
  entry: entry('logout'),
  payloads: {
    'done:exit': [{ output: { revoked: true } }],
    'error:exit': [{ error: apiError('http', 502) }, { error: apiError('unauthorized', 401) }],
  },
};

export const changePasswordModel: ChartModel = {
  entry: entry('changePassword'),
  internalEvents: ['captcha.spent'],
  abstractContext: (c: { captchaToken: string | null }) => ({ captcha: c.captchaToken !== null }),
  payloads: {
    ...captchaPayloads,
    'field.change': [{ field: 'oldPassword', value: VALID.password }],
    'password.submit': [
      { oldPassword: VALID.password, newPassword: VALID.newPassword, confirmPassword: VALID.newPassword, captcha: VALID.captcha },
      { oldPassword: VALID.password, newPassword: VALID.password, confirmPassword: 'other', captcha: VALID.captcha },
    ],
    'done:modifyPwd': [{ output: { changed: true } }],
    'error:modifyPwd': [{ error: apiError('passwordOldWrong', 422) }],
  },
};

const E911_DRAFT = { address1: '100 Main St', address2: '', city: 'San Gabriel', state: 'CA', zip: '91776' };
const WIFI_INFO = { msisdn: '6265550100', e911: { country: 'US', ...E911_DRAFT, address2: null }, updatedAt: null };

export const wifiCallingModel: ChartModel = {
  entry: entry('wifiCalling'),
  payloads: {
    'field.change': [{ field: 'zip', value: '91776' }],
    'address.submit': [{ draft: E911_DRAFT }, { draft: { ...E911_DRAFT, zip: '10001' } }],
    'done:loadWifiCall': [{ output: WIFI_INFO }],
    'error:loadWifiCall': [{ error: apiError('noUsLine', 422) }],
    'done:saveE911': [{ output: WIFI_INFO }],
    'error:saveE911': [{ error: apiError('e911Invalid', 422) }, { error: apiError('http', 502) }],
  },
};

export const esimInstallModel: ChartModel = {
  entry: entry('esimInstall'),
  input: { line: 'us', hasPassword: true },
  abstractContext: (c: { sent: unknown }) => ({ sent: c.sent !== null }),
  payloads: {
    'code.send': [{ channel: 'sms' }],
    'field.change': [{ field: 'code', value: VALID.code }],
    'install.reveal': [{ code: VALID.code, password: VALID.password }, { code: '12', password: '' }],
    'done:sendCode': [{ output: { channel: 'sms', to: '••• 0100', resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendCode': [{ error: apiError('rateLimited', 429) }],
    'done:reveal': [{ output: { iccid: '8901260010000000013', smdpAddress: 'smdp.example.com', matchingId: 'M-1', activationCode: 'LPA:1$smdp.example.com$M-1' } }],
    'error:reveal': [{ error: apiError('passwordWrong', 422) }, { error: apiError('codeWrong') }, { error: apiError('loginThrottled', 429) }],
  },
};

export const models: Record<string, ChartModel> = {
  wifiCalling: wifiCallingModel,
  esimInstall: esimInstallModel,
  login: loginModel,
  logout: logoutModel,
  changePassword: changePasswordModel,
  checkout: checkoutModel,
  payment: paymentModel,
  tracking: trackingModel,
  activation: activationModel,
  shipment: shipmentModel,
  simLifecycle: simLifecycleModel,
  session: sessionModel,
  order: orderModel,
  portIn: portInModel,
  profile: profileModel,
  passwordBySms: passwordBySmsModel,
  bankCards: bankCardsModel,
  topUp: topUpModel,
  bundleChange: bundleChangeModel,
  flowPacket: flowPacketModel,
  roamPack: roamPackModel,
  globalRenewal: globalRenewalModel,
  plan: planModel,
  autoRenewal: autoRenewalModel,
  service: serviceModel,
  dualNumber: dualNumberModel,
  dualNumberPage: dualNumberPageModel,
  numberProtect: numberProtectModel,
  protectPage: protectPageModel,
  numberSecurity: numberSecurityModel,
  cpniOptOut: cpniOptOutModel,
  simReplacement: simReplacementModel,
  simReplacementPage: simReplacementPageModel,
  coverageLookup: coverageLookupModel,
  storeFinder: storeFinderModel,
  phoneCheck: phoneCheckModel,
  contactForm: contactFormModel,
  dealerApplication: dealerApplicationModel,
  enquiry: enquiryModel,
  campaignReward: campaignRewardModel,
  autoRenewalPage: autoRenewalPageModel,
  referralReward: referralRewardModel,
  welfareParticipation: welfareParticipationModel,
  wechatAgreement: wechatAgreementModel,
};
