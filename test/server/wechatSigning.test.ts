/**
 * The WeChat Pay agreement of /wechat-signing on the gateway (issue 18 section 3, decision 0046): the wechatAgreement
 * chart's every path on its rows; signing through the sandbox's signing page and back; a top-up paid under the signed
 * agreement, credited once whatever the retries and notifications; declining, expiry, ending it in WeChat or in the
 * portal; one agreement signing or signed per customer under parallel requests; top-ups only, never another order.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatAgreementEvent } from '../../machines/wechatAgreement.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import type { TopUpData } from '../../src/contract/money';
import type { AgreementView } from '../../src/contract/wechatSigning';
import { newIccid } from '../../src/server/activation/sims';
import { balanceLedger, balances, customers, lines, payments, sandboxWechatContracts, stateHistory, wechatAgreements } from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { applyAgreementEvent } from '../../src/server/wechatSigning/lifecycle';
import { SIGN_PATH } from '../../src/server/adapters/payments/sandbox/signRoutes';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { wechatNotifyAgain } from '../support/payments';
import { bearer, call, randomPhone } from './helpers';
import { errorText, esimForm, newKey, placeOrder, planIdOf } from './ordersHelpers';
import { historyOf, walkDatabases, walkEveryPath } from './lifecycleDepth';

describe.each(walkDatabases())('wechatAgreement lifecycle on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  it('every path, on a customer\'s wechat_agreements row', async () => {
    const rowOf = async (id: number) => (await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.id, id)))[0]!;
    // No recorders: the host's own recordContract and recordEnd run, and their writes are checked after each step.
    await walkEveryPath({
      server, model: models.wechatAgreement!, initial: 'signing', minPaths: 4,
      async create() {
        const [c] = await server.db.insert(customers).values({ username: `wa${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
        const [row] = await server.db.insert(wechatAgreements).values({
          customerId: c!.id, contractCode: `LBA${randomBytes(12).toString('hex').toUpperCase()}`, state: 'signing', signUrl: 'http://sandbox/wechat/sign?token=x',
          signExpiresAt: new Date(server.clock.now().getTime() + 3_600_000), lang: 'en', createdAt: server.clock.now(),
        }).returning();
        return row!.id;
      },
      load: async (id) => (await rowOf(id)).state,
      apply: (id, event: WechatAgreementEvent) => applyAgreementEvent(server.app.deps, id, event),
      historyRef: String,
      async afterStep(id, event, state) {
        const after = await rowOf(id);
        if (state === 'signed') expect(after.contractId).toBe((event as unknown as { contractId: string }).contractId);
        if (state === 'notSigned' || state === 'terminated') expect(after.endReason).toMatch(/^(declined|expired|abandoned|customer|wechat)$/);
      },
    });
  });

  it('an event the state does not take changes nothing and writes no history', async () => {
    const [c] = await server.db.insert(customers).values({ username: `wa${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
    const [row] = await server.db.insert(wechatAgreements).values({
      customerId: c!.id, contractCode: `LBA${randomBytes(12).toString('hex').toUpperCase()}`, state: 'signing', signUrl: 'x', signExpiresAt: server.clock.now(), lang: 'en', createdAt: server.clock.now(),
    }).returning();
    expect(await applyAgreementEvent(server.app.deps, row!.id, { type: 'agreement.cancel' })).toBeNull();
    expect(await applyAgreementEvent(server.app.deps, row!.id, { type: 'agreement.terminatedAtWechat' })).toBeNull();
    expect((await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.id, row!.id)))[0]!.state).toBe('signing');
    expect(await historyOf(server, 'wechatAgreement', String(row!.id))).toEqual([]);
  });
});

describe.each(testDatabases())('the WeChat Pay agreement through the gateway and the sandbox (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  async function customer() {
    const phone = randomPhone();
    const [c] = await server.db.insert(customers).values({ username: `ws${randomBytes(5).toString('hex')}`, phone }).returning({ id: customers.id });
    await server.db.insert(lines).values({ customerId: c!.id, msisdn: phone, iccid: newIccid('us'), simType: 'esim', simStatus: 'activated' });
    const token = (await createSession(server.app.deps, c!.id, 'password')).access_token;
    return { id: c!.id, phone, token, headers: (lang = 'en') => ({ ...bearer(token), Language: lang }) };
  }
  type Customer = Awaited<ReturnType<typeof customer>>;

  const info = (c: Customer, agreement?: string) => call<AgreementView>(server, endpoints.wechatAgreementInfo, { headers: c.headers(), query: agreement ? { agreement } : undefined });
  const sign = (c: Customer, lang = 'en') => call<AgreementView>(server, endpoints.wechatAgreementSign, { headers: c.headers(lang) });
  const cancel = (c: Customer) => call<AgreementView>(server, endpoints.wechatAgreementCancel, { headers: c.headers() });
  const topUp = async (c: Customer, amount = 20) => {
    const res = await call<TopUpData>(server, endpoints.topUpCreate, { body: { account: 'general', phone: c.phone, amount }, headers: { ...c.headers(), 'Idempotency-Key': newKey() } });
    if (!res.body.data) throw new Error(JSON.stringify(res.body));
    return res.body.data.orderNo;
  };
  const pay = (c: Customer, orderNo: string, key = newKey(), lang = 'en') =>
    call<PaymentResult>(server, endpoints.wechatAgreementPay, { body: { orderNo }, headers: { ...c.headers(lang), 'Idempotency-Key': key } });
  const generalOf = async (id: number) => (await server.db.select().from(balances).where(eq(balances.customerId, id)))[0]?.generalCents ?? 0;

  /** The payer on the sandbox's signing page: signs, declines or ends it "in WeChat"; answers where it redirected. */
  async function onPhone(signUrl: string, action: 'sign' | 'decline' | 'terminate'): Promise<string> {
    const token = new URL(signUrl).searchParams.get('token')!;
    const res = await fetch(`${server.paymentsUrl}${SIGN_PATH}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, action, lang: 'en' }).toString(), redirect: 'manual',
    });
    await res.arrayBuffer();
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }

  async function signed(c: Customer): Promise<AgreementView> {
    const started = await sign(c);
    const back = await onPhone(started.body.data!.agreement!.signUrl!, 'sign');
    return (await info(c, new URL(back).searchParams.get('agreement')!)).body.data!;
  }

  it('signs at WeChat Pay: the signing page sends the customer back to /wechat-signing, which shows it signed', async () => {
    const c = await customer();
    expect((await info(c)).body.data).toEqual({ agreement: null, phone: c.phone });
    const started = await sign(c, 'zh-Hans');
    expect(started.body.data!.agreement).toMatchObject({ state: 'signing', account: c.phone, signedAt: null });
    const signUrl = started.body.data!.agreement!.signUrl!;
    expect(signUrl).toContain(`${SIGN_PATH}?token=`);
    expect(signUrl).toContain('lang=zh-Hans');
    // The page shows what is asked, in the customer's language.
    const page = await (await fetch(`${server.paymentsUrl}${SIGN_PATH}?token=${new URL(signUrl).searchParams.get('token')}&lang=zh-Hans`)).text();
    expect(page).toContain(c.phone);
    expect(page).toContain('同意并开通');
    const back = new URL(await onPhone(signUrl, 'sign'));
    expect(back.pathname).toBe('/wechat-signing');
    const [row] = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    expect(back.searchParams.get('agreement')).toBe(row!.contractCode);
    const view = await info(c, row!.contractCode);
    expect(view.body.data!.agreement).toMatchObject({ state: 'signed', signUrl: null, endedAt: null });
    expect(view.body.data!.agreement!.signedAt).not.toBeNull();
    const [contract] = await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, row!.contractCode));
    expect((await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.id, row!.id)))[0]!.contractId).toBe(contract!.contractId);
    // Asking to sign again answers the signed agreement: one at a time.
    expect((await sign(c)).body.data!.agreement).toMatchObject({ state: 'signed' });
    expect(await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id))).toHaveLength(1);
  });

  it('pays a top-up the customer starts, at once and without a QR code, credited once whatever the retries and notifications', async () => {
    const c = await customer();
    await signed(c);
    const orderNo = await topUp(c, 25);
    const key = newKey();
    const first = await pay(c, orderNo, key);
    expect(first.body).toMatchObject({ code: '200', data: { reference: orderNo, status: 'paid', method: 'wechat_pay', amountCents: 2500, wechat: null } });
    // The same key answers the same payment; the order is paid, so another key is "do not resubmit" or an already paid answer.
    expect((await pay(c, orderNo, key)).body.data).toMatchObject({ status: 'paid' });
    const [p] = await server.db.select().from(payments).where(and(eq(payments.payableRef, orderNo), eq(payments.status, 'succeeded')));
    expect(await wechatNotifyAgain(server.paymentsUrl, p!.providerPaymentId!)).toBe(200);
    expect(await wechatNotifyAgain(server.paymentsUrl, p!.providerPaymentId!)).toBe(200);
    expect(await generalOf(c.id)).toBe(2500);
    expect(await server.db.select().from(balanceLedger).where(eq(balanceLedger.reference, `topup:${orderNo}`))).toHaveLength(1);
    const again = await pay(c, orderNo);
    expect(again.body.code).not.toBe('200');
    expect(await generalOf(c.id)).toBe(2500);
  });

  it('one deduction under parallel requests with the same key; one payment of the order with different keys', async () => {
    const c = await customer();
    await signed(c);
    const orderNo = await topUp(c, 7);
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 6 }, () => pay(c, orderNo, key)));
    expect(same.every((a) => a.body.code === '200' || a.body.code === '120086')).toBe(true);
    const others = await Promise.all(Array.from({ length: 6 }, () => pay(c, orderNo)));
    expect(others.filter((a) => a.body.code === '200' && a.body.data?.status === 'paid').length).toBeLessThanOrEqual(1);
    expect(await server.db.select().from(payments).where(and(eq(payments.payableRef, orderNo), eq(payments.status, 'succeeded')))).toHaveLength(1);
    expect(await generalOf(c.id)).toBe(700);
  });

  it('one agreement signing or signed per customer: 8 requests to sign at once open one', async () => {
    const c = await customer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sign(c)));
    expect(answers.every((a) => a.body.code === '200' && a.body.data!.agreement!.state === 'signing')).toBe(true);
    const rows = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data!.agreement!.signUrl))).toEqual(new Set([rows[0]!.signUrl]));
  });

  it('declined at WeChat Pay: not signed, nothing to pay with; signing again opens a new agreement', async () => {
    const c = await customer();
    const started = await sign(c);
    const back = await onPhone(started.body.data!.agreement!.signUrl!, 'decline');
    const view = await info(c, new URL(back).searchParams.get('agreement')!);
    expect(view.body.data!.agreement).toMatchObject({ state: 'notSigned', endReason: 'declined', signUrl: null });
    const refused = await pay(c, await topUp(c));
    expect(refused.body).toMatchObject({ code: 'agreementNotSigned', message: errorText('en', 'agreementNotSigned') });
    expect((await sign(c)).body.data!.agreement).toMatchObject({ state: 'signing' });
    expect(await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id))).toHaveLength(2);
  });

  it('a signing link past its hour is not signed (expired), and its page can no longer sign', async () => {
    const c = await customer();
    const started = await sign(c);
    const signUrl = started.body.data!.agreement!.signUrl!;
    const [row] = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    await server.db.update(sandboxWechatContracts).set({ expiresAt: new Date(server.clock.now().getTime() - 1000) }).where(eq(sandboxWechatContracts.contractCode, row!.contractCode));
    await onPhone(signUrl, 'sign');
    expect((await info(c)).body.data!.agreement).toMatchObject({ state: 'notSigned', endReason: 'expired' });
    expect((await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, row!.contractCode)))[0]!.state).toBe('PENDING');
  });

  it('ended in WeChat: the page shows it ended, and a top-up is refused with nothing taken (agreementEnded)', async () => {
    const c = await customer();
    await signed(c);
    const [row] = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    const [contract] = await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, row!.contractCode));
    await onPhone(`http://sandbox${SIGN_PATH}?token=${contract!.signToken}`, 'terminate');
    // A top-up before the page was looked at: WeChat Pay refuses the deduction, nothing is taken, the agreement ends.
    const orderNo = await topUp(c);
    const refused = await pay(c, orderNo, newKey(), 'zh-Hant');
    expect(refused.body).toMatchObject({ code: 'agreementEnded', message: errorText('zh-Hant', 'agreementEnded') });
    expect(refused.status).toBe(409);
    expect(await generalOf(c.id)).toBe(0);
    expect((await info(c)).body.data!.agreement).toMatchObject({ state: 'terminated', endReason: 'wechat' });
    // The top-up is still there to pay another way.
    const detail = await call<TopUpData>(server, endpoints.topUpDetail, { headers: c.headers(), body: { orderNo } });
    expect(detail.body.data!.status).toBe('awaiting_payment');
  });

  it('ended in WeChat, seen on the agreement page', async () => {
    const c = await customer();
    await signed(c);
    const [row] = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    const [contract] = await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, row!.contractCode));
    await onPhone(`http://sandbox${SIGN_PATH}?token=${contract!.signToken}`, 'terminate');
    expect((await info(c)).body.data!.agreement).toMatchObject({ state: 'terminated', endReason: 'wechat' });
  });

  it('cancelled in the portal: terminated at WeChat Pay first; cancelling again answers the same; nothing more can be taken', async () => {
    const c = await customer();
    await signed(c);
    const answers = await Promise.all([cancel(c), cancel(c), cancel(c)]);
    expect(answers.every((a) => a.body.code === '200' && a.body.data!.agreement!.state === 'terminated')).toBe(true);
    const [row] = await server.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, c.id));
    expect(row).toMatchObject({ state: 'terminated', endReason: 'customer' });
    const [contract] = await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, row!.contractCode));
    expect(contract).toMatchObject({ state: 'TERMINATED', terminatedBy: 'MERCHANT' });
    expect((await pay(c, await topUp(c))).body.code).toBe('agreementNotSigned');
    const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'wechatAgreement'), eq(stateHistory.entityRef, String(row!.id))));
    expect(history.filter((h) => h.event === 'agreement.cancel')).toHaveLength(1);
  });

  it('a signing given up in the portal and then signed anyway at WeChat Pay is terminated there when the customer comes back', async () => {
    const c = await customer();
    const started = await sign(c);
    expect((await cancel(c)).body.data!.agreement).toMatchObject({ state: 'notSigned', endReason: 'abandoned' });
    const back = await onPhone(started.body.data!.agreement!.signUrl!, 'sign');
    const code = new URL(back).searchParams.get('agreement')!;
    expect((await info(c, code)).body.data!.agreement).toMatchObject({ state: 'notSigned' });
    expect((await server.db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, code)))[0]).toMatchObject({ state: 'TERMINATED', terminatedBy: 'MERCHANT' });
  });

  it('pays top-ups only, and only the customer\'s own (no related content or record for another\'s)', async () => {
    const c = await customer();
    const other = await customer();
    await signed(c);
    const othersTopUp = await topUp(other);
    expect((await pay(c, othersTopUp)).body.code).toBe('noRecord');
    // A plan order of the customer's own: the agreement never pays it (spec section 4: renewals by card or balance).
    const { order } = await placeOrder(server, esimForm(await planIdOf(server, '5gb-plan')), { token: c.token });
    const planRefused = await pay(c, order.orderNo, newKey(), 'zh-Hans');
    expect(planRefused.body).toMatchObject({ code: 'agreementTopUpsOnly', message: errorText('zh-Hans', 'agreementTopUpsOnly') });
    expect(await server.db.select().from(payments).where(eq(payments.payableRef, order.orderNo))).toEqual([]);
    const cancelled = await call(server, endpoints.wechatAgreementCancel, { headers: other.headers() });
    expect(cancelled.body).toMatchObject({ code: 'noRecord', message: errorText('en', 'noRecord') });
    expect((await call(server, endpoints.wechatAgreementInfo)).status).toBe(401);
  });
});
