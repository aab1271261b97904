/**
 * The WeChat Pay agreement of /wechat-signing (issue 18 section 3, decision 0046): a papay contract the customer signs at
 * WeChat Pay, which then pays the top-ups the customer starts without scanning a QR code. Never an auto-renewal (spec
 * section 4: "card or balance").
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { IDEMPOTENCY_HEADER, orderNoText } from './orders';
import { textField } from './fields';
import { paymentResult } from './payments';

export const agreementState = z.enum(['signing', 'signed', 'notSigned', 'terminated']);
export type AgreementState = z.infer<typeof agreementState>;
export const agreementEndReason = z.enum(['declined', 'expired', 'abandoned', 'customer', 'wechat']);
export type AgreementEndReason = z.infer<typeof agreementEndReason>;

export const agreementView = z.object({
  /** The customer's latest agreement, or null when there has never been one. */
  agreement: z.object({
    state: agreementState,
    /** Where to sign (WeChat Pay's page) while signing, and until when. */
    signUrl: z.string().nullable(),
    signExpiresAt: z.string(),
    /** What WeChat Pay shows the agreement is for (the customer's number). */
    account: z.string(),
    signedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    endReason: agreementEndReason.nullable(),
  }).nullable(),
  /** The customer's own number, offered for a quick top-up. */
  phone: z.string().nullable(),
});
export type AgreementView = z.infer<typeof agreementView>;

export const wechatAgreementInfo = defineEndpoint({
  id: 'wechatAgreementInfo', method: 'GET', path: `${PCAPP}/wechatSigning/agreement`, auth: 'required',
  /** `agreement`: the contract code WeChat Pay's return link carries back to /wechat-signing. */
  query: z.object({ agreement: textField({ max: 40, trim: true }).optional() }),
  summary: 'The customer\'s WeChat Pay agreement, brought up to date with WeChat Pay (signed, declined, ended in WeChat).',
  response: agreementView,
});

export const wechatAgreementSign = defineEndpoint({
  id: 'wechatAgreementSign', method: 'POST', path: `${PCAPP}/wechatSigning/sign`, auth: 'required',
  summary: 'Starts signing at WeChat Pay (one agreement signing or signed per customer: asking again answers it).',
  response: agreementView,
});

export const wechatAgreementCancel = defineEndpoint({
  id: 'wechatAgreementCancel', method: 'POST', path: `${PCAPP}/wechatSigning/cancel`, auth: 'required',
  summary: 'Cancels the agreement: terminated at WeChat Pay (or a signing given up); cancelling again answers the same.',
  response: agreementView,
});

export const agreementPayRequest = z.object({ orderNo: orderNoText });

export const wechatAgreementPay = defineEndpoint({
  id: 'wechatAgreementPay', method: 'POST', path: `${PCAPP}/wechatSigning/pay`, auth: 'required', headers: [IDEMPOTENCY_HEADER],
  summary: 'Pays one of the customer\'s own top-ups under the signed agreement, idempotently (agreementNotSigned, agreementEnded, agreementTopUpsOnly).',
  body: agreementPayRequest,
  response: paymentResult,
});
