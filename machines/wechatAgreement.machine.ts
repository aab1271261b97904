/**
 * A customer's WeChat Pay agreement (issue 18 section 3, decision 0046): the papay contract signed at WeChat Pay from
 * /wechat-signing, which pays the top-ups the customer starts without scanning a QR code each time. Spec section 4
 * says auto-renewal is paid "by card or balance": the agreement never pays a renewal or anything the customer did not
 * ask for at that moment. The truth is wechat_agreements.state on the gateway, applied like every lifecycle
 * (src/server/db/lifecycle.ts). The chart keeps no context; what WeChat Pay answered is on the event.
 */
import { setup } from 'xstate';

export type WechatAgreementEvent =
  /** WeChat Pay says the customer signed (the return page or the agreement page asked it). */
  | { type: 'agreement.signed'; contractId: string }
  /** WeChat Pay says the signing session ended unsigned: declined by the customer, or its hour ran out. */
  | { type: 'agreement.notSigned'; reason: 'declined' | 'expired' }
  /** The customer gives up a signing still open, from the portal (to start again, or not at all). */
  | { type: 'agreement.abandon' }
  /** The customer cancels the signed agreement in the portal; the gateway terminated it at WeChat Pay first. */
  | { type: 'agreement.cancel' }
  /** WeChat Pay says the contract was terminated there (the customer ended it in WeChat). */
  | { type: 'agreement.terminatedAtWechat' };

export type WechatAgreementState = 'signing' | 'signed' | 'notSigned' | 'terminated';

export const wechatAgreementMachine = setup({
  types: { events: {} as WechatAgreementEvent },
  actions: {
    /** The host keeps WeChat Pay's contract id and when it was signed. */
    recordContract: () => undefined,
    /** The host records when and why the agreement ended (declined, expired, abandoned, by the customer or in WeChat). */
    recordEnd: () => undefined,
  },
}).createMachine({
  id: 'wechatAgreement',
  description: 'Spec section 2 lists /wechat-signing among the public routes; spec section 3 maps wechat_pay to WECHAT_PAY; spec section 4: auto-renewal is "open (card or balance)", so a signed WeChat Pay agreement pays only the top-ups the customer starts (decision 0046). Spec section 5: "Top-up: amount integer 1-9999".',
  initial: 'signing',
  states: {
    signing: {
      tags: ['business'],
      description: 'Decision 0046: the customer was sent to WeChat Pay to sign (spec section 2: /wechat-signing is the page they come back to); the signing link lasts an hour. One agreement signing or signed per customer.',
      on: {
        'agreement.signed': {
          target: 'signed', actions: 'recordContract',
          description: 'WeChat Pay answered the contract signed: top-ups the customer starts can be paid by it without scanning.',
        },
        'agreement.notSigned': {
          target: 'notSigned', actions: 'recordEnd',
          description: 'WeChat Pay answered the signing declined, or its hour ran out: nothing was signed; the customer can start again.',
        },
        'agreement.abandon': {
          target: 'notSigned', actions: 'recordEnd',
          description: 'The customer gave up the signing from the portal: nothing was signed.',
        },
      },
    },
    signed: {
      tags: ['business'],
      description: 'Signed: a top-up the customer starts (spec section 5: "amount integer 1-9999") is paid from WeChat Pay at once. Spec section 4: never an auto-renewal ("card or balance").',
      on: {
        'agreement.cancel': {
          target: 'terminated', actions: 'recordEnd',
          description: 'The customer cancelled the agreement in the portal; it was terminated at WeChat Pay first, so nothing more can be taken with it.',
        },
        'agreement.terminatedAtWechat': {
          target: 'terminated', actions: 'recordEnd',
          description: 'The customer ended it in WeChat (WeChat Pay answers the contract terminated, or refuses a payment under it).',
        },
      },
    },
    notSigned: {
      type: 'final', tags: ['business'],
      description: 'Decision 0046: never signed (declined, expired or given up); nothing can be paid with it. A new signing is a new agreement.',
    },
    terminated: {
      type: 'final', tags: ['business'],
      description: 'Decision 0046: ended, by the customer in the portal or in WeChat; nothing more can be taken with it. A new signing is a new agreement.',
    },
  },
});
