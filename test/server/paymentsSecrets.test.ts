/**
 * Issue 3: "the gateway, its database and its logs never see the card number or CVV". A buyer types a card into
 * the provider's form, pays, saves it, fails once: afterwards no table (the sandbox's own included) and no log
 * line of the gateway or of the payment sandbox holds the number or the CVV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { startTestServer, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { esimForm, newKey, placeOrder, planIdOf } from './ordersHelpers';

const NUMBER = TEST_CARDS.visa.number.replace(/\D/g, '');
/** Visa takes a 3- or 4-digit CVV: four digits that appear nowhere else in the data of this test. */
const CVV = '7391';

/** Every string value anywhere in a JSON value, with the key it was found under. */
function* strings(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string' || typeof value === 'number') yield [key, String(value)];
  else if (Array.isArray(value)) for (const v of value) yield* strings(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, k);
}

function expectNoCard(what: string, values: Iterable<[string, string]>) {
  for (const [key, value] of values) {
    const digits = value.replace(/[\s-]/g, '');
    expect(digits.includes(NUMBER), `${what}: card number under "${key}"`).toBe(false);
    expect(value === CVV, `${what}: CVV under "${key}"`).toBe(false);
    expect(/^(cvv|cvc|cvv2|card_?number|pan)$/i.test(key), `${what}: a "${key}" field`).toBe(false);
  }
}

describe('card numbers and CVVs', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ logStream: { write: (line: string) => { lines.push(line); } } });
  });
  afterAll(async () => { await server?.close(); });

  it('reach neither the database nor the logs', async () => {
    const phone = randomPhone();
    await register(server, phone, 'Lotus#2917');
    const token = (await passwordLogin(server, phone, 'Lotus#2917')).body.data!.access_token;
    const plan = await planIdOf(server, '2gb-plan');
    const card = { number: TEST_CARDS.visa.number, exp: TEST_CARDS.visa.exp, cvv: CVV, postalCode: '90012' };
    const pay = async (body: Record<string, unknown>) => {
      const { order } = await placeOrder(server, esimForm(plan, { months: 1 }), { token });
      return call<PaymentResult>(server, endpoints.payOrder, {
        body: { orderNo: order.orderNo, cardholderName: 'Mei Chen', ...body }, headers: { 'Idempotency-Key': newKey(), ...bearer(token) },
      });
    };
    const saved = await pay({ method: 'bank_card', sourceId: await tokenizeCard(server.paymentsUrl, card), saveCard: true });
    expect(saved.body.data).toMatchObject({ status: 'paid', savedCardId: expect.any(Number), card: { last4: '1111' } });
    expect((await pay({ method: 'default_card' })).body.data?.status).toBe('paid');
    const declined = await pay({ method: 'bank_card', sourceId: await tokenizeCard(server.paymentsUrl, { ...card, postalCode: '99999' }) });
    expect(declined.body.data?.failure).toBe('ADDRESS_VERIFICATION_FAILURE');
    // A card the form refuses (wrong check digit) is refused without being kept anywhere either.
    await expect(tokenizeCard(server.paymentsUrl, { ...card, number: '4111 1111 1111 1112' })).rejects.toThrow();

    const tables = await server.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
    const names = ((tables as unknown as { rows: { tablename: string }[] }).rows).map((r) => r.tablename);
    expect(names).toEqual(expect.arrayContaining(['payments', 'saved_cards', 'sandbox_card_tokens', 'sandbox_card_payments', 'sandbox_cards']));
    let rowsSeen = 0;
    for (const table of names) {
      const rows = await server.db.execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`);
      for (const { row } of (rows as unknown as { rows: { row: unknown }[] }).rows) {
        rowsSeen++;
        expectNoCard(`table ${table}`, strings(row));
      }
    }
    expect(rowsSeen).toBeGreaterThan(50);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(line).not.toContain(NUMBER);
      expectNoCard('log', strings(JSON.parse(line)));
    }
  });
});
