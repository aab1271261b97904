/**
 * The card side of the payment sandbox over real HTTP: the card form's rules as the tokenization endpoint
 * checks them, Square's documented test values, single-use and expiring tokens, idempotent payments, address
 * verification, cards on file and refunds, through the gateway's own adapter (providers.card).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxCardPayments } from '../../src/server/db/schema';
import { CardProviderError } from '../../src/server/adapters/payments/clients/squareClient';
import { sandboxSeedCard } from '../../src/server/adapters/payments/sandboxServer';
import type { CardPayments } from '../../src/server/adapters/payments/types';
import { SANDBOX_TEXTS } from '../../src/server/adapters/payments/texts';
import { startTestServer, type TestServer } from '../support/server';
import { TEST_CARDS, TEST_NONCES, tokenizeCard, tokenizeCardRaw, type CardInput } from '../support/payments';

const DAY = 24 * 60 * 60_000;
let server: TestServer;
let card: CardPayments;
let seq = 0;
const key = () => `test-key-${Date.now()}-${++seq}`;
const ref = () => `ORD${Date.now()}${++seq}`;

beforeAll(async () => {
  server = await startTestServer();
  card = server.app.deps.payments.card;
});
afterAll(async () => { await server?.close(); });

const visa = (over: Partial<CardInput> = {}): CardInput => ({ ...TEST_CARDS.visa, ...over });
const problems = async (input: CardInput, lang = 'en') => {
  const answer = await tokenizeCardRaw(server.paymentsUrl, input, lang);
  expect(answer.status).toBe(400);
  return answer.body.errors!.map((e) => `${e.field}:${e.type}`);
};
const monthsFromNow = (months: number) => {
  const now = server.clock.now();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`;
};

describe('card form rules, checked again by the tokenization endpoint', () => {
  it('card number: required, digits only, 13 to 16 digits, check digit, test cards only', async () => {
    expect(await problems(visa({ number: '' }))).toEqual(['cardNumber:required']);
    expect(await problems(visa({ number: '4111 1111 abcd 1111' }))).toEqual(['cardNumber:digits']);
    expect(await problems(visa({ number: '4111 1111 1111' }))).toEqual(['cardNumber:length']);
    expect(await problems(visa({ number: '4111 1111 1111 1111 1' }))).toEqual(['cardNumber:length']);
    expect(await problems(visa({ number: '4111 1111 1111 1112' }))).toEqual(['cardNumber:checkDigit']);
    // A real, valid number is refused before it is kept anywhere (Square's Sandbox takes test cards only).
    expect(await problems(visa({ number: '4242 4242 4242 4242' }))).toEqual(['cardNumber:notTestCard']);
  });

  it('expiry: required, MM/YY, not before this month on the provider clock', async () => {
    expect(await problems(visa({ exp: '' }))).toEqual(['expirationDate:required']);
    expect(await problems(visa({ exp: '13/30' }))).toEqual(['expirationDate:invalid']);
    expect(await problems(visa({ exp: '1230' }))).toEqual(['expirationDate:invalid']);
    expect(await problems(visa({ exp: monthsFromNow(-1) }))).toEqual(['expirationDate:expired']);
    expect((await tokenizeCardRaw(server.paymentsUrl, visa({ exp: monthsFromNow(0) }))).status).toBe(200);
  });

  it('CVV: required, 3 or 4 digits, 4 for American Express', async () => {
    expect(await problems(visa({ cvv: '' }))).toEqual(['cvv:required']);
    expect(await problems(visa({ cvv: '12' }))).toEqual(['cvv:invalid']);
    expect(await problems(visa({ cvv: '12a' }))).toEqual(['cvv:invalid']);
    expect(await problems({ ...TEST_CARDS.amex, cvv: '111' })).toEqual(['cvv:amex']);
    expect((await tokenizeCardRaw(server.paymentsUrl, visa({ cvv: '1234' }))).status).toBe(200);
    expect((await tokenizeCardRaw(server.paymentsUrl, TEST_CARDS.amex)).status).toBe(200);
  });

  it('billing postal code: required and well formed', async () => {
    expect(await problems(visa({ postalCode: ' ' }))).toEqual(['postalCode:required']);
    expect(await problems(visa({ postalCode: '9!' }))).toEqual(['postalCode:invalid']);
  });

  it('reports every field at once, in the language asked, as the card form shows them', async () => {
    const empty = { number: '', exp: '', cvv: '', postalCode: '' };
    for (const lang of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      const answer = await tokenizeCardRaw(server.paymentsUrl, empty, lang);
      expect(answer.body.errors!.map((e) => e.field)).toEqual(['cardNumber', 'expirationDate', 'cvv', 'postalCode']);
      expect(answer.body.errors![0]!.message).toBe(SANDBOX_TEXTS[lang].error.cardNumber.required);
    }
    expect(SANDBOX_TEXTS['zh-Hans'].error.cardNumber.required).not.toBe(SANDBOX_TEXTS['zh-Hant'].error.cardNumber.required);
  });

  it('answers the token with the card details a page may see, never the number', async () => {
    const answer = await tokenizeCardRaw(server.paymentsUrl, { ...TEST_CARDS.amex, postalCode: '94103-1234' });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toMatch(/^cnon:/);
    expect(answer.body.details).toEqual({ card: { brand: 'amex', last4: '0009', expMonth: 12, expYear: 2030 }, billing: { postalCode: '94103' } });
  });

  it('refuses an unknown application id and a post from another origin', async () => {
    const res = await fetch(`${server.paymentsUrl}/v1/card-nonce`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId: 'sandbox-sq0idb-someoneelse', ...TEST_CARDS.visa }),
    });
    expect(res.status).toBe(401);
    const cross = await fetch(`${server.paymentsUrl}/v1/card-nonce`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ applicationId: 'x', ...TEST_CARDS.visa }),
    });
    expect(cross.status).toBe(403);
  });
});

describe("Square's documented test values", () => {
  for (const [name, test] of Object.entries(TEST_CARDS)) {
    const expected = test.scenario === 'ok' || test.scenario === 'COF_AUTH_DECLINED' ? 'COMPLETED' : 'FAILED';
    it(`${name} (${test.number}, CVV ${test.cvv}, ${test.exp}, ${test.postalCode}): ${expected}${expected === 'FAILED' ? ` ${test.scenario}` : ''}`, async () => {
      const token = await tokenizeCard(server.paymentsUrl, test);
      const outcome = await card.createPayment({ idempotencyKey: key(), sourceId: token, amountCents: 2500, referenceId: ref(), billingPostalCode: test.postalCode });
      expect(outcome.status).toBe(expected);
      if (outcome.status === 'FAILED') expect(outcome.errorCode).toBe(test.scenario);
      if (outcome.status !== 'TOKEN_INVALID') expect(outcome.card?.last4).toBe(test.number.replace(/\D/g, '').slice(-4));
    });
  }

  it("Square's fixed sandbox tokens work without the form, again and again", async () => {
    for (const [nonce, value] of Object.entries(TEST_NONCES)) {
      for (let i = 0; i < 2; i++) {
        const outcome = await card.createPayment({ idempotencyKey: key(), sourceId: nonce, amountCents: 100, referenceId: ref() });
        if (value.scenario === 'CARD_TOKEN_USED') expect(outcome).toEqual({ status: 'TOKEN_INVALID', errorCode: 'CARD_TOKEN_USED' });
        else if (value.scenario === 'ok') expect(outcome.status).toBe('COMPLETED');
        else expect(outcome).toMatchObject({ status: 'FAILED', errorCode: value.scenario });
      }
    }
  });
});

describe('tokens are single use and expire after 24 hours', () => {
  it('pays once; the same token again is CARD_TOKEN_USED', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.visa);
    expect((await card.createPayment({ idempotencyKey: key(), sourceId: token, amountCents: 500, referenceId: ref() })).status).toBe('COMPLETED');
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: token, amountCents: 500, referenceId: ref() }))
      .toEqual({ status: 'TOKEN_INVALID', errorCode: 'CARD_TOKEN_USED' });
  });

  it('still pays a minute before its 24 hours are up, not after', async () => {
    const early = await tokenizeCard(server.paymentsUrl, TEST_CARDS.visa);
    const late = await tokenizeCard(server.paymentsUrl, TEST_CARDS.visa);
    server.clock.advance(DAY - 60_000);
    expect((await card.createPayment({ idempotencyKey: key(), sourceId: early, amountCents: 500, referenceId: ref() })).status).toBe('COMPLETED');
    server.clock.advance(2 * 60_000);
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: late, amountCents: 500, referenceId: ref() }))
      .toEqual({ status: 'TOKEN_INVALID', errorCode: 'CARD_TOKEN_EXPIRED' });
  });

  it('an unknown token is NOT_FOUND', async () => {
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: 'cnon:notatokenthesandboxevermade000000', amountCents: 500, referenceId: ref() }))
      .toEqual({ status: 'TOKEN_INVALID', errorCode: 'NOT_FOUND' });
  });
});

describe('idempotency', () => {
  it('the same key and request answer the same payment: one charge', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.mastercard);
    const request = { idempotencyKey: key(), sourceId: token, amountCents: 4321, referenceId: ref() };
    const first = await card.createPayment(request);
    const again = await card.createPayment(request);
    expect(first.status).toBe('COMPLETED');
    expect(again).toEqual(first);
    const rows = await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('the same key with another request is IDEMPOTENCY_KEY_REUSED, and the payment stays as it was', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.visa);
    const request = { idempotencyKey: key(), sourceId: token, amountCents: 1000, referenceId: ref() };
    const first = await card.createPayment(request);
    const error = await card.createPayment({ ...request, amountCents: 1001 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardProviderError);
    expect((error as CardProviderError).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [row] = await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.idempotencyKey, request.idempotencyKey));
    expect(row).toMatchObject({ id: first.status === 'COMPLETED' ? first.paymentId : '', amountCents: 1000 });
  });

  it('a declined payment asked again is the same decline, not a new attempt', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.declined);
    const request = { idempotencyKey: key(), sourceId: token, amountCents: 700, referenceId: ref() };
    const first = await card.createPayment(request);
    expect(first).toMatchObject({ status: 'FAILED', errorCode: 'GENERIC_DECLINE' });
    expect(await card.createPayment(request)).toEqual(first);
  });
});

describe('address verification: the postal code typed in the card form must be the billing ZIP', () => {
  it('another ZIP fails ADDRESS_VERIFICATION_FAILURE; ZIP+4 and case or spacing do not matter', async () => {
    const mismatch = await tokenizeCard(server.paymentsUrl, visa({ postalCode: '94103' }));
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: mismatch, amountCents: 900, referenceId: ref(), billingPostalCode: '10001' }))
      .toMatchObject({ status: 'FAILED', errorCode: 'ADDRESS_VERIFICATION_FAILURE' });
    const plus4 = await tokenizeCard(server.paymentsUrl, visa({ postalCode: '94103-0001' }));
    expect((await card.createPayment({ idempotencyKey: key(), sourceId: plus4, amountCents: 900, referenceId: ref(), billingPostalCode: ' 94103 ' })).status).toBe('COMPLETED');
  });
});

describe('cards on file', () => {
  it('keeps the card of a completed payment for the customer and charges it later, without the form', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.jcb);
    const first = await card.createPayment({ idempotencyKey: key(), sourceId: token, amountCents: 1500, referenceId: ref(), storeForCustomer: 'customer-77', billingPostalCode: '94103' });
    expect(first.status).toBe('COMPLETED');
    const cardId = first.status === 'COMPLETED' ? first.cardId! : '';
    expect(cardId).toMatch(/^ccof:/);
    for (let i = 0; i < 2; i++) {
      expect(await card.createPayment({ idempotencyKey: key(), sourceId: cardId, amountCents: 1500, referenceId: ref(), billingPostalCode: '94103' }))
        .toMatchObject({ status: 'COMPLETED', card: { brand: 'jcb', last4: '5841' } });
    }
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: cardId, amountCents: 1500, referenceId: ref(), billingPostalCode: '60601' }))
      .toMatchObject({ status: 'FAILED', errorCode: 'ADDRESS_VERIFICATION_FAILURE' });
  });

  it('the "card on file auth declined" card pays but is not kept', async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.cardOnFileDeclined);
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: token, amountCents: 1500, referenceId: ref(), storeForCustomer: 'customer-78' }))
      .toMatchObject({ status: 'COMPLETED', cardId: null });
  });

  it('a seeded card pays; one past its expiry on the clock is INVALID_EXPIRATION; an unknown id is NOT_FOUND', async () => {
    const now = server.clock.now();
    await sandboxSeedCard(server.db, { id: 'ccof:seeded-demo-visa', customerRef: 'customer-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: now.getUTCFullYear() + 2, postalCode: '91101' });
    await sandboxSeedCard(server.db, { id: 'ccof:seeded-expiring', customerRef: 'customer-1', brand: 'visa', last4: '1111', expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear(), postalCode: '91101' });
    expect((await card.createPayment({ idempotencyKey: key(), sourceId: 'ccof:seeded-demo-visa', amountCents: 2500, referenceId: ref(), billingPostalCode: '91101' })).status).toBe('COMPLETED');
    expect((await card.createPayment({ idempotencyKey: key(), sourceId: 'ccof:seeded-expiring', amountCents: 2500, referenceId: ref() })).status).toBe('COMPLETED');
    server.clock.advance(40 * DAY);
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: 'ccof:seeded-expiring', amountCents: 2500, referenceId: ref() }))
      .toMatchObject({ status: 'FAILED', errorCode: 'INVALID_EXPIRATION' });
    expect(await card.createPayment({ idempotencyKey: key(), sourceId: 'ccof:nobody', amountCents: 2500, referenceId: ref() }))
      .toEqual({ status: 'TOKEN_INVALID', errorCode: 'NOT_FOUND' });
    await expect(sandboxSeedCard(server.db, { id: 'card-1', customerRef: 'c', brand: 'visa', last4: '1111', expMonth: 1, expYear: 2031, postalCode: null })).rejects.toThrow(/ccof:/);
  });
});

describe('listing and refunds', () => {
  it('lists the payments of a reference with their keys; refunds in full once, whatever the retries', async () => {
    const reference = ref();
    const paid = await card.createPayment({ idempotencyKey: key(), sourceId: await tokenizeCard(server.paymentsUrl, TEST_CARDS.discover), amountCents: 3000, referenceId: reference });
    const declined = await card.createPayment({ idempotencyKey: key(), sourceId: await tokenizeCard(server.paymentsUrl, TEST_CARDS.insufficientFunds), amountCents: 3000, referenceId: reference });
    const paymentId = paid.status === 'COMPLETED' ? paid.paymentId : '';
    const listed = await card.listPayments(reference);
    expect(listed.map((p) => [p.status, p.errorCode]).sort()).toEqual([['COMPLETED', null], ['FAILED', 'INSUFFICIENT_FUNDS']]);
    expect(listed.every((p) => p.idempotencyKey.startsWith('test-key-') && p.amountCents === 3000)).toBe(true);

    const refundKey = key();
    expect(await card.refundPayment({ idempotencyKey: refundKey, paymentId, amountCents: 3000 })).toEqual({ refunded: true });
    expect(await card.refundPayment({ idempotencyKey: refundKey, paymentId, amountCents: 3000 })).toEqual({ refunded: true });
    expect(await card.refundPayment({ idempotencyKey: key(), paymentId, amountCents: 3000 })).toEqual({ refunded: true });
    expect((await card.listPayments(reference)).find((p) => p.paymentId === paymentId)?.status).toBe('REFUNDED');
    const [row] = await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, paymentId));
    expect(row!.status).toBe('REFUNDED');

    const failedId = declined.status === 'FAILED' ? declined.paymentId! : '';
    expect(await card.refundPayment({ idempotencyKey: key(), paymentId: failedId, amountCents: 3000 })).toEqual({ refunded: false });
    await expect(card.refundPayment({ idempotencyKey: key(), paymentId, amountCents: 100 })).rejects.toThrow(/REFUND_AMOUNT_INVALID/);
  });
});

describe('the Payments API', () => {
  it('refuses a caller without the access token', async () => {
    const res = await fetch(`${server.paymentsUrl}/v2/payments`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer EAAAnottheone' },
      body: JSON.stringify({ idempotency_key: 'k', source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'USD' } }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('UNAUTHORIZED');
  });

  it('tells the browser where the SDK is: the sandbox origin as configured, nothing from the request', () => {
    expect(card.browserConfig().sdkUrl).toBe(`${server.paymentsUrl}/v1/sdk.js`);
    expect(card.browserConfig().origin).toBe(server.paymentsUrl);
    expect(card.browserConfig().applicationId).toMatch(/^sandbox-sq0idb-/);
  });
});
