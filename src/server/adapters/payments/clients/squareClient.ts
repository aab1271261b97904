/**
 * The gateway's card payments adapter: Square's Payments and Cards APIs over HTTP, here pointed at the sandbox
 * with the merchant's access token. Declines are answers, not errors; only a request the provider refuses as
 * malformed (or a reused idempotency key) throws. Once a payment is COMPLETED nothing that follows (keeping the
 * card on file) can turn it into an error: the money is taken, so the caller must record it.
 */
import { createHash } from 'node:crypto';
import { SDK_PATH } from '../browser/protocol';
import { productBrand } from '../brands';
import type { SquareCredentials } from '../sandbox/credentials';
import { CardProviderError, type CardDetails, type CardErrorCode, type CardPaymentOutcome, type CardPayments, type CardTokenError, type StoreCardOutcome } from '../types';

export { CardProviderError };

interface SquareErrorJson { category: string; code: string; detail?: string }
interface SquareCardJson { id?: string; card_brand: string; last_4: string; exp_month: number; exp_year: number; fingerprint?: string; enabled?: boolean }
interface SquarePaymentJson {
  id: string; status: 'COMPLETED' | 'FAILED' | 'PENDING' | 'CANCELED'; amount_money: { amount: number };
  refunded_money?: { amount: number }; idempotency_key?: string;
  card_details?: { card?: SquareCardJson; errors?: SquareErrorJson[] };
}

const CARD_ERRORS: readonly CardErrorCode[] = ['GENERIC_DECLINE', 'CVV_FAILURE', 'ADDRESS_VERIFICATION_FAILURE', 'INVALID_EXPIRATION', 'INSUFFICIENT_FUNDS', 'CARD_DECLINED_VERIFICATION_REQUIRED'];
const TOKEN_ERRORS: readonly CardTokenError[] = ['CARD_TOKEN_USED', 'CARD_TOKEN_EXPIRED', 'NOT_FOUND'];

/** A decline's reason as the gateway knows them; one it does not know reads as a generic decline. */
const declineOf = (code: string | undefined): CardErrorCode => (CARD_ERRORS.includes(code as CardErrorCode) ? (code as CardErrorCode) : 'GENERIC_DECLINE');

const detailsOf = (c: SquareCardJson): CardDetails =>
  ({ brand: productBrand(c.card_brand), last4: c.last_4, expMonth: c.exp_month, expYear: c.exp_year, fingerprint: c.fingerprint ?? null });

const cardOf = (p: SquarePaymentJson): CardDetails | null => {
  const c = p.card_details?.card;
  return c ? detailsOf(c) : null;
};

/** Square's idempotency keys are at most 45 characters: the card's own key is derived from the payment's. */
const derivedKey = (key: string, purpose: string) => createHash('sha256').update(`${purpose}:${key}`).digest('hex').slice(0, 40);

export interface SquareClientOptions { baseUrl: string; credentials: SquareCredentials; browserOrigin: string }

