/**
 * The payment chart's model: one payload per guard branch. Context decides two guards only: the chosen method
 * and whether the cardholder name follows spec section 5.
 */
import { chartById } from '../index';
import { cardholderProblems, type PaymentContext, type PaymentInput } from '../payment.machine';
import type { PaymentResult } from '../../src/contract/payments';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 422) => ({ code, message: '', status });

export const PAYMENT_INPUT: PaymentInput = {
  reference: 'LB202611220001', amountCents: 6975, methods: ['account', 'default_card', 'bank_card', 'wechat_pay'], orderToken: 'order-token', loggedIn: true,
};

const result = (over: Partial<PaymentResult>): PaymentResult => ({
  reference: PAYMENT_INPUT.reference, status: 'paid', amountCents: PAYMENT_INPUT.amountCents, method: 'bank_card', failure: null,
  card: null, wechat: null, savedCardId: null, ...over,
});

export const PAYMENT_RESULTS = {
  paid: result({}),
  declined: result({ status: 'failed', failure: 'GENERIC_DECLINE' }),
  pending: result({ status: 'pending' }),
  wechatPending: result({ status: 'pending', method: 'wechat_pay', wechat: { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expiresAt: '2099-01-01T00:00:00.000Z', sandboxPhoneUrl: 'http://127.0.0.1:1/wechat/phone' } }),
  wechatClosed: result({ status: 'failed', method: 'wechat_pay', failure: 'WECHAT_CLOSED' }),
};

const SAVED_CARD = { id: 7, brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Lin', isDefault: true };
const OTHER_CARD = { id: 8, brand: 'MASTERCARD', last4: '5100', expMonth: 12, expYear: 2030, holderName: 'Mei Lin', isDefault: false };

export const paymentModel: ChartModel = {
  entry: chartById('payment')!,
  input: PAYMENT_INPUT,
  abstractContext: (c: PaymentContext) => ({ method: c.method, holder: cardholderProblems(c.cardholderName).length === 0, codeLapsed: c.codeLapsed }),
  payloads: {
    'method.choose': [{ method: 'account' }, { method: 'default_card' }, { method: 'bank_card' }, { method: 'wechat_pay' }],
    'field.change': [{ field: 'cardholderName', value: 'Mei Lin' }],
    'card.select': [{ cardId: OTHER_CARD.id }],
    'cardForm.failed': [{ error: apiError('http', 502) }],
    'cardForm.tokenized': [{ token: 'cnon:card-token', details: { card: { brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030 }, billing: { postalCode: '94103' } } }],
    'cardForm.invalid': [{ errors: [{ field: 'cardNumber', type: 'checkDigit', message: 'Check the card number.' }] }],
    'cardForm.error': [{ message: 'The card form is not available.' }],
    'done:loadBalance': [{ output: { generalCents: 2500 } }],
    'error:loadBalance': [{ error: apiError('http', 502) }],
    'done:loadCards': [{ output: { cards: [SAVED_CARD, OTHER_CARD] } }, { output: { cards: [] } }],
    'error:loadCards': [{ error: apiError('http', 502) }],
    'done:payOrder': [
      { output: PAYMENT_RESULTS.paid }, { output: PAYMENT_RESULTS.declined }, { output: PAYMENT_RESULTS.pending }, { output: PAYMENT_RESULTS.wechatPending },
    ],
    // 120081 first: where a method's answers fall through to "refused", it is the refusal this gateway gives.
    'error:payOrder': [
      { error: apiError('120081') }, { error: apiError('120087') }, { error: apiError('resubmit', 409) }, { error: apiError('http', 502) }, { error: apiError('120086', 409) },
    ],
    'done:payStatus': [
      { output: null }, { output: PAYMENT_RESULTS.paid }, { output: PAYMENT_RESULTS.pending }, { output: PAYMENT_RESULTS.wechatClosed },
      { output: PAYMENT_RESULTS.declined }, { output: PAYMENT_RESULTS.wechatPending },
    ],
    'error:payStatus': [{ error: apiError('http', 502) }],
  },
};
