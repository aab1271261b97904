/**
 * The checkout chart's model. Context decides five guards: whether the catalogue is loaded, whether a resumed
 * draft had auto-renewal on, whether the draft can be quoted and passes the contract's schema, and which kind of
 * link opened the flow. A complete draft comes in through a resumed page (`checkout.open` with a resume point).
 */
import { chartById } from '../index';
import { canQuote, formProblems } from '../checkoutForm';
import { FULFILMENT_MAX_CHECKS, RESUME_VERSION, type CheckoutContext, type CheckoutInput } from '../checkout.machine';
import { PAYMENT_UNSETTLED } from '../payment.machine';
import type { ChartModel } from '../paths';
import { CATALOG, QUOTE, VALID_DRAFT, order } from './checkoutFixtures';

const apiError = (code: string, status = 422, field: string | null = null) => ({ code, message: '', status, ...(field ? { data: { field } } : {}) });

export const CHECKOUT_INPUT: CheckoutInput = { startedFrom: 'plans', loggedIn: false, referralCode: null };
const LINK = { plan: '5gb-plan', months: 3, simType: 'esim', count: 1 };

/** How a checkout opens from a link: fresh, resumed before or after its order was made, on a result or its error. */
export const openPayloads = (link: Record<string, unknown>) => [
  { entry: { kind: 'form', link }, resume: null, openPurchase: null },
  { entry: { kind: 'form', link }, resume: { version: RESUME_VERSION, link, draft: VALID_DRAFT, orderNo: null, purchaseId: 'purchase-1' }, openPurchase: null },
  { entry: { kind: 'form', link }, resume: { version: RESUME_VERSION, link, draft: VALID_DRAFT, orderNo: 'LB202611220001', purchaseId: 'purchase-1' }, openPurchase: null },
  { entry: { kind: 'result', orderNo: 'LB202611220001' }, resume: null, openPurchase: null },
  { entry: { kind: 'resultError', orderNo: 'LB202611220001', reason: 'GENERIC_DECLINE' }, resume: null, openPurchase: null },
];

export const checkoutModel: ChartModel = {
  entry: chartById('checkout')!,
  input: CHECKOUT_INPUT,
  internalEvents: ['quote.refresh'],
  abstractContext: (c: CheckoutContext) => ({
    catalog: c.catalog !== null,
    autoRenew: c.draft.autoRenew,
    canQuote: canQuote(c.draft),
    valid: Object.keys(formProblems(c.draft)).length === 0,
    entry: c.entryKind,
    fulfilmentChecks: Math.min(c.fulfilmentChecks, FULFILMENT_MAX_CHECKS),
  }),
  payloads: {
    'checkout.open': openPayloads(LINK),
    // The payment child's snapshot as the checkout hears it: unsettled (a payment running, a QR code open) or not.
    'xstate.snapshot.payment': [
      { snapshot: { status: 'active', tags: [PAYMENT_UNSETTLED], hasTag: (tag: string) => tag === PAYMENT_UNSETTLED } },
      { snapshot: { status: 'active', tags: [], hasTag: () => false } },
    ],
    'field.change': [{ field: 'simCount', value: '' }, { field: 'simCount', value: '2' }],
    'done:loadCatalog': [{ output: CATALOG }],
    'error:loadCatalog': [{ error: apiError('http', 502) }],
    'done:quote': [{ output: QUOTE }],
    'error:quote': [{ error: apiError('couponInvalid', 422, 'couponCode') }],
    'done:createOrder': [{ output: { order: order(), orderToken: 'order-token' } }, { output: { order: order({ status: 'paid' }), orderToken: 'order-token' } }],
    'error:createOrder': [{ error: apiError('120082', 422, 'simCount') }],
    'done:loadOrder': [
      { output: { order: order({ status: 'paid', fulfilment: 'pending' }), orderToken: 'order-token' } },
      { output: { order: order({ status: 'paid', fulfilment: 'esim_sent' }), orderToken: 'order-token' } },
      { output: { order: order({ status: 'payment_failed', failureCode: 'CVV_FAILURE' }), orderToken: 'order-token' } },
      { output: { order: order(), orderToken: 'order-token' } },
      { output: { order: order({ status: 'cancelled' }), orderToken: 'order-token' } },
    ],
    'error:loadOrder': [{ error: apiError('noRecord', 404) }],
    'done:payment': [{ output: { outcome: 'paid', failure: null, result: null } }, { output: { outcome: 'expired', failure: null, result: null } }, { output: { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null } }],
  },
};
