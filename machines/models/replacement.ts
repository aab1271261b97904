/**
 * Models of SIM replacement (issue 16, decision 0037): the simReplacement lifecycle, whose one guard reads the event
 * (the number lock and number keeping: one payload per branch), and the /personal/upgradeNewCard page, whose guards read
 * where the replacement stands and whether the form, the code and the card's numbers are complete.
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';
import { orderFormProblems, cardProblems, type SimReplacementPageContext } from '../simReplacementPage.machine';
import { reauthProblems } from '../numberSecurity.machine';

export const simReplacementModel: ChartModel = {
  entry: chartById('simReplacement')!,
  payloads: {
    'replacement.shipped': [{ carrier: 'USPS', trackingNumber: '9400100000000000000001' }],
    'replacement.activate': [
      { numberLocked: false, numberKept: false }, { numberLocked: true, numberKept: false }, { numberLocked: false, numberKept: true },
    ],
    'replacement.cancel': [{ reason: 'customer' }, { reason: 'cardExpired' }],
  },
};

const apiError = (code: string, status = 409) => ({ code, message: '', status });
/** A valid address to start the form from (the last physical order's). */
export const SHIPPING_DRAFT = {
  country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', phone: '6265550100', address1: '88 Garfield Ave', address2: '', city: 'Alhambra', state: 'CA', zip: '91801',
} as const;
const replacement = (state: 'ordered' | 'shipped' | 'moved' | 'cancelled') => ({
  id: 'RS0123456789AB', orderNo: 'LB0000000042', reason: 'lost', state, createdAt: '2026-11-28T18:00:00.000Z',
  shipTo: { name: 'Mei Chen', city: 'Alhambra', state: 'CA', country: 'US' },
  shippedAt: state === 'ordered' ? null : '2026-11-28T20:00:00.000Z', carrier: state === 'ordered' ? null : 'USPS',
  trackingNumber: state === 'ordered' ? null : '9400100000000000000001', newIccidEnd: '0013', activateBy: '2027-02-26T18:00:00.000Z',
  movedAt: state === 'moved' ? '2026-11-30T18:00:00.000Z' : null, cancelledAt: state === 'cancelled' ? '2026-11-29T18:00:00.000Z' : null,
  cancelReason: state === 'cancelled' ? 'customer' : null,
});
/** What replacementInfo answers. */
export const replacementInfo = (extra: Record<string, unknown> = {}) => ({
  usNumber: '6265550100', simType: 'physical', iccidEnd: '0021', numberLocked: false, numberKept: false, numberRemoved: false,
  replacement: null, shippingDraft: SHIPPING_DRAFT, ...extra,
});
export const REPLACEMENT = { ordered: replacement('ordered'), shipped: replacement('shipped'), moved: replacement('moved'), cancelled: replacement('cancelled') };

export const simReplacementPageModel: ChartModel = {
  entry: chartById('simReplacementPage')!,
  abstractContext: (c: SimReplacementPageContext) => ({
    replacement: c.info?.replacement?.state ?? (c.info ? (c.info.numberLocked ? 'locked' : 'none') : 'unread'),
    form: Object.keys(orderFormProblems(c)).length === 0,
    reauth: Object.keys(reauthProblems(c)).length === 0,
    card: Object.keys(cardProblems(c)).length === 0,
  }),
  payloads: {
    'done:loadInfo': [
      { output: replacementInfo() }, { output: replacementInfo({ replacement: REPLACEMENT.shipped }) }, { output: replacementInfo({ numberLocked: true }) },
    ],
    'error:loadInfo': [{ error: apiError('noUsLine', 404) }],
    'field.change': [
      { field: 'reason', value: 'lost' }, { field: 'code', value: '123456' }, { field: 'password', value: 'Demo@2468' },
      { field: 'iccid', value: '8901260010000000013' }, { field: 'activationCode', value: '123456' },
    ],
    'code.send': [{ channel: 'sms' }, { channel: 'email' }],
    'done:sendCode': [{ output: { channel: 'email', to: 'd•••@example.com', resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendCode': [{ error: apiError('noEmail', 422) }],
    'done:placeOrder': [{ output: replacementInfo({ replacement: REPLACEMENT.ordered }) }],
    'error:placeOrder': [{ error: apiError('passwordWrong', 422) }, { error: apiError('numberLocked', 423) }],
    'done:activateCard': [{ output: replacementInfo({ iccidEnd: '0013', replacement: REPLACEMENT.moved }) }],
    'error:activateCard': [{ error: apiError('120019', 422) }, { error: apiError('120018', 422) }],
    'done:cancelReplacement': [{ output: replacementInfo({ replacement: REPLACEMENT.cancelled }) }],
    'error:cancelReplacement': [{ error: apiError('replacementNotReady') }],
  },
};
