/**
 * The checkout chart run by activation (issue 4, "current ICCID has no plan"): the same model with the card of step 1
 * as input, so every path runs with the draft fitted to that card (its token, one SIM of its type, nothing posted).
 */
import type { ActivationCard } from '../checkoutForm';
import type { CheckoutInput } from '../checkout.machine';
import type { ChartModel } from '../paths';
import { CHECKOUT_INPUT, checkoutModel, openPayloads } from './checkout';
import { order } from './checkoutFixtures';

/** The seeded dealer card without plan (README: 8901260010000000070). */
export const DEALER_CARD: ActivationCard = { activationToken: '8901260010000000070.1795000000000.sig', iccid: '8901260010000000070', kind: 'us', simType: 'physical' };
export const ACTIVATION_INPUT: CheckoutInput = { ...CHECKOUT_INPUT, startedFrom: 'activation', activation: DEALER_CARD };
const LINK = { plan: '5gb-plan', months: 3 };
const planOrder = (over: Parameters<typeof order>[0] = {}) => order({ simType: 'physical', activationIccid: DEALER_CARD.iccid, ...over });

const payloads = checkoutModel.payloads!;
export const checkoutActivationModel: ChartModel = {
  ...checkoutModel,
  input: ACTIVATION_INPUT,
  payloads: {
    ...payloads,
    'checkout.open': openPayloads(LINK),
    // The card fixes the SIM count and type: what the customer can still break is the months; a student still types
    // the school address and its code (decision 0045).
    'field.change': [
      { field: 'months', value: 2 }, { field: 'months', value: 3 },
      ...payloads['field.change']!.filter((p) => String((p as { field?: unknown }).field).startsWith('student.')),
    ],
    'done:createOrder': [{ output: { order: planOrder(), orderToken: 'order-token' } }, { output: { order: planOrder({ status: 'paid', fulfilment: 'plan_ready' }), orderToken: 'order-token' } }],
    'done:loadOrder': [
      { output: { order: planOrder({ status: 'paid', fulfilment: 'pending' }), orderToken: 'order-token' } },
      { output: { order: planOrder({ status: 'paid', fulfilment: 'plan_ready' }), orderToken: 'order-token' } },
      { output: { order: planOrder({ status: 'payment_failed', failureCode: 'CVV_FAILURE' }), orderToken: 'order-token' } },
      { output: { order: planOrder(), orderToken: 'order-token' } },
      { output: { order: planOrder({ status: 'cancelled' }), orderToken: 'order-token' } },
    ],
  },
};
