/**
 * What the gateway may ask of the payment providers. The card provider behaves like Square's Payments API:
 * the browser's card form (the provider's own origin) turns a card into a single-use token; the gateway pays
 * with that token or with a card-on-file id, always with an idempotency key (the same key answers the same
 * payment, never a second charge). WeChat Pay is Native pay: a code_url shown as a QR, then an asynchronous,
 * signed notification that may come twice or late.
 */
export type CardErrorCode =
  | 'GENERIC_DECLINE' | 'CVV_FAILURE' | 'ADDRESS_VERIFICATION_FAILURE' | 'INVALID_EXPIRATION' | 'INSUFFICIENT_FUNDS'
  | 'CARD_DECLINED_VERIFICATION_REQUIRED';
/** The token was already used or has expired (gateway answers 120087). */
export type CardTokenError = 'CARD_TOKEN_EXPIRED' | 'CARD_TOKEN_USED' | 'NOT_FOUND';

export interface CardDetails {
  brand: string; last4: string; expMonth: number; expYear: number;
  /**
   * The provider's fingerprint of the card (Square's and Stripe's `card.fingerprint`): a keyed hash of the number made
   * inside the provider, the same for the same card across tokens, cards on file and accounts (decision 0043). Absent
   * when the provider has none for the card.
   */
  fingerprint?: string | null;
}

export interface CreateCardPayment {
  idempotencyKey: string;
  /** A single-use card token from the card form, or a card-on-file id. */
  sourceId: string;
  amountCents: number;
  /** What is paid (the order number): lets reconciliation find the payment. */
  referenceId: string;
  /** The billing postal code the buyer gave: address verification compares it with the card's. */
  billingPostalCode?: string | null;
  /** Keep the card on file for this customer reference after a successful payment. */
  storeForCustomer?: string | null;
}

export type CardPaymentOutcome =
  | {
    status: 'COMPLETED'; paymentId: string; card: CardDetails;
    /** The card kept on file (storeForCustomer), or null when the bank declined keeping it or keeping it failed. */
    cardId: string | null;
    /** Why keeping the card on file failed, other than the bank declining it (for the log); the payment stands. */
    cardOnFileFailure?: string;
  }
  | { status: 'FAILED'; paymentId: string | null; errorCode: CardErrorCode; card: CardDetails | null }
  | { status: 'TOKEN_INVALID'; errorCode: CardTokenError };

/** The card provider answered with an error instead of a payment (thrown by CardPayments.createPayment and the others). */
export class CardProviderError extends Error {
  /**
   * True only when the provider refused the CreatePayment request itself (a 4xx answer without a payment), so
   * nothing was charged. Any other error (a timeout, a 5xx, a 429, a reused idempotency key whose first request
   * may have charged) leaves the charge unknown.
   */
  readonly refusedBeforeCharge: boolean;

  constructor(readonly code: string, readonly status: number, detail: string, opts: { refusedBeforeCharge?: boolean } = {}) {
    super(`card provider answered ${status} ${code}: ${detail}`);
    this.name = 'CardProviderError';
    this.refusedBeforeCharge = opts.refusedBeforeCharge ?? false;
  }
}

/** Keeping a card from the card form without a payment (Square's CreateCard with a token): the bank checks it. */
export interface StoreCard {
  idempotencyKey: string;
  sourceId: string;
  customerRef: string;
  cardholderName: string;
  billingPostalCode: string;
}

export type StoreCardOutcome =
  | { status: 'STORED'; cardId: string; card: CardDetails }
  | { status: 'DECLINED'; errorCode: CardErrorCode }
  | { status: 'TOKEN_INVALID'; errorCode: CardTokenError };

