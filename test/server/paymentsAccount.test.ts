import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { balanceLedger, balances, customers, jobs, orders, payments } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';
import { demoToken, esimForm, errorText, LANGS, newKey, placeOrder, planIdOf } from './ordersHelpers';

describe.each(testDatabases())('paying from the General account on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let twoGb: number;
  let token: string;
  let demoId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    twoGb = await planIdOf(server, '2gb-plan');
    token = await demoToken(server);
    demoId = (await server.db.select().from(customers).where(eq(customers.username, 'demo')))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  /** A 2GB eSIM for one month taxed in California: $15.00 + $1.09. */
  const smallOrder = () => placeOrder(server, esimForm(twoGb, { months: 1 }), { token });
  const pay = (orderNo: string, body: Record<string, unknown> = {}, init: { key?: string; lang?: string; auth?: string | null; orderToken?: string } = {}) =>
    call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, method: 'account', ...body },
      headers: {
        'Idempotency-Key': init.key ?? newKey(), Language: init.lang ?? 'en',
        ...(init.auth === null ? {} : bearer(init.auth ?? token)),
        ...(init.orderToken ? { 'X-Order-Token': init.orderToken } : {}),
      },
    });
  const general = async () => (await server.db.select().from(balances).where(eq(balances.customerId, demoId)))[0]!.generalCents;
  const setGeneral = (cents: number) => server.db.update(balances).set({ generalCents: cents }).where(eq(balances.customerId, demoId));

  it('debits the balance once, records a succeeded payment, marks the order paid and enqueues its fulfilment, together', async () => {
    await setGeneral(2500);
    const { order } = await smallOrder();
    expect(order.payAmountCents).toBe(1609);
    const key = newKey();
    const res = await pay(order.orderNo, {}, { key });
    expect(res.body).toMatchObject({ code: '200', data: { reference: order.orderNo, status: 'paid', amountCents: 1609, method: 'account', failure: null, card: null, wechat: null } });
    expect(await general()).toBe(891);
    const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: 'paid', payMethod: 'account', failureCode: null });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const paid = await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo));
    expect(paid).toMatchObject([{ status: 'succeeded', provider: 'balance', amountCents: 1609, customerId: demoId }]);
    const ledger = await server.db.select().from(balanceLedger).where(eq(balanceLedger.reference, `payment:${paid[0]!.id}`));
    expect(ledger).toMatchObject([{ customerId: demoId, account: 'general', deltaCents: -1609 }]);
    const fulfil = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${order.orderNo}`));
    expect(fulfil).toMatchObject([{ kind: 'order.fulfil', payload: { orderNo: order.orderNo }, doneAt: null }]);

    const replay = await pay(order.orderNo, {}, { key });
    expect(replay.body).toEqual(res.body);
    expect(await general()).toBe(891);
  });

  it.each(LANGS)('answers "do not resubmit" for a paid order, in %s', async (lang) => {
    await setGeneral(5000);
    const { order } = await smallOrder();
    expect((await pay(order.orderNo)).body.code).toBe('200');
    const again = await pay(order.orderNo, {}, { lang });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'resubmit', message: errorText(lang, 'resubmit') });
    expect(await general()).toBe(5000 - 1609);
  });

  it.each(LANGS)('answers 120081 when the balance is short, and writes nothing, in %s', async (lang) => {
    await setGeneral(1608);
    const { order } = await smallOrder();
    const res = await pay(order.orderNo, {}, { lang });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: '120081', message: errorText(lang, '120081') });
    expect(await general()).toBe(1608);
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo))).toEqual([]);
    expect((await server.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]!.status).toBe('awaiting_payment');
    expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.fulfil:${order.orderNo}`))).toEqual([]);
    await setGeneral(1609);
    expect((await pay(order.orderNo)).body.data?.status).toBe('paid');
    expect(await general()).toBe(0);
  });

  it('is not offered to a visitor, even one holding the order token', async () => {
    const { order, orderToken } = await placeOrder(server, esimForm(twoGb, { months: 1 }));
    expect(order.payMethods).toEqual(['bank_card', 'wechat_pay']);
    const res = await pay(order.orderNo, {}, { auth: null, orderToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation', message: "This payment method isn't available for this order. Please choose another one.", data: { field: 'method' } });
  });

  it('pays only an order its payer may read', async () => {
    const { order } = await placeOrder(server, esimForm(twoGb, { months: 1 }));
    const res = await pay(order.orderNo);
    expect(res.body.code).toBe('noRecord');
    expect(await server.db.select().from(payments).where(and(eq(payments.payableRef, order.orderNo)))).toEqual([]);
  });

  it('needs an Idempotency-Key', async () => {
    const { order } = await smallOrder();
    const res = await call(server, endpoints.payOrder, { body: { orderNo: order.orderNo, method: 'account' }, headers: bearer(token) });
    expect(res.body.code).toBe('idempotencyKey');
  });

  it('refuses the same key for another request (120086)', async () => {
    await setGeneral(5000);
    const { order } = await smallOrder();
    const key = newKey();
    expect((await pay(order.orderNo, {}, { key })).body.code).toBe('200');
    const other = await pay(order.orderNo, { method: 'wechat_pay' }, { key });
    expect(other.body.code).toBe('120086');
  });
});
