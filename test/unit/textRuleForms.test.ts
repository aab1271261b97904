/**
 * The forms ask the contract's own schemas for their instant field errors, so the text rule (issue 12) shows next to
 * the field before anything is sent, with the same message the gateway answers.
 */
import { describe, expect, it } from 'vitest';
import { emptyDraft, formProblems, type CheckoutDraft } from '../../machines/checkoutForm';
import { correctionProblems } from '../../machines/activationForm';

const checkoutDraft = (): CheckoutDraft => ({
  ...emptyDraft(),
  planId: 3, months: 3, simType: 'esim', simCount: '1',
  shipping: { ...emptyDraft().shipping, firstNameEn: 'Mei', lastNameEn: 'Lin', phone: '6265550123', email: 'mei.lin@example.com' },
  billingSameAsShipping: false,
  billing: { country: 'US', address1: '100 Main St', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' },
  termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true, channel: 'friend',
});

describe('instant field errors of the text rule', () => {
  it('checkout: a control character, a lone surrogate or an overlong code is named at its field, each field at once', () => {
    expect(formProblems(checkoutDraft())).toEqual({});
    const draft = checkoutDraft();
    draft.billing.address1 = '100 Main\u0000 St';
    draft.shipping.lastNameEn = 'Lin\u0085';
    draft.shipping.email = 'mei\uD800@example.com';
    draft.couponCode = 'W'.repeat(40);
    expect(formProblems(draft)).toEqual({
      'billing.address1': ['validation:text.characters'],
      'shipping.lastNameEn': ['validation:text.characters'],
      'shipping.email': ['validation:text.characters'],
      couponCode: ['validation:coupon.invalid'],
    });
  });

  it('activation port-in correction: the carrier with a NUL, an account number past 30 characters', () => {
    expect(correctionProblems({ carrier: 'T-Mobile\u0000', msisdn: '6265550123', accountNumber: 'A'.repeat(31), pin: '1234', accountZip: '91801' }, null))
      .toEqual({ carrier: ['validation:text.characters'], accountNumber: ['validation:accountNumber.tooLong'] });
  });
});
