/**
 * Racing requests on the sandbox, on PGlite and (with TEST_DATABASE_URL) on a PostgreSQL server, where they
 * really run at once: one payment per idempotency key, one payment per token, one WeChat order per number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxCardPayments, sandboxWechatOrders } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';

const RACERS = 20;

describe.each(testDatabases())('payment sandbox under concurrent requests (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  it(`${RACERS} requests with the same key and token make one payment, and all answer it`, async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.visa);
    const idempotencyKey = `race-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: RACERS }, () =>
      server.app.deps.payments.card.createPayment({ idempotencyKey, sourceId: token, amountCents: 5000, referenceId: 'ORDRACE1' })));
    const ids = new Set(answers.map((a) => (a.status === 'COMPLETED' ? a.paymentId : a.status)));
    expect([...ids]).toHaveLength(1);
    expect(answers[0]!.status).toBe('COMPLETED');
    expect(await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.idempotencyKey, idempotencyKey))).toHaveLength(1);
  });

  it(`${RACERS} requests with different keys and one token: one payment, the others CARD_TOKEN_USED`, async () => {
    const token = await tokenizeCard(server.paymentsUrl, TEST_CARDS.mastercard);
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) =>
      server.app.deps.payments.card.createPayment({ idempotencyKey: `race-token-${Date.now()}-${i}`, sourceId: token, amountCents: 5000, referenceId: 'ORDRACE2' })));
    expect(answers.filter((a) => a.status === 'COMPLETED')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'TOKEN_INVALID' && a.errorCode === 'CARD_TOKEN_USED')).toHaveLength(RACERS - 1);
    expect(await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.sourceId, token))).toHaveLength(1);
  });

  it(`${RACERS} WeChat orders under one out_trade_no are one order with one code`, async () => {
    const outTradeNo = `LBRACE${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: RACERS }, () => server.app.deps.payments.wechat.createNativeOrder({
      outTradeNo, amountCents: 1200, description: 'Global data SIM', notifyUrl: 'http://127.0.0.1:9/notify',
    })));
    expect(new Set(answers.map((a) => a.codeUrl)).size).toBe(1);
    expect(await server.db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.outTradeNo, outTradeNo))).toHaveLength(1);
  });
});
