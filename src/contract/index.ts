import { bundleList, partners } from './catalog';
import { createImg, offerLocking } from './common';
import {
  checkInNet, checkIsRegistered, checMobilekVerificationCode, exit, modifyPwd, oauthToken,
  registerOrResetUser, sendMobileVerificationCode,
} from './auth';
import { userInfo } from './personal';
import { installReveal, installSendCode, portalHome, wifiCallInfo, wifiCallUpdate } from './portal';
import {
  addCard, bankCards, emailChange, emailSendCode, passwordSendCode, profileInfo, profileUpdate, removeCard, resetPwdBySms, setDefaultCard,
} from './profile';
import { dataAllowance, ildRatesList, usageRecords } from './usage';
import { createOrder, orderDetail, quote } from './orders';
import { cardList, payConfig, payOrder, payStatus } from './payments';
import { billDetail, billList, billPdf, myOrderPayments, myOrders, topUpCreate, topUpDetail } from './money';
import { lineOrderCreate, lineOrderDetail, lineOrderOffers } from './business';
import { trackingModify, trackingSearch, trackingSendCode } from './tracking';
// Issue 18: coverage and stores (decision 0040).
import { coverageLookup, storeSearch } from './places';
import {
  activationCheckSim, activationMine, activationNumbers, activationSimInfo, activationStatus, activationSubmit, portInCorrect,
} from './activation';
// Issue 15 (h15-life): auto-renewal and service of a line.
import { autoRenewalByLink, autoRenewalUpdate, planLife, serviceRecover } from './planLife';
// Issue 16: the dual number and the staff console.
import { dualNumberAction, dualNumberApply, dualNumberInfo, dualNumberPhoto, dualNumberSubmit, dualNumberUpload } from './dualNumber';
import { cpniChoice, cpniSendCode, securityConvert, securityInfo, securityLock, securityPin, securitySendCode } from './security';
import { staffDecide, staffLogin, staffLogout, staffReview, staffReviewPhoto, staffReviews, staffWho } from './staff';
// Issue 16: number keeping.
import { protectCreate, protectDetail, protectEndEarly, protectInfo } from './protect';
// Issue 18: the phone check.
import { phoneCheck } from './phoneCheck';
// Issue 18: the contact form, dealer applications and the staff console's inbox.
import { contactSend, dealerApply, staffInbox, staffInboxClose, staffInboxItem } from './enquiries';
// Issue 16: SIM replacement (decision 0037).
import { replacementActivate, replacementCancel, replacementInfo, replacementOrder } from './replacement';
// Issue 18: the referral programme (decision 0041).
import { referralProgramme } from './referral';
import { staffReferralGifts } from './referralStaff';
// Issue 18: campaigns (decision 0042).
import {
  campaignLunarNewYear, campaignScreenshot, campaignSubmit, campaignUpload, staffCampaign, staffCampaignDecide, staffCampaigns, staffCampaignShot,
} from './campaigns';
import { lotteryDraw, lotteryInfo } from './lottery';
// Issue 18: bank card points (decision 0043).
import { welfareInfo, welfareJoin } from './welfare';
// Issue 18: the WeChat Pay agreement of /wechat-signing (decision 0046).
import { wechatAgreementCancel, wechatAgreementInfo, wechatAgreementPay, wechatAgreementSign } from './wechatSigning';
// Issue 18 section 4: the student purchase (decision 0045).
import { studentSendEduCode, studentVerifyEduCode } from './students';
import { staffStudentOrders } from './studentsStaff';

export * from './endpoint';
export * from './errors';

/** Every endpoint of the gateway; the server registers routes from this table, the client calls through it. */
export const endpoints = {
  bundleList, offerLocking, partners, createImg,
  sendMobileVerificationCode, checMobilekVerificationCode, checkInNet, checkIsRegistered, registerOrResetUser,
  modifyPwd, oauthToken, exit, userInfo,
  profileInfo, profileUpdate, emailSendCode, emailChange, passwordSendCode, resetPwdBySms, bankCards, addCard, setDefaultCard, removeCard,
  quote, createOrder, orderDetail, payOrder, payStatus, payConfig, cardList,
  topUpCreate, topUpDetail, billList, billDetail, billPdf, myOrders, myOrderPayments,
  trackingSendCode, trackingSearch, trackingModify,
  coverageLookup, storeSearch,
  portalHome, wifiCallInfo, wifiCallUpdate, installSendCode, installReveal,
  activationCheckSim, activationSimInfo, activationNumbers, activationSubmit, activationStatus, activationMine, portInCorrect,
  usageRecords, dataAllowance, ildRates: ildRatesList,
  // Issue 15 (h15-life).
  planLife, autoRenewalByLink, autoRenewalUpdate, serviceRecover,
  dualNumberInfo, dualNumberApply, dualNumberSubmit, dualNumberAction, dualNumberUpload, dualNumberPhoto,
  securityInfo, securitySendCode, securityLock, securityPin, securityConvert, cpniSendCode, cpniChoice,
  staffLogin, staffLogout, staffWho, staffReviews, staffReview, staffReviewPhoto, staffDecide,
  lineOrderOffers, lineOrderCreate, lineOrderDetail,
  protectInfo, protectCreate, protectDetail, protectEndEarly,
  phoneCheck,
  contactSend, dealerApply, staffInbox, staffInboxItem, staffInboxClose,
  replacementInfo, replacementOrder, replacementActivate, replacementCancel,
  referralProgramme, staffReferralGifts,
  campaignLunarNewYear, campaignSubmit, campaignUpload, campaignScreenshot, staffCampaigns, staffCampaign, staffCampaignShot, staffCampaignDecide,
  lotteryInfo, lotteryDraw,
  welfareInfo, welfareJoin,
  wechatAgreementInfo, wechatAgreementSign, wechatAgreementCancel, wechatAgreementPay,
  studentSendEduCode, studentVerifyEduCode, staffStudentOrders,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
