import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { BillEntry, BillMonth, TopUpData } from '../../src/contract/money';
import type { PaymentResult } from '../../src/contract/payments';
import { balanceLedger, balances, customers, orders, payments } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, wechatNotifyAgain, wechatPhonePay } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { demoToken, esimForm, LANGS, newKey, placeOrder, planIdOf } from './ordersHelpers';
import { pdfText } from './pdfText';
import { t } from '../../src/server/i18n';

const DEMO_PHONE = '6265550100';

/** YYYY-MM of an instant in Pacific time, as bills group it. */
const pacificMonth = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};

describe.each(testDatabases())('top-ups, bills and my orders on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let demo: string;
  let demoId: number;
  let other: string;
  let otherId: number;
  let otherPhone: string;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    demo = await demoToken(server);
    demoId = (await server.db.select().from(customers).where(eq(customers.username, 'demo')))[0]!.id;
    otherPhone = randomPhone();
    const registered = await register(server, otherPhone, 'Other@2468x');
    if (registered.body.code !== '200') throw new Error(JSON.stringify(registered.body));
    const login = await passwordLogin(server, otherPhone, 'Other@2468x');
    other = login.body.data!.access_token;
    otherId = (await server.db.select().from(customers).where(eq(customers.phone, otherPhone)))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  const create = (body: Record<string, unknown>, init: { token?: string; key?: string; lang?: string } = {}) =>
    call<TopUpData>(server, endpoints.topUpCreate, {
      body, headers: { 'Idempotency-Key': init.key ?? newKey(), Language: init.lang ?? 'en', ...bearer(init.token ?? demo) },
    });
  const topUp = async (body: Record<string, unknown>, token = demo) => {
    const res = await create(body, { token });
    if (!res.body.data) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const pay = (orderNo: string, body: Record<string, unknown>, init: { token?: string; key?: string } = {}) =>
    call<PaymentResult>(server, endpoints.payOrder, {
      body: { orderNo, ...body }, headers: { 'Idempotency-Key': init.key ?? newKey(), Language: 'en', ...bearer(init.token ?? demo) },
    });
  const newCard = async () => ({ method: 'bank_card', sourceId: await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '91776' }), cardholderName: 'Mei Chen' });
  const balanceOf = async (customerId: number) => (await server.db.select().from(balances).where(eq(balances.customerId, customerId)))[0] ?? { generalCents: 0, ildCents: 0 };
  const creditsOf = (orderNo: string) => server.db.select().from(balanceLedger).where(eq(balanceLedger.reference, `topup:${orderNo}`));

  describe('creating a top-up', () => {
    it('answers a top-up awaiting payment, payable by card, saved card or WeChat Pay, never by the balance', async () => {
      const res = await create({ account: 'general', phone: '(626) 555-0100', amount: 20 });
      expect(res.body).toMatchObject({ code: '200', data: { status: 'awaiting_payment', account: 'general', phone: DEMO_PHONE, amountCents: 2000, paidAt: null } });
      expect(res.body.data!.payMethods).toEqual(['bank_card', 'wechat_pay', 'default_card']);
      const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, res.body.data!.orderNo));
      expect(row).toMatchObject({ kind: 'topup', customerId: demoId, topUpCustomerId: demoId, topUpAccount: 'general', payAmountCents: 2000, taxCents: 0, email: '' });
      const byBalance = await pay(res.body.data!.orderNo, { method: 'account' });
      expect(byBalance.body).toMatchObject({ code: 'validation', data: { field: 'method' } });
    });

    it('is idempotent: the same key and body answer the same top-up; the same key for another body is 120086', async () => {
      const key = newKey();
      const first = await create({ account: 'ild', phone: DEMO_PHONE, amount: 5 }, { key });
      const again = await create({ account: 'ild', phone: DEMO_PHONE, amount: 5 }, { key });
      expect(again.body.data!.orderNo).toBe(first.body.data!.orderNo);
      const changed = await create({ account: 'ild', phone: DEMO_PHONE, amount: 6 }, { key });
      expect(changed.body.code).toBe('120086');
      expect(await server.db.select().from(orders).where(like(orders.idempotencyKey, `%${key}`))).toHaveLength(1);
    });

    it.each([
      [{ account: 'general', phone: DEMO_PHONE, amount: 0 }, 'amount', 'amountRange'],
      [{ account: 'general', phone: DEMO_PHONE, amount: 10000 }, 'amount', 'amountRange'],
      [{ account: 'general', phone: DEMO_PHONE, amount: 12.5 }, 'amount', 'amountInteger'],
      [{ account: 'general', phone: DEMO_PHONE }, 'amount', 'amountRequired'],
      [{ account: 'general', phone: '', amount: 10 }, 'phone', 'phoneRequired'],
      [{ account: 'general', phone: '13800138000', amount: 10 }, 'phone', 'phoneInvalid'],
      [{ account: 'savings', phone: DEMO_PHONE, amount: 10 }, 'account', 'accountRequired'],
    ])('refuses %j on the field %s, in three languages', async (body, field, key) => {
      for (const lang of LANGS) {
        const res = await create(body, { lang });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation');
        expect(res.body.message).toBe(t(lang, 'validation:format', { field: t(lang, `validation:fields.${field}`), message: t(lang, `validation:topUp.${key}`) }));
      }
    });

    it('refuses a number that is none of our lines in service, the same way for any such number', async () => {
      const unknown = await create({ account: 'general', phone: '2135550199', amount: 10 });
      // Spec section 8: 90008 "user not existing or not active", next to the number (decision 0047).
      expect(unknown.body).toMatchObject({ code: '90008', data: { field: 'phone' } });
      expect(unknown.status).toBe(422);
      // A registered customer without a line in service: the same answer, nothing about the account.
      const noLine = await create({ account: 'general', phone: otherPhone, amount: 10 });
      expect(noLine.body).toEqual(unknown.body);
    });
  });

  describe('paying a top-up', () => {
    it('credits the General account once, through the ledger, when paid by the saved card; a replay changes nothing', async () => {
      const before = await balanceOf(demoId);
      const t = await topUp({ account: 'general', phone: DEMO_PHONE, amount: 20 });
      const key = newKey();
      const paid = await pay(t.orderNo, { method: 'default_card' }, { key });
      expect(paid.body.data).toMatchObject({ status: 'paid', amountCents: 2000, method: 'default_card' });
      expect(await balanceOf(demoId)).toMatchObject({ generalCents: before.generalCents + 2000, ildCents: before.ildCents });
      expect(await creditsOf(t.orderNo)).toMatchObject([{ customerId: demoId, account: 'general', deltaCents: 2000 }]);
      expect((await pay(t.orderNo, { method: 'default_card' }, { key })).body).toEqual(paid.body);
      expect((await pay(t.orderNo, { method: 'default_card' })).body.code).toBe('resubmit');
      expect((await balanceOf(demoId)).generalCents).toBe(before.generalCents + 2000);
      const detail = await call<TopUpData>(server, endpoints.topUpDetail, { body: { orderNo: t.orderNo }, headers: bearer(demo) });
      expect(detail.body.data).toMatchObject({ status: 'paid', account: 'general', amountCents: 2000 });
      expect(detail.body.data!.paidAt).not.toBeNull();
    });

    it('credits the ILD account once when WeChat Pay notifies twice', async () => {
      const before = await balanceOf(demoId);
      const t = await topUp({ account: 'ild', phone: DEMO_PHONE, amount: 7 });
      const qr = await pay(t.orderNo, { method: 'wechat_pay' });
      expect(qr.body.data).toMatchObject({ status: 'pending' });
      await wechatPhonePay(server.paymentsUrl, qr.body.data!.wechat!.codeUrl, 'pay');
      const status = await call<PaymentResult>(server, endpoints.payStatus, { query: { orderNo: t.orderNo }, headers: bearer(demo) });
      expect(status.body.data).toMatchObject({ status: 'paid' });
      const [p] = await server.db.select().from(payments).where(and(eq(payments.payableRef, t.orderNo), eq(payments.status, 'succeeded')));
      expect(await wechatNotifyAgain(server.paymentsUrl, p!.providerPaymentId!)).toBe(200);
      expect(await wechatNotifyAgain(server.paymentsUrl, p!.providerPaymentId!)).toBe(200);
      expect(await balanceOf(demoId)).toMatchObject({ generalCents: before.generalCents, ildCents: before.ildCents + 700 });
      expect(await creditsOf(t.orderNo)).toHaveLength(1);
    });

    it("tops up someone else's line: the line's owner is credited, and the payer learns nothing about them", async () => {
      const before = await balanceOf(demoId);
      const t = await topUp({ account: 'ild', phone: DEMO_PHONE, amount: 3 }, other);
      expect(Object.keys(t).sort()).toEqual(['account', 'amountCents', 'createdAt', 'failureCode', 'orderNo', 'paidAt', 'payMethods', 'phone', 'status']);
      expect(JSON.stringify(t)).not.toMatch(/demo/i);
      const paid = await pay(t.orderNo, await newCard(), { token: other });
      expect(paid.body.data).toMatchObject({ status: 'paid' });
      expect((await balanceOf(demoId)).ildCents).toBe(before.ildCents + 300);
      expect(await creditsOf(t.orderNo)).toMatchObject([{ customerId: demoId, account: 'ild', deltaCents: 300 }]);
      // The payer reads it; the line's owner did not ask for it, so it is not theirs to read or pay.
      expect((await call(server, endpoints.topUpDetail, { body: { orderNo: t.orderNo }, headers: bearer(other) })).body.code).toBe('200');
      expect((await call(server, endpoints.topUpDetail, { body: { orderNo: t.orderNo }, headers: bearer(demo) })).body.code).toBe('noRecord');
      // A top-up is no plan order: orderDetail does not answer it.
      expect((await call(server, endpoints.orderDetail, { body: { orderNo: t.orderNo }, headers: bearer(other) })).body.code).toBe('noRecord');
    });

    it('credits once when ten payments of one top-up race', async () => {
      const before = await balanceOf(demoId);
      const t = await topUp({ account: 'general', phone: DEMO_PHONE, amount: 11 });
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(t.orderNo, { method: 'default_card' })));
      expect(answers.filter((a) => a.body.data?.status === 'paid').length).toBeGreaterThanOrEqual(1);
      expect((await balanceOf(demoId)).generalCents).toBe(before.generalCents + 1100);
      expect(await creditsOf(t.orderNo)).toHaveLength(1);
      expect(await server.db.select().from(payments).where(and(eq(payments.payableRef, t.orderNo), eq(payments.status, 'succeeded')))).toHaveLength(1);
    });

    it('lets through exactly 20 top-ups a day per account when 25 are asked for at once', async () => {
      const phone = randomPhone();
      expect((await register(server, phone, 'Limit@2468x')).body.code).toBe('200');
      const token = (await passwordLogin(server, phone, 'Limit@2468x')).body.data!.access_token;
      const answers = await Promise.all(Array.from({ length: 25 }, () => create({ account: 'general', phone: DEMO_PHONE, amount: 1 }, { token })));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(20);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    });
  });

  describe('bills', () => {
    it("lists this month's charges and credits, shows the month's entries, and never another customer's", async () => {
      const t = await topUp({ account: 'general', phone: DEMO_PHONE, amount: 15 });
      expect((await pay(t.orderNo, { method: 'default_card' })).body.data?.status).toBe('paid');
      const month = pacificMonth(server.clock.now());
      const list = await call<{ months: BillMonth[]; total: number }>(server, endpoints.billList, { body: {}, headers: bearer(demo) });
      const current = list.body.data!.months.find((m) => m.month === month)!;
      expect(current.billNo).toBe(`LB-${String(demoId).padStart(6, '0')}-${month.replace('-', '')}`);
      expect(current.chargesCents).toBeGreaterThanOrEqual(1500);
      expect(current.creditsCents).toBeGreaterThanOrEqual(1500);
      const detail = await call<BillMonth & { entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month }, headers: bearer(demo) });
      const mine = detail.body.data!.entries.filter((e) => e.orderNo === t.orderNo);
      expect(mine).toEqual([
        expect.objectContaining({ kind: 'topup', direction: 'charge', totalCents: 1500, taxCents: 0, payMethod: 'default_card', account: 'general' }),
        expect.objectContaining({ kind: 'topup', direction: 'credit', totalCents: 1500, account: 'general' }),
      ]);
      const theirs = await call<BillMonth & { entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month }, headers: bearer(other) });
      expect(theirs.body.data!.entries.some((e) => e.orderNo === t.orderNo)).toBe(false);
    });

    it('shows an order paid by card as a charge with its tax', async () => {
      const twoGb = await planIdOf(server, '2gb-plan');
      const { order } = await placeOrder(server, esimForm(twoGb, { months: 1 }), { token: demo });
      const card = { method: 'bank_card', sourceId: await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' }), cardholderName: 'Mei Chen' };
      expect((await pay(order.orderNo, card)).body.data?.status).toBe('paid');
      const month = pacificMonth(server.clock.now());
      const detail = await call<BillMonth & { entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month }, headers: bearer(demo) });
      expect(detail.body.data!.entries.find((e) => e.orderNo === order.orderNo)).toMatchObject({
        kind: 'order', direction: 'charge', label: order.planName, taxCents: order.taxCents, totalCents: order.payAmountCents,
        amountCents: order.payAmountCents - order.taxCents,
      });
    });

    it('pages the months', async () => {
      const page = await call<{ months: BillMonth[]; total: number; page: number; pageSize: number }>(server, endpoints.billList, { body: { page: 2, pageSize: 1 }, headers: bearer(demo) });
      expect(page.body.data).toMatchObject({ page: 2, pageSize: 1 });
      expect(page.body.data!.months.length).toBe(Math.max(0, Math.min(1, page.body.data!.total - 1)));
    });

    it.each([
      ['en', 'Bill for', 'General account'],
      ['zh-Hans', '账单', '通用账户'],
      ['zh-Hant', '帳單', '通用帳戶'],
    ])('downloads the bill as a PDF whose text can be read, in %s', async (lang, title, account) => {
      const month = pacificMonth(server.clock.now());
      const res = await fetch(new URL(`${endpoints.billPdf.path}?month=${month}`, server.url), { headers: { ...bearer(demo), Language: lang } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain(title);
      expect(text).toContain(account);
      expect(text).toContain(`LB-${String(demoId).padStart(6, '0')}-${month.replace('-', '')}`);
    });

    it('answers 401 to a visitor asking for a PDF', async () => {
      const res = await fetch(new URL(`${endpoints.billPdf.path}?month=2026-01`, server.url));
      expect(res.status).toBe(401);
    });
  });

  describe('my orders', () => {
    it("lists the customer's own plan orders, paged, with the payments of each; another customer's read as no record", async () => {
      const twoGb = await planIdOf(server, '2gb-plan');
      const { order } = await placeOrder(server, esimForm(twoGb, { months: 1 }), { token: demo });
      const list = await call<{ orders: { orderNo: string }[]; total: number }>(server, endpoints.myOrders, { body: { pageSize: 50 }, headers: bearer(demo) });
      expect(list.body.data!.orders.map((o) => o.orderNo)).toContain(order.orderNo);
      expect(list.body.data!.orders.every((o) => !o.orderNo.startsWith('topup'))).toBe(true);
      const theirs = await call<{ orders: { orderNo: string }[] }>(server, endpoints.myOrders, { body: {}, headers: bearer(other) });
      expect(theirs.body.data!.orders.map((o) => o.orderNo)).not.toContain(order.orderNo);
      await pay(order.orderNo, { method: 'default_card' });
      const lines = await call<{ payments: unknown[] }>(server, endpoints.myOrderPayments, { body: { orderNo: order.orderNo }, headers: bearer(demo) });
      expect(lines.body.data!.payments).toMatchObject([{ method: 'default_card', card: { brand: 'visa', last4: '1111' } }]);
      const stolen = await call(server, endpoints.myOrderPayments, { body: { orderNo: order.orderNo }, headers: bearer(other) });
      expect(stolen.body.code).toBe('noRecord');
      const global = await call<{ orders: unknown[] }>(server, endpoints.myOrders, { body: { kind: 'global' }, headers: bearer(other) });
      expect(global.body.data!.orders).toEqual([]);
      expect(otherId).toBeGreaterThan(0);
    });
  });
});
