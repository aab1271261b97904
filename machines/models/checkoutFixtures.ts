/** Values the checkout chart's models and tests share: a catalogue, a complete draft, a quote and orders. */
import { emptyDraft, type CheckoutDraft } from '../checkoutForm';
import type { BundleList } from '../../src/contract/catalog';
import type { OrderData, QuoteData } from '../../src/contract/orders';

const US = ['unlimitedUsCalls'];
export const CATALOG: BundleList = {
  plans: [
    { id: 1, slug: '500mb-plan', kind: 'us', name: '500MB', highSpeedDataMb: 500, monthlyPriceCents: 1000, usMinutes: 500, inclusions: US, promotionEligible: false, simTypes: ['physical', 'esim'], featured: false },
    { id: 3, slug: '5gb-plan', kind: 'us', name: '5GB', highSpeedDataMb: 5120, monthlyPriceCents: 2500, usMinutes: null, inclusions: US, promotionEligible: true, simTypes: ['physical', 'esim'], featured: true },
  ],
  multiMonth: [{ months: 1, discountPercent: 0 }, { months: 3, discountPercent: 7 }, { months: 6, discountPercent: 13 }, { months: 12, discountPercent: 20 }],
  global: { regions: [{ code: 'asia', destinations: ['CN', 'JP'] }], packs: [{ id: 13, regionCode: 'asia', dataMb: 1024, days: 7, priceCents: 1000 }], simTypes: ['physical', 'esim'] },
};

/** Everything a buyer of an eSIM must fill in, filled in well. */
export const VALID_DRAFT: CheckoutDraft = {
  ...emptyDraft(),
  planId: 3, months: 3, simType: 'esim', simCount: '1', autoRenew: true, autoRenewTermsAccepted: true,
  shipping: { ...emptyDraft().shipping, country: 'US', firstNameEn: 'Mei', lastNameEn: 'Lin', firstNameZh: '美', lastNameZh: '林', phone: '6265550123', email: 'mei.lin@example.com' },
  billingSameAsShipping: false,
  billing: { country: 'US', address1: '100 Main St', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' },
  couponCode: 'WELCOME10', termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true, channel: 'friend', reasons: ['price'],
};

/** A student whose school email was proved (decision 0045), buying the same eSIM; departure a month from the day it runs. */
export const STUDENT_DRAFT: CheckoutDraft = {
  ...VALID_DRAFT, autoRenew: false, autoRenewTermsAccepted: false,
  student: {
    isStudent: true, school: 'University of California, Los Angeles', grade: 'masters',
    departureDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), eduEmail: 'mei.lin@ucla.edu', eduCode: '', verification: 'proof-of-mei',
  },
};

export const QUOTE: QuoteData = {
  planId: 3, globalPackId: null, planName: '5GB', monthlyPriceCents: 2500, months: 3, simCount: 1, multiMonthPercent: 7,
  planCostCents: 7500, multiMonthDiscountCents: 525, couponCode: 'WELCOME10', codeDiscountCents: 698, referralCode: null,
  shippingMethod: 'standard', shippingCents: 0, taxRateBps: 950, taxCents: 596, totalCents: 6873,
};

export const order = (over: Partial<OrderData> = {}): OrderData => ({
  orderNo: 'LB202611220001', kind: 'plan', status: 'awaiting_payment', planId: 3, globalPackId: null, planName: '5GB', months: 3,
  simType: 'esim', simCount: 1, unitPriceCents: 2500, planCostCents: 7500, multiMonthDiscountCents: 525, couponCode: 'WELCOME10',
  discountCents: 698, referralCode: null, shippingMethod: 'standard', shippingFeeCents: 0, taxCents: 596, payAmountCents: 6873,
  autoRenew: true, channel: 'friend', reasons: ['price'], email: 'mei.lin@example.com', payMethod: null, failureCode: null,
  fulfilment: 'pending', activationStatus: 'inactive', logisticsStatus: 'not_shipped', carrier: null, trackingNumber: null, sentAt: null,
  paidAt: null, createdAt: '2026-11-22T08:00:00.000Z',
  shipping: { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Lin', address1: null, address2: null, city: null, state: null, zip: null },
  activationIccid: null, student: null, promotionPlatform: null, activityCode: null, payMethods: ['bank_card', 'wechat_pay'], esims: [], ...over,
});
