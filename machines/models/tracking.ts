/**
 * The model of the `tracking` chart: one payload per guard branch, and the context that decides guards
 * (a security code shown; the found order still changeable).
 */
import { chartById } from '../index';
import type { AddressDraft } from '../tracking.machine';
import type { TrackingView } from '../../src/contract/tracking';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 400, data?: unknown) => ({ code, message: '', status, data });

export const TRACKING_VALID = {
  orderNo: 'LB20261122000001',
  email: 'buyer@example.com',
  code: '123456',
  captcha: 'AB12',
};

export const VALID_ADDRESS: AddressDraft = {
  country: 'US', firstNameEn: 'Mei', lastNameEn: 'Lin', firstNameZh: '美', lastNameZh: '林', phone: '6265550142',
  address1: '88 Garfield Ave', address2: '', city: 'Alhambra', state: 'CA', zip: '91801',
};

export const orderView = (over: Partial<TrackingView> = {}): TrackingView => ({
  orderNo: TRACKING_VALID.orderNo, shipped: false, logisticsStatus: 'not_shipped', carrier: null, trackingNumber: null, sentAt: null,
  planName: '5GB', months: 3, simType: 'physical', simCount: 1, payAmountCents: 6975, status: 'paid', createdAt: '2026-11-22T08:00:00.000Z',
  autoRenew: false, activationStatus: 'inactive', canModify: true,
  shipping: { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Lin', firstNameZh: null, lastNameZh: null, phone: '6265550142', address1: '1 Main St', address2: null, city: 'Alhambra', state: 'CA', zip: '91801' },
  ...over,
});

const shippedView = orderView({ shipped: true, logisticsStatus: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000000', sentAt: '2026-11-23T08:00:00.000Z', canModify: false });

export const trackingModel: ChartModel = {
  entry: chartById('tracking')!,
  internalEvents: ['captcha.spent'],
  abstractContext: (c: { captchaToken: string | null; order: TrackingView | null }) => ({ captcha: c.captchaToken !== null, canModify: c.order?.canModify ?? null }),
  payloads: {
    'done:loadCaptcha': [{ output: { imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E', token: 'captcha-token' } }],
    'error:loadCaptcha': [{ error: apiError('http', 502) }],
    'field.change': [{ field: 'orderNo', value: TRACKING_VALID.orderNo }],
    'code.send': [{ orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email }, { orderNo: '', email: 'not-an-email' }],
    'done:sendCode': [{ output: { resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendCode': [{ error: apiError('rateLimited', 429) }],
    'search.submit': [{ ...TRACKING_VALID }, { orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email, code: '12', captcha: '' }],
    'done:search': [{ output: { trackingToken: 'grant-1', order: orderView() } }, { output: { trackingToken: 'grant-2', order: shippedView } }],
    'error:search': [{ error: apiError('codeWrong') }],
    'address.change': [{ field: 'address1', value: VALID_ADDRESS.address1 }],
    'address.submit': [{ address: VALID_ADDRESS }, { address: { ...VALID_ADDRESS, firstNameEn: '美', zip: '10001' } }],
    'done:modifyAddress': [{ output: orderView({ shipping: { ...orderView().shipping, address1: VALID_ADDRESS.address1 } }) }],
    'error:modifyAddress': [{ error: apiError('alreadyShipped', 409, shippedView) }, { error: apiError('ticketInvalid') }, { error: apiError('http', 502) }],
  },
};
