/**
 * SIM replacement on the gateway (issue 16 section 4, decision 0037), over HTTP:
 * - ordering asks for re-authentication (a code to the line or the account's email, and the password), is refused while
 *   the number lock is on (numberLocked), while the number is kept (90007) and once the number was removed, and makes one
 *   replacement per line however many requests arrive at once; once per Idempotency-Key (another body: 120086);
 * - the order is free and shipped like any order: the card is made by order.fulfil, posted, and the replacement's chart
 *   hears of the parcel; the customer is told by SMS and email; activation step 1 sends the new card to the account;
 * - activating the card proves it (120021 another ICCID, 120019 a wrong code) and moves the line in one step: the line's
 *   ICCID, the new card activated, the old card void (step 1 answers 120017), a card converted away from void too, the
 *   SIM change recorded, the number moved at the network, the customer told;
 * - cancelling voids the new card; a card not activated within 90 days ends the replacement (120018);
 * - the simReplacement chart's every path on a sim_replacements row (server depth).
 * Customers are made in the database; what is under test goes through HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { MyOrderSummary } from '../../src/contract/money';
import type { PortalHome } from '../../src/contract/portal';
import type { ReplacementInfo } from '../../src/contract/replacement';
import type { SecurityInfo } from '../../src/contract/security';
import { hashPassword } from '../../src/server/accounts';
import { newIccid, simActivationCodeDigest } from '../../src/server/activation/sims';
import {
  customers, lineLifecycles, lines, orders, outboxMessages, sandboxNumbers, simChanges, simReplacements, sims, stateHistory,
} from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { applyReplacementEvent } from '../../src/server/replacement/lifecycle';
import { sixDigitCode } from '../../src/server/secrets';
import type { Db } from '../../src/server/db/database';
import type { SimReplacementEvent } from '../../machines/simReplacement.machine';
import { models } from '../../machines/models/index';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { checkSim } from './activationFixtures';
import { bearer, call, randomIp, randomPhone, type Answer } from './helpers';
import { walkEveryPath } from './lifecycleDepth';

const PASSWORD = 'Lotus#2917';
const MINUTE = 60_000;
const DAY = 86_400_000;
const SHIP_DELAY_MS = 2 * 3_600_000;
const SHIPPING = { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', phone: '6265550188', address1: '88 Garfield Ave', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' };

interface Customer { customerId: number; lineId: number; phone: string; email: string; iccid: string }

describe.each(testDatabases())('SIM replacement (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let passwordHash: string;
  let seedOrderId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl, config: { shipDelayMs: SHIP_DELAY_MS } });
    passwordHash = await hashPassword(PASSWORD);
    seedOrderId = (await server.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, 'LBSEED2222')))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  /** A customer with an activated line on a card of its own, its number assigned at the network. */
  async function customer(simType: 'physical' | 'esim' = 'physical'): Promise<Customer> {
    const phone = randomPhone();
    const username = `rep${randomBytes(5).toString('hex')}`;
    const email = `${username}@example.com`;
    const iccid = newIccid('us');
    const now = server.clock.now();
    const [c] = await server.db.insert(customers).values({ username, phone, passwordHash, email }).returning({ id: customers.id });
    await server.db.insert(sims).values({
      iccid, kind: 'us', simType, status: 'activated', activationCodeHash: simActivationCodeDigest(server.app.deps.config.codePepper, iccid, sixDigitCode()),
      collected: 'online', orderId: seedOrderId, purchasedAt: now,
    });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, kind: 'us', msisdn: phone, iccid, simType, simStatus: 'activated' }).returning({ id: lines.id });
    await server.db.insert(sandboxNumbers).values({ msisdn: phone, areaCode: phone.slice(0, 3), iccid, state: 'assigned', createdAt: now });
    return { customerId: c!.id, lineId: l!.id, phone, email, iccid };
  }
  const auth = async (c: Customer) => bearer((await createSession(server.app.deps, c.customerId, 'password')).access_token);
  const lineOf = async (c: Customer) => (await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!;
  const simOf = async (iccid: string) => (await server.db.select().from(sims).where(eq(sims.iccid, iccid)))[0]!;
  const replacementsOf = (c: Customer) => server.db.select().from(simReplacements).where(eq(simReplacements.lineId, c.lineId)).orderBy(asc(simReplacements.id));

  /** A fresh re-authentication code to the line (or email), a minute after the last send so the limits let it through. */
  const freshCode = async (c: Customer, channel: 'sms' | 'email' = 'sms') => {
    server.clock.advance(MINUTE + 1000);
    const sent = await call(server, endpoints.securitySendCode, { body: { channel }, headers: await auth(c), ip: randomIp() });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe('200');
    const to = channel === 'sms' ? c.phone : c.email;
    const code = (await server.outbox(to)).filter((m) => m.meta.kind === 'verificationCode')[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  const info = async (c: Customer) => {
    const answer = await call<ReplacementInfo>(server, endpoints.replacementInfo, { headers: await auth(c) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('200');
    return answer.body.data!;
  };
  const order = async (c: Customer, reauth: { code: string; password: string }, opts: { key?: string; shipping?: Record<string, unknown>; reason?: string } = {}) =>
    call<ReplacementInfo>(server, endpoints.replacementOrder, {
      body: { reason: opts.reason ?? 'lost', shipping: opts.shipping ?? SHIPPING, ...reauth },
      headers: { ...(await auth(c)), 'Idempotency-Key': opts.key ?? randomUUID() },
    });
  const activate = async (c: Customer, iccid: string, activationCode: string) =>
    call<ReplacementInfo>(server, endpoints.replacementActivate, { body: { iccid, activationCode }, headers: await auth(c) });
  const cancel = async (c: Customer) => call<ReplacementInfo>(server, endpoints.replacementCancel, { body: {}, headers: await auth(c) });
  const runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed, 'jobs that failed').toEqual([]);
  };
  /** The parcel as a person opening it sees it: the new card's ICCID and printed code. */
  const parcel = async (orderNo: string) => {
    const res = await fetch(new URL(`/sandbox/api/parcels/${orderNo}`, server.url));
    const body = (await res.json()) as Answer<{ contents: { iccid: string; activationCode: string }[] | null }>['body'];
    return body.data?.contents?.[0] ?? null;
  };
  /** Order, make and ship a replacement: its order number and the card in the parcel. */
  async function shipped(c: Customer) {
    const ordered = await order(c, { code: await freshCode(c), password: PASSWORD });
    expect(ordered.body.code, JSON.stringify(ordered.body)).toBe('200');
    await runJobs();
    server.clock.advance(SHIP_DELAY_MS + 1000);
    await runJobs();
    const orderNo = ordered.body.data!.replacement!.orderNo;
    const card = await parcel(orderNo);
    expect(card, 'the parcel shipped with the card').not.toBeNull();
    return { orderNo, card: card! };
  }
  const told = (c: Customer, kind: string) => server.db.select().from(outboxMessages)
    .where(and(inArray(outboxMessages.to, [c.phone, c.email]), sql`${outboxMessages.meta}->>'kind' = ${kind}`)).orderBy(asc(outboxMessages.id));
  const expectTold = async (c: Customer, kind: string) => {
    const messages = await told(c, kind);
    expect(messages.map((m) => `${m.channel}:${m.to}`).sort(), kind).toEqual([`email:${c.email}`, `sms:${c.phone}`]);
  };

  it('orders a free replacement after re-authentication, ships it as an order, and moves the line when the new card is activated', async () => {
    const c = await customer();
    expect((await info(c))).toMatchObject({ replacement: null, numberLocked: false, numberKept: false, numberRemoved: false, simType: 'physical' });

    // No code yet, then a wrong password: nothing is ordered.
    const noCode = await order(c, { code: '123456', password: PASSWORD });
    expect(noCode.body.code).toBe('codeExpired');
    const code = await freshCode(c, 'email');
    const wrongPassword = await order(c, { code, password: 'Wrong#1234' });
    expect(wrongPassword.body.code).toBe('passwordWrong');
    expect(await replacementsOf(c)).toEqual([]);

    const key = randomUUID();
    const ordered = await order(c, { code, password: PASSWORD }, { key });
    expect(ordered.body.code, JSON.stringify(ordered.body)).toBe('200');
    const r = ordered.body.data!.replacement!;
    expect(r).toMatchObject({ state: 'ordered', reason: 'lost', shipTo: { name: 'Mei Chen', city: 'Alhambra', state: 'CA', country: 'US' }, trackingNumber: null });
    // The same key answers the same replacement; with another body it is refused; another key finds one on its way.
    const again = await order(c, { code, password: PASSWORD }, { key });
    expect(again.body.data?.replacement?.id).toBe(r.id);
    expect((await order(c, { code, password: PASSWORD }, { key, reason: 'damaged' })).body.code).toBe('120086');
    expect((await order(c, { code: await freshCode(c), password: PASSWORD })).body.code).toBe('replacementOpen');

    const [row] = await replacementsOf(c);
    expect(row).toMatchObject({ state: 'ordered', fromIccid: c.iccid, reauth: 'email' });
    const [o] = await server.db.select().from(orders).where(eq(orders.id, row!.orderId));
    expect(o).toMatchObject({ kind: 'replacement', status: 'paid', payAmountCents: 0, simType: 'physical', simCount: 1, lineId: c.lineId, email: c.email });
    // "My orders" lists it with the plan orders, marked as a replacement; the global SIM list does not.
    const mine = await call<{ orders: MyOrderSummary[] }>(server, endpoints.myOrders, { body: {}, headers: await auth(c), ip: randomIp() });
    expect(mine.body.data?.orders.find((x) => x.orderNo === o!.orderNo)).toMatchObject({ kind: 'plan', replacement: true, status: 'paid', payAmountCents: 0 });
    expect(mine.body.data?.orders.filter((x) => !x.replacement).every((x) => x.kind === 'plan')).toBe(true);
    const global = await call<{ orders: MyOrderSummary[] }>(server, endpoints.myOrders, { body: { kind: 'global' }, headers: await auth(c), ip: randomIp() });
    expect(global.body.data?.orders.some((x) => x.orderNo === o!.orderNo)).toBe(false);
    // Nothing was charged, so the month's bill has no line for it.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' }).format(server.clock.now()).slice(0, 7);
    const bill = await call<{ entries: { orderNo: string | null }[] }>(server, endpoints.billDetail, { body: { month }, headers: await auth(c), ip: randomIp() });
    expect(bill.status).toBe(200);
    expect(bill.body.data!.entries.some((e) => e.orderNo === o!.orderNo)).toBe(false);
    await runJobs();
    await expectTold(c, 'security.replacementOrdered');
    const [card] = await server.db.select().from(sims).where(eq(sims.orderId, o!.id));
    expect(card).toMatchObject({ status: 'inactive', simType: 'physical', planId: null });
    // No order confirmation for a plan: the security notice is the confirmation.
    expect((await server.outbox(c.email)).filter((m) => m.meta.kind === 'orderConfirmation')).toEqual([]);

    server.clock.advance(SHIP_DELAY_MS + 1000);
    await runJobs();
    const onItsWay = (await info(c)).replacement!;
    expect(onItsWay).toMatchObject({ state: 'shipped', newIccidEnd: card!.iccid.slice(-4) });
    expect(onItsWay.trackingNumber).toMatch(/\S/);
    const shippedMail = (await server.outbox(c.email)).filter((m) => m.meta.kind === 'shipped');
    expect(shippedMail).toHaveLength(1);
    expect(shippedMail[0]!.subject).toContain('replacement SIM');
    expect(shippedMail[0]!.body).toContain('/personal/upgradeNewCard');

    // The portal's home points to it.
    const home = async () => (await call<PortalHome>(server, endpoints.portalHome, { headers: await auth(c) })).body.data!.replacement;
    expect(await home()).toEqual({ state: 'shipped', orderNo: o!.orderNo });
    const inParcel = (await parcel(o!.orderNo))!;
    expect(inParcel.iccid).toBe(card!.iccid);
    // Activation step 1 sends the new card to the account; the line is still on its old card.
    expect((await checkSim(server, inParcel.iccid, inParcel.activationCode)).body.code).toBe('replacementCard');

    // Another card's ICCID, then a wrong code (a try counted), then the number lock: nothing moves.
    expect((await activate(c, newIccid('us'), inParcel.activationCode)).body.code).toBe('120021');
    const wrongCode = inParcel.activationCode === '000000' ? '111111' : '000000';
    expect((await activate(c, inParcel.iccid, wrongCode)).body.code).toBe('120019');
    await server.db.update(lines).set({ numberLockedAt: server.clock.now() }).where(eq(lines.id, c.lineId));
    expect((await activate(c, inParcel.iccid, inParcel.activationCode)).body.code).toBe('numberLocked');
    await server.db.update(lines).set({ numberLockedAt: null }).where(eq(lines.id, c.lineId));
    expect((await lineOf(c)).iccid).toBe(c.iccid);

    const moved = await activate(c, inParcel.iccid, inParcel.activationCode);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe('200');
    expect(moved.body.data).toMatchObject({ simType: 'physical', iccidEnd: inParcel.iccid.slice(-4), replacement: { state: 'moved' } });
    expect(await lineOf(c)).toMatchObject({ iccid: inParcel.iccid, simType: 'physical', simStatus: 'activated', msisdn: c.phone });
    expect(await home()).toBeNull();
    expect(await simOf(inParcel.iccid)).toMatchObject({ status: 'activated', voidedAt: null });
    const old = await simOf(c.iccid);
    expect(old.status).toBe('void');
    expect(old.voidedAt).not.toBeNull();
    expect((await replacementsOf(c))[0]).toMatchObject({ state: 'moved', newIccid: inParcel.iccid });
    expect(await server.db.select({ kind: simChanges.kind, from: simChanges.fromIccid, to: simChanges.toIccid, reauth: simChanges.reauth }).from(simChanges).where(eq(simChanges.lineId, c.lineId)))
      .toEqual([{ kind: 'replacement', from: c.iccid, to: inParcel.iccid, reauth: 'email' }]);
    // The old card is void at activation (120017); the new one is in service (120014).
    expect((await checkSim(server, inParcel.iccid, inParcel.activationCode)).body.code).toBe('120014');
    // The customer's security page lists the change.
    const security = await call<SecurityInfo>(server, endpoints.securityInfo, { headers: await auth(c) });
    expect(security.body.data!.changes.map((ch) => ch.kind)).toEqual(['replacement']);

    await runJobs();
    const [atNetwork] = await server.db.select().from(sandboxNumbers).where(eq(sandboxNumbers.msisdn, c.phone));
    expect(atNetwork!.iccid).toBe(inParcel.iccid);
    await expectTold(c, 'security.replaced');
    const history = await server.db.select({ chart: stateHistory.chart, ref: stateHistory.entityRef, event: stateHistory.event, to: stateHistory.toState }).from(stateHistory)
      .where(inArray(stateHistory.entityRef, [r.id, c.iccid, inParcel.iccid])).orderBy(asc(stateHistory.id));
    // The replacement's move is written after the actions it ran (the cards' moves), in the same transaction.
    expect(history).toEqual([
      { chart: 'simReplacement', ref: r.id, event: 'replacement.shipped', to: 'shipped' },
      { chart: 'simLifecycle', ref: inParcel.iccid, event: 'sim.takeLine', to: 'activated.physical' },
      { chart: 'simLifecycle', ref: c.iccid, event: 'sim.replaced', to: 'void' },
      { chart: 'simReplacement', ref: r.id, event: 'replacement.activate', to: 'moved' },
    ]);
    // Once moved, nothing more is done with it.
    expect((await cancel(c)).body.code).toBe('replacementNotReady');
    expect((await activate(c, inParcel.iccid, inParcel.activationCode)).body.code).toBe('replacementNotReady');
  });

  it('a line on an eSIM converted from a physical card: both old cards stop', async () => {
    const c = await customer();
    const converted = await call<SecurityInfo>(server, endpoints.securityConvert, {
      body: { direction: 'toEsim', code: await freshCode(c), password: PASSWORD }, headers: { ...(await auth(c)), 'Idempotency-Key': randomUUID() },
    });
    expect(converted.body.code, JSON.stringify(converted.body)).toBe('200');
    const esim = (await lineOf(c)).iccid;
    const { card } = await shipped(c);
    const moved = await activate(c, card.iccid, card.activationCode);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe('200');
    expect((await simOf(esim)).status).toBe('void');
    expect((await simOf(c.iccid)).status).toBe('void');
    // The physical card can no longer be gone back to.
    const security = await call<SecurityInfo>(server, endpoints.securityInfo, { headers: await auth(c) });
    expect(security.body.data).toMatchObject({ simType: 'physical', canConvert: 'toEsim' });
    expect((await checkSim(server, c.iccid, '123456')).body.code).not.toBe('200');
  });

  it('refuses while the number is locked, kept or removed, and changes nothing', async () => {
    const c = await customer();
    const code = await freshCode(c);
    await server.db.update(lines).set({ numberLockedAt: server.clock.now() }).where(eq(lines.id, c.lineId));
    expect((await order(c, { code, password: PASSWORD })).body.code).toBe('numberLocked');
    expect((await info(c)).numberLocked).toBe(true);
    await server.db.update(lines).set({ numberLockedAt: null }).where(eq(lines.id, c.lineId));
    for (const [serviceState, refusal] of [['suspended.kept', '90007'], ['numberRemoved', 'replacementUnavailable']] as const) {
      await server.db.insert(lineLifecycles).values({ lineId: c.lineId, serviceState }).onConflictDoUpdate({ target: lineLifecycles.lineId, set: { serviceState } });
      expect((await order(c, { code, password: PASSWORD })).body.code).toBe(refusal);
    }
    expect(await replacementsOf(c)).toEqual([]);
    // The code was not spent by the refusals: the line, once back in service, orders with it.
    await server.db.update(lineLifecycles).set({ serviceState: 'active' }).where(eq(lineLifecycles.lineId, c.lineId));
    expect((await order(c, { code, password: PASSWORD })).body.code).toBe('200');
  });

  it('two requests at once with one code and different keys make one replacement and one order', async () => {
    const c = await customer();
    const code = await freshCode(c);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(c, { code, password: PASSWORD })));
    expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
    // The others: the code spent, one on its way, or the password checks of one account at once throttled.
    for (const a of answers.filter((x) => x.body.code !== '200')) expect(['codeExpired', 'replacementOpen', 'loginThrottled']).toContain(a.body.code);
    expect(await replacementsOf(c)).toHaveLength(1);
    expect(await server.db.select().from(orders).where(and(eq(orders.lineId, c.lineId), eq(orders.kind, 'replacement')))).toHaveLength(1);
    // Under the code and the line's lock, the database itself holds one open replacement per line.
    const [open] = await replacementsOf(c);
    const second = await server.db.insert(simReplacements).values({ ...open!, id: undefined, publicId: 'RSSECOND', idempotencyKey: randomUUID(), orderId: seedOrderId })
      .then(() => 'inserted', (e: unknown) => String(((e as { cause?: Error }).cause ?? e as Error).message));
    expect(second).toContain('sim_replacements_one_open');
  });

  it('the same key sent three times at once (a double press, a retry) answers one replacement', async () => {
    const c = await customer();
    const code = await freshCode(c);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 3 }, () => order(c, { code, password: PASSWORD }, { key })));
    const ids = new Set(answers.map((a) => a.body.data?.replacement?.id ?? a.body.code));
    // The first spends the code; the others either replay it or find the code spent and then the replacement's key.
    expect([...ids].filter((id) => id !== 'codeExpired')).toHaveLength(1);
    expect(await replacementsOf(c)).toHaveLength(1);
  });

  it('cancelling before the card is made makes nothing; after, the card is void; another can then be ordered', async () => {
    const c = await customer();
    expect((await order(c, { code: await freshCode(c), password: PASSWORD })).body.code).toBe('200');
    const cancelled = await cancel(c);
    expect(cancelled.body.code, JSON.stringify(cancelled.body)).toBe('200');
    expect(cancelled.body.data!.replacement).toMatchObject({ state: 'cancelled', cancelReason: 'customer' });
    await runJobs();
    const [first] = await replacementsOf(c);
    expect(await server.db.select().from(sims).where(eq(sims.orderId, first!.orderId))).toEqual([]);
    await expectTold(c, 'security.replacementCancelled');

    const { card } = await shipped(c);
    expect((await cancel(c)).body.code).toBe('200');
    expect((await simOf(card.iccid)).status).toBe('void');
    expect((await checkSim(server, card.iccid, card.activationCode)).body.code).toBe('120017');
    expect((await activate(c, card.iccid, card.activationCode)).body.code).toBe('replacementNotReady');
    expect((await lineOf(c)).iccid).toBe(c.iccid);
  });

  it('a new card not activated within 90 days ends the replacement (120018); another can be ordered', async () => {
    const c = await customer();
    const { card } = await shipped(c);
    server.clock.advance(91 * DAY);
    expect((await activate(c, card.iccid, card.activationCode)).body.code).toBe('120018');
    expect((await replacementsOf(c))[0]).toMatchObject({ state: 'cancelled', cancelReason: 'cardExpired' });
    expect((await lineOf(c)).iccid).toBe(c.iccid);
    expect((await order(c, { code: await freshCode(c), password: PASSWORD })).body.code).toBe('200');
  });

  it('another customer cannot see, activate or cancel it; the routes need a session', async () => {
    const c = await customer();
    const { card } = await shipped(c);
    const other = await customer();
    expect((await info(other)).replacement).toBeNull();
    expect((await activate(other, card.iccid, card.activationCode)).body.code).toBe('replacementNotReady');
    expect((await cancel(other)).body.code).toBe('replacementNotReady');
    const anonymous = await call(server, endpoints.replacementInfo, {});
    expect(anonymous.status).toBe(401);
    expect((await info(c)).replacement?.state).toBe('shipped');
  });

  it('simReplacement: every path, on a sim_replacements row', async () => {
    await walkEveryPath({
      server, model: models.simReplacement!, initial: 'ordered', actions: ['recordShipping', 'moveLine', 'voidNewCard'], minPaths: 4,
      async create() {
        const c = await customer();
        // A row as an order would make it.
        const publicId = `RS${randomBytes(6).toString('hex').toUpperCase()}`;
        const [o] = await server.db.insert(orders).values({
          orderNo: `LBT${randomBytes(5).toString('hex').toUpperCase()}`, kind: 'replacement', customerId: c.customerId, idempotencyKey: randomUUID(),
          requestHash: 'h', accessTokenHash: randomUUID(), status: 'paid', planId: null, lineId: c.lineId, planName: 'SIM replacement', months: 0,
          simType: 'physical', simCount: 1, unitPriceCents: 0, planCostCents: 0, multiMonthDiscountCents: 0, discountCents: 0, shippingMethod: 'standard',
          shippingFeeCents: 0, taxRateBps: 0, taxCents: 0, payAmountCents: 0, channel: 'portal', email: c.email, lang: 'en',
          shipping: { ...SHIPPING, country: 'US', email: c.email }, billing: { country: 'US', address1: SHIPPING.address1, city: SHIPPING.city, state: SHIPPING.state, zip: SHIPPING.zip },
        }).returning({ id: orders.id });
        const [row] = await server.db.insert(simReplacements).values({
          publicId, lineId: c.lineId, customerId: c.customerId, orderId: o!.id, reason: 'damaged', state: 'ordered', fromIccid: c.iccid, reauth: 'sms',
          idempotencyKey: randomUUID(), lang: 'en', createdAt: server.clock.now(),
        }).returning();
        return row!;
      },
      load: async (row) => (await server.db.select({ state: simReplacements.state }).from(simReplacements).where(eq(simReplacements.id, row.id)))[0]!.state,
      apply: (row, event: SimReplacementEvent, actions) =>
        server.db.transaction((tx) => applyReplacementEvent(tx as unknown as Db, row, event, actions, server.clock.now())),
      historyRef: (row) => row.publicId,
    });
  });
});