export function createSquareClient(o: SquareClientOptions): CardPayments {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: T & { errors?: SquareErrorJson[] } }> {
    const res = await fetch(`${o.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${o.credentials.accessToken}`, 'content-type': 'application/json', 'square-version': '2025-01-23' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & { errors?: SquareErrorJson[] };
    return { status: res.status, json };
  }

  const fail = (status: number, errors: SquareErrorJson[] | undefined, opts: { refusedBeforeCharge?: boolean } = {}): never => {
    const e = errors?.[0];
    throw new CardProviderError(e?.code ?? 'UNKNOWN', status, e?.detail ?? 'no detail', opts);
  };

  /**
   * Keeps the card of a completed payment on file. Never throws: the payment stands whatever the Cards API says.
   * The bank declining to keep the card is an answer (no failure); anything else is told as `failure`.
   */
  async function storeCard(paymentId: string, customerRef: string, key: string): Promise<{ cardId: string | null; failure: string | null }> {
    try {
      const { status, json } = await call<{ card?: { id: string } }>('POST', '/v2/cards', {
        idempotency_key: derivedKey(key, 'card'), source_id: paymentId, card: { customer_id: customerRef },
      });
      if (json.card) return { cardId: json.card.id, failure: null };
      const e = json.errors?.[0];
      if (e?.category === 'PAYMENT_METHOD_ERROR') return { cardId: null, failure: null };
      return { cardId: null, failure: `cards API answered ${status} ${e?.code ?? 'UNKNOWN'}: ${e?.detail ?? 'no detail'}` };
    } catch (error) {
      return { cardId: null, failure: `cards API unreachable: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  return {
    async createPayment(req): Promise<CardPaymentOutcome> {
      const { status, json } = await call<{ payment?: SquarePaymentJson }>('POST', '/v2/payments', {
        idempotency_key: req.idempotencyKey, source_id: req.sourceId,
        amount_money: { amount: req.amountCents, currency: 'USD' }, autocomplete: true,
        location_id: o.credentials.locationId, reference_id: req.referenceId,
        ...(req.billingPostalCode ? { billing_address: { postal_code: req.billingPostalCode } } : {}),
      });
      const payment = json.payment;
      if (payment?.status === 'COMPLETED') {
        const kept = req.storeForCustomer ? await storeCard(payment.id, req.storeForCustomer, req.idempotencyKey) : null;
        return {
          status: 'COMPLETED', paymentId: payment.id, card: cardOf(payment)!, cardId: kept?.cardId ?? null,
          ...(kept?.failure ? { cardOnFileFailure: kept.failure } : {}),
        };
      }
      const code = json.errors?.[0]?.code;
      if (payment?.status === 'FAILED') return { status: 'FAILED', paymentId: payment.id, errorCode: declineOf(code), card: cardOf(payment) };
      if (TOKEN_ERRORS.includes(code as CardTokenError)) return { status: 'TOKEN_INVALID', errorCode: code as CardTokenError };
      // A 4xx without a payment is the request refused as it stands: nothing charged. Not so for a reused key (its
      // first request may have charged), a 429 (maybe not even read) or a 5xx (maybe charged before failing).
      const refusedBeforeCharge = !payment && status >= 400 && status < 500 && status !== 429 && code !== 'IDEMPOTENCY_KEY_REUSED';
      return fail(status, json.errors, { refusedBeforeCharge });
    },

    async storeCard(req): Promise<StoreCardOutcome> {
      const { status, json } = await call<{ card?: SquareCardJson & { id: string } }>('POST', '/v2/cards', {
        idempotency_key: derivedKey(req.idempotencyKey, 'store'), source_id: req.sourceId,
        card: { customer_id: req.customerRef, cardholder_name: req.cardholderName, billing_address: { postal_code: req.billingPostalCode } },
      });
      const c = json.card;
      if (c) return { status: 'STORED', cardId: c.id, card: detailsOf(c) };
      const e = json.errors?.[0];
      if (e?.category === 'PAYMENT_METHOD_ERROR') return { status: 'DECLINED', errorCode: declineOf(e.code) };
      if (TOKEN_ERRORS.includes(e?.code as CardTokenError)) return { status: 'TOKEN_INVALID', errorCode: e!.code as CardTokenError };
      return fail(status, json.errors);
    },

    async retrieveCard(cardId) {
      const { status, json } = await call<{ card?: SquareCardJson }>('GET', `/v2/cards/${encodeURIComponent(cardId)}`);
      if (json.card) return { card: detailsOf(json.card), enabled: json.card.enabled !== false };
      if (json.errors?.[0]?.code === 'NOT_FOUND') return null;
      return fail(status, json.errors);
    },

    async disableCard(cardId) {
      const { status, json } = await call<{ card?: { enabled: boolean } }>('POST', `/v2/cards/${encodeURIComponent(cardId)}/disable`, {});
      if (json.card) return { disabled: !json.card.enabled };
      if (json.errors?.[0]?.code === 'NOT_FOUND') return { disabled: false };
      return fail(status, json.errors);
    },

    async listPayments(referenceId) {
      const { status, json } = await call<{ payments?: SquarePaymentJson[] }>('GET', `/v2/payments?reference_id=${encodeURIComponent(referenceId)}`);
      if (!json.payments) return fail(status, json.errors);
      return json.payments.map((p) => ({
        paymentId: p.id, idempotencyKey: p.idempotency_key ?? '', amountCents: p.amount_money.amount,
        status: p.refunded_money ? 'REFUNDED' as const : p.status === 'COMPLETED' ? 'COMPLETED' as const : 'FAILED' as const,
        errorCode: p.status === 'FAILED' ? declineOf(p.card_details?.errors?.[0]?.code) : null,
        card: cardOf(p),
      }));
    },

    async refundPayment(req) {
      const { status, json } = await call<{ refund?: { status: string } }>('POST', '/v2/refunds', {
        idempotency_key: req.idempotencyKey, payment_id: req.paymentId, amount_money: { amount: req.amountCents, currency: 'USD' },
      });
      if (json.refund) return { refunded: json.refund.status === 'COMPLETED' || json.refund.status === 'PENDING' };
      if (json.errors?.[0]?.code === 'PAYMENT_NOT_REFUNDABLE') return { refunded: false };
      return fail(status, json.errors);
    },

    browserConfig() {
      const origin = o.browserOrigin;
      return { sdkUrl: `${origin}${SDK_PATH}`, origin, applicationId: o.credentials.applicationId, locationId: o.credentials.locationId };
    },
  };
}