export interface CardPayments {
  createPayment(req: CreateCardPayment): Promise<CardPaymentOutcome>;
  /** Keeps a card on file from a card form token; the same key answers the same card. Throws CardProviderError. */
  storeCard(req: StoreCard): Promise<StoreCardOutcome>;
  /** Square's RetrieveCard: a card on file with its fingerprint; null when the provider has no such card. Throws CardProviderError. */
  retrieveCard(cardId: string): Promise<{ card: CardDetails; enabled: boolean } | null>;
  /** Square's DisableCard: the card can no longer be charged. Throws CardProviderError (NOT_FOUND answers false). */
  disableCard(cardId: string): Promise<{ disabled: boolean }>;
  /** Payments the provider holds for a reference (reconciliation). */
  listPayments(referenceId: string): Promise<{
    paymentId: string; idempotencyKey: string; status: 'COMPLETED' | 'FAILED' | 'REFUNDED'; amountCents: number;
    /** Why a FAILED payment was declined (null otherwise). */
    errorCode: CardErrorCode | null;
    /** The card charged, with its fingerprint (reconciliation records it as a settled payment would). */
    card: CardDetails | null;
  }[]>;
  refundPayment(req: { idempotencyKey: string; paymentId: string; amountCents: number }): Promise<{ refunded: boolean }>;
  /** Browser-facing SDK location and ids (GET /pay/config), at the provider's configured origin (PAYMENTS_ORIGIN). */
  browserConfig(): { sdkUrl: string; origin: string; applicationId: string; locationId: string };
}

export interface WechatNotification { outTradeNo: string; transactionId: string; amountCents: number; state: 'SUCCESS' | 'PAYERROR' | 'CLOSED' }

export interface WechatPay {
  /** Idempotent on outTradeNo: asking again answers the same code_url while unpaid. */
  createNativeOrder(req: {
    outTradeNo: string; amountCents: number; description: string; notifyUrl: string;
  }): Promise<{ codeUrl: string; expiresAt: Date; sandboxPhoneUrl: string | null }>;
  queryOrder(outTradeNo: string): Promise<{ state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR'; transactionId: string | null; amountCents: number } | null>;
  /**
   * Closes an unpaid order (the buyer paid another way, or gave up): it can no longer be paid. Answers the state it
   * ended in: 'CLOSED', or 'SUCCESS' when the phone paid first (the caller must then refund or keep that payment),
   * or 'NOT_FOUND' when WeChat Pay never received the order (ORDER_NOT_EXIST): nothing can be paid with it.
   */
  closeOrder(outTradeNo: string): Promise<{ state: 'CLOSED' | 'SUCCESS' | 'NOT_FOUND' }>;
  /** Refunds a paid order in full (idempotent on outRefundNo). */
  refund(req: { outTradeNo: string; outRefundNo: string; amountCents: number }): Promise<{ refunded: boolean }>;
  /** Checks the signature of a notification; null when it is not genuine. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): WechatNotification | null;
}

/** A papay contract as WeChat Pay answers it (decision 0046); EXPIRED: the signing session ran out unsigned. */
export type WechatContractState = 'PENDING' | 'SIGNED' | 'DECLINED' | 'EXPIRED' | 'TERMINATED';

/** WeChat Pay papay (委托代扣): the payer signs once, then the merchant takes the payments the payer asks for. */
export interface WechatContracts {
  /** A signing session for contractCode (idempotent while it can be signed): the payer opens signUrl. */
  preEntrust(req: { contractCode: string; displayAccount: string; returnUrl: string; lang: string }): Promise<{ signUrl: string; expiresAt: Date }>;
  /** The contract's state; null when WeChat Pay has no such contract_code. */
  queryContract(contractCode: string): Promise<{ state: WechatContractState; contractId: string | null; terminatedBy: 'USER' | 'MERCHANT' | null } | null>;
  /** The merchant ends a signed contract; ending it again is fine. Answers false when WeChat Pay knows no such contract. */
  terminateContract(contractId: string): Promise<{ terminated: boolean }>;
  /**
   * A deduction under a signed contract, idempotent on outTradeNo (queried, closed, refunded and notified like any
   * order afterwards). 'CONTRACT_NOT_EXIST': the contract is not signed (any more): nothing was taken.
   */
  applyDeduction(req: { contractId: string; outTradeNo: string; amountCents: number; description: string; notifyUrl: string }): Promise<{ accepted: true } | { accepted: false; refusal: 'CONTRACT_NOT_EXIST' }>;
}

export interface PaymentProviders { card: CardPayments; wechat: WechatPay & WechatContracts }
