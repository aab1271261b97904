/**
 * "Never store card numbers or CVV": after every test card has been tokenized, refused, paid and kept on file,
 * no sandbox table and no log line (gateway or sandbox) holds a full card number or a CVV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, tokenizeCardRaw } from '../support/payments';

describe('card numbers and CVVs are kept nowhere', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => { server = await startTestServer({ logStream: { write: (line: string) => { lines.push(line); } } }); });
  afterAll(async () => { await server?.close(); });

  /** Both drivers (PGlite, node-postgres) answer raw queries with `rows`. */
  const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('not in any sandbox table nor in any log line', async () => {
    // CVVs nothing else in the sandbox could produce by chance as a whole column value.
    const cvvFor = (i: number, amex: boolean) => (amex ? String(7300 + i) : String(730 + i));
    let i = 0;
    for (const test of Object.values(TEST_CARDS)) {
      const cvv = test.cvv === '911' ? '911' : cvvFor(i++, test.number.replace(/\D/g, '').length === 15);
      const token = await tokenizeCard(server.paymentsUrl, { ...test, cvv });
      await server.app.deps.payments.card.createPayment({
        idempotencyKey: `secrets-${i}-${Date.now()}`, sourceId: token, amountCents: 1000, referenceId: `ORDSECRET${i}`,
        billingPostalCode: test.postalCode, storeForCustomer: 'customer-secret',
      });
    }
    // Refused entries are not kept either.
    await tokenizeCardRaw(server.paymentsUrl, { number: '4111 1111 1111 1112', exp: '12/30', cvv: '123', postalCode: '94103' });
    await tokenizeCardRaw(server.paymentsUrl, { number: '4242 4242 4242 4242', exp: '12/30', cvv: '123', postalCode: '94103' });

    const numbers = [...Object.values(TEST_CARDS).map((c) => c.number.replace(/\D/g, '')), '4111111111111112', '4242424242424242'];
    const grouped = [...Object.values(TEST_CARDS).map((c) => c.number), '4111 1111 1111 1112', '4242 4242 4242 4242'];

    const tables = (await rowsOf<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_name like 'sandbox_%'`))
      .map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(['sandbox_card_tokens', 'sandbox_card_payments', 'sandbox_cards', 'sandbox_wechat_orders']));
    const columns = (await rowsOf<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name like 'sandbox_%'`))
      .map((r) => r.column_name);
    expect(columns.filter((c) => /cvv|cvc|csc|security|pan|card_number/i.test(c))).toEqual([]);

    let stored = 0;
    for (const table of tables) {
      const rows = (await rowsOf<{ json: string }>(sql.raw(`select row_to_json(t)::text as json from "${table}" t`))).map((r) => r.json);
      stored += rows.length;
      for (const json of rows) {
        for (const n of numbers) expect(json, `${table} holds a card number`).not.toContain(n);
        const values = Object.values(JSON.parse(json) as Record<string, unknown>).map(String);
        for (let k = 0; k < i; k++) {
          expect(values, `${table} holds a CVV`).not.toContain(cvvFor(k, false));
          expect(values, `${table} holds a CVV`).not.toContain(cvvFor(k, true));
        }
      }
    }
    expect(stored).toBeGreaterThan(Object.keys(TEST_CARDS).length * 2);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(Object.keys(TEST_CARDS).length * 3);
    expect(log).toContain('card tokenized');
    for (const n of [...numbers, ...grouped]) expect(log).not.toContain(n);
    expect(log).not.toMatch(/"(cvv|number|exp)"\s*:/i);
  });
});
