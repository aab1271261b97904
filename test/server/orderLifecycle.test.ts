/**
 * The order's status on the gateway (machines/order.machine.ts): every move of orders.status goes through the chart
 * (src/server/payments/orderStatus.ts) and leaves a state_history row. Two sides:
 * - the product's own path, over HTTP: a declined card, a repay by a good card; and a payment of an order already
 *   paid, which the chart refuses (the order stays as it was);
 * - the server depth: every generated path of the chart driven through moveOrder on a real order row, in the
 *   transaction that locks it, reported as depth 'server' in the coverage table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import type { OrderEvent } from '../../machines/order.machine';
import { orders } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/database';
import { GatewayError } from '../../src/server/http/errors';
import { moveOrder } from '../../src/server/payments/orderStatus';
import { lockOrder } from '../../src/server/payments/settle';
import { models } from '../../machines/models/index';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, type TestCardName } from '../support/payments';
import { call } from './helpers';
import { esimForm, newKey, placeOrder, planIdOf } from './ordersHelpers';
import { historyOf, walkEveryPath } from './lifecycleDepth';

describe.each(testDatabases({ postgres: false, because: 'one request at a time per order; the order row lock under concurrent payments is proven on both databases by paymentsCard and paymentSandboxConcurrency' }))('the order lifecycle on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let twoGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    twoGb = await planIdOf(server, '2gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  const history = async (orderNo: string) => (await historyOf(server, 'order', orderNo)).map((r) => `${r.fromState} -${r.event}-> ${r.toState}`);
  const byCard = async (orderNo: string, orderToken: string, card: TestCardName) => call<PaymentResult>(server, endpoints.payOrder, {
    body: { orderNo, method: 'bank_card', sourceId: await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS[card], postalCode: '90012' }), cardholderName: 'Mei Chen' },
    headers: { 'Idempotency-Key': newKey(), 'X-Order-Token': orderToken },
  });

  it('a declined card, then a good one: every move of the order is the chart\'s, with its history', async () => {
    const { order, orderToken } = await placeOrder(server, esimForm(twoGb, { months: 1 }));
    expect((await byCard(order.orderNo, orderToken, 'declined')).body.data?.status).toBe('failed');
    expect((await byCard(order.orderNo, orderToken, 'visa')).body.data?.status).toBe('paid');
    expect(await history(order.orderNo)).toEqual([
      'awaiting_payment -payment.start-> paying',
      'paying -payment.failed-> payment_failed',
      'payment_failed -payment.start-> paying',
      'paying -payment.succeeded-> paid',
    ]);
    const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: 'paid', failureCode: null, payMethod: 'bank_card' });
  });

  it('the chart refuses a payment of a paid order: "do not resubmit", and nothing moves', async () => {
    const { order, orderToken } = await placeOrder(server, esimForm(twoGb, { months: 1 }));
    expect((await byCard(order.orderNo, orderToken, 'visa')).body.data?.status).toBe('paid');
    const again = await server.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      return moveOrder(tx, await lockOrder(tx, order.orderNo), { type: 'payment.start', method: 'bank_card' }, server.clock.now()).catch((e: unknown) => e);
    });
    expect(again).toBeInstanceOf(GatewayError);
    expect((again as GatewayError).code).toBe('resubmit');
    expect(await history(order.orderNo)).toEqual(['awaiting_payment -payment.start-> paying', 'paying -payment.succeeded-> paid']);
  });

  it('server depth: every generated path of the chart, on a real order row', async () => {
    await walkEveryPath({
      server, model: models.order!, initial: 'awaiting_payment',
      create: async () => (await placeOrder(server, esimForm(twoGb, { months: 1 }))).order.orderNo,
      load: async (orderNo) => (await server.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status,
      apply: (orderNo, event: OrderEvent) => server.db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        await moveOrder(tx, await lockOrder(tx, orderNo), event, server.clock.now());
      }),
      historyRef: (orderNo) => orderNo,
    });
  });
});
