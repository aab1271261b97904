/**
 * Issue 3, Reliability: the same checkout submitted fifty times at once makes one order; paying it many times at
 * once takes the money once. PGlite has one connection (no real races); PostgreSQL is where these prove something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { balanceLedger, balances, customers, jobs, orders, payments } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';
import { checkoutForm, demoToken, esimForm, newKey, planIdOf, postOrder } from './ordersHelpers';

describe.each(testDatabases())('reliability on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    fiveGb = await planIdOf(server, '5gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  it('50 concurrent submits of the same checkout make exactly one order, and all 50 get it', async () => {
    const key = newKey();
    const form = checkoutForm(fiveGb, { couponCode: 'WELCOME10' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => postOrder(server, form, { key })));
    const codes = new Set(answers.map((a) => a.body.code));
    expect([...codes]).toEqual(['200']);
    expect(new Set(answers.map((a) => a.body.data!.order.orderNo)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data!.orderToken)).size).toBe(1);
    expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(1);
  });

  it('50 concurrent submits mixing two bodies under one key: one order, the other body refused with 120086', async () => {
    const key = newKey();
    const a = checkoutForm(fiveGb);
    const b = checkoutForm(fiveGb, { simCount: 2 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postOrder(server, i % 2 ? a : b, { key })));
    const winners = answers.filter((r) => r.body.code === '200');
    const refused = answers.filter((r) => r.body.code === '120086');
    expect(winners.length + refused.length).toBe(50);
    expect(new Set(winners.map((w) => w.body.data!.order.simCount)).size).toBe(1);
    expect(refused.length).toBe(25);
    expect((await server.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]!.n).toBe(1);
  });

  it('20 concurrent balance payments of one order, each with its own key, debit the balance once', async () => {
    const token = await demoToken(server);
    const [demo] = await server.db.select().from(customers).where(eq(customers.username, 'demo'));
    await server.db.update(balances).set({ generalCents: 100_00 }).where(eq(balances.customerId, demo!.id));
    const created = await postOrder(server, esimForm(fiveGb, { months: 1 }), { token });
    const { orderNo, payAmountCents } = created.body.data!.order;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, method: 'account' }, headers: { 'Idempotency-Key': newKey(), ...bearer(token) },
    })));
    expect(answers.filter((a) => a.body.data?.status === 'paid')).toHaveLength(1);
    for (const a of answers) expect(['200', 'resubmit']).toContain(a.body.code);
    const [balance] = await server.db.select().from(balances).where(eq(balances.customerId, demo!.id));
    expect(balance!.generalCents).toBe(100_00 - payAmountCents);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, orderNo))).toHaveLength(1);
    expect((await server.db.select({ n: count() }).from(balanceLedger).where(eq(balanceLedger.customerId, demo!.id)))[0]!.n).toBe(1);
    expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${orderNo}`))).toHaveLength(1);
  });
});
