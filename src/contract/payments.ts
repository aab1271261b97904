/**
 * Payment (issue 3), one flow reused by checkout, top-up, renewal, protect and dual number. Card entry is
 * tokenized by the payment provider's own origin (a Square-like sandbox): the gateway sees a single-use token
 * (`sourceId`) or a card-on-file id, never a card number or CVV.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER, orderNoText } from './orders';
import { recordIdField, textField } from './fields';
import { payMethod } from './personal';
import { isCardHolderName } from '../domain/names';

/** Why a card payment failed, as the provider says it (Square's error codes). */
export const CARD_FAILURES = [
  'GENERIC_DECLINE', 'CVV_FAILURE', 'ADDRESS_VERIFICATION_FAILURE', 'INVALID_EXPIRATION', 'INSUFFICIENT_FUNDS',
  'CARD_DECLINED_VERIFICATION_REQUIRED',
] as const;
export type CardFailure = (typeof CARD_FAILURES)[number];
/** Other failures: WeChat Pay closed or failed, the balance short (also 120081). */
export const OTHER_FAILURES = ['WECHAT_CLOSED', 'WECHAT_PAYERROR', 'BALANCE_INSUFFICIENT'] as const;
export const paymentFailure = z.enum([...CARD_FAILURES, ...OTHER_FAILURES]);
export type PaymentFailure = z.infer<typeof paymentFailure>;

export const cardSummary = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });

export const paymentResult = z.object({
  /** What was paid: an order number now (later: top-up, renewal ... references). */
  reference: z.string(),
  status: z.enum(['paid', 'pending', 'failed']),
  amountCents: z.number().int(),
  method: payMethod,
  failure: paymentFailure.nullable(),
  card: cardSummary.nullable(),
  /** WeChat Pay (Native): the code_url to show as a QR, when it expires, and the sandbox phone page. */
  wechat: z.object({ codeUrl: z.string(), expiresAt: z.string(), sandboxPhoneUrl: z.string().nullable() }).nullable(),
  /** A card was saved on file (option "save the card"). */
  savedCardId: z.number().int().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

export const payRequest = z.object({
  orderNo: orderNoText,
  method: payMethod,
  /** bank_card: the single-use token from the provider's card form. */
  sourceId: textField({ max: 200, trim: true }).optional().nullable(),
  /** default_card: the saved card to charge (its id in saved cards); the default card when absent. */
  cardId: recordIdField().optional().nullable(),
  cardholderName: textField({ max: 60, trim: true }).optional().nullable()
    .refine((v) => !v || isCardHolderName(v), 'validation:cardholder.letters'),
  saveCard: z.boolean().optional().default(false),
}).superRefine((r, ctx) => {
  if (r.method === 'bank_card') {
    if (!r.sourceId) ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'validation:card.required' });
    if (!r.cardholderName) ctx.addIssue({ code: 'custom', path: ['cardholderName'], message: 'validation:cardholder.required' });
  }
});
export type PayRequest = z.input<typeof payRequest>;

/**
 * Pays an order. Codes: 120081 balance insufficient, 120087 payment info expired (token expired or used:
 * dialog, then home), 120086 a payment of this order is already running, 'noRecord' no such order,
 * 120106 / 120070 saving the card failed. A decline is not an error: status 'failed' with its reason.
 */
export const payOrder = defineEndpoint({
  id: 'payOrder',
  method: 'POST',
  path: `${PCAPP}/pay/payOrder`,
  summary: 'Pays an order by balance, saved card, new card (provider token) or WeChat Pay, idempotently.',
  body: payRequest,
  headers: [IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER],
  auth: 'optional',
  response: paymentResult,
});

/** The latest payment of an order (WeChat Pay polling, result pages). */
export const payStatus = defineEndpoint({
  id: 'payStatus',
  method: 'GET',
  path: `${PCAPP}/pay/payStatus`,
  summary: 'The state of the latest payment of an order.',
  query: z.object({ orderNo: orderNoText }),
  headers: [ORDER_TOKEN_HEADER],
  auth: 'optional',
  response: paymentResult.nullable(),
});

/** Where the card form comes from: the provider's SDK on its own origin. */
export const payConfig = defineEndpoint({
  id: 'payConfig',
  method: 'GET',
  path: `${PCAPP}/pay/config`,
  summary: "The payment provider's SDK URL, application id and location id for the card form.",
  response: z.object({ provider: z.literal('card-sandbox'), sdkUrl: z.string(), origin: z.string(), applicationId: z.string(), locationId: z.string() }),
});

export const savedCardData = z.object({
  id: z.number().int(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int(),
  holderName: z.string(), isDefault: z.boolean(),
});
export const cardList = defineEndpoint({
  id: 'cardList',
  method: 'POST',
  path: `${PCAPP}/personalcenter/cardList`,
  summary: "The customer's cards on file (brand, last four, expiry).",
  auth: 'required',
  response: z.object({ cards: z.array(savedCardData) }),
});

export { cardSummary as cardSummarySchema };
