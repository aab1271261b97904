/**
 * Issue 14, usage: the network sandbox's records read and rated as the server's clock moves; ILD calls paid once from
 * the ILD account at the per-country rate; data drawing down the allowance, then 128 kbps; the lists paged, with the
 * month's totals; another customer's usage unreadable. On PGlite and PostgreSQL (the parallel reads matter there).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { DataAllowance, UsageList } from '../../src/contract/usage';
import type { UserInfo } from '../../src/contract/personal';
import type { BillEntry, BillMonth } from '../../src/contract/money';
import { balanceLedger, balances, customers, ildRates, lines, planSubscriptions, plans, usageRecords } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/accounts';
import { OVERAGE_KB_PER_SECOND, pacificMonth, USAGE_PAGE_SIZE } from '../../src/domain/usage';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, passwordLogin } from './helpers';

const DAY = 86_400_000;
const PASSWORD = 'Usage#2468x';

describe.each(testDatabases())('usage records on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  /** A customer of its own with one activated line on `planSlug`, started `daysAgo`, and `ildCents` in its ILD account. */
  async function customerWithLine(planSlug: string, { daysAgo = 10, ildCents = 500, lengthDays = 30 } = {}) {
    const username = `usage${randomInt(1e9)}`;
    const [customer] = await server.db.insert(customers).values({ username, passwordHash: await hashPassword(PASSWORD) }).returning();
    const iccid = `89012601${String(randomInt(1e11)).padStart(11, '0')}`;
    const msisdn = `646${String(randomInt(1e7)).padStart(7, '0')}`;
    const [line] = await server.db.insert(lines).values({
      customerId: customer!.id, kind: 'us', msisdn, iccid, simType: 'esim', simStatus: 'activated',
      createdAt: new Date(server.clock.now().getTime() - daysAgo * DAY),
    }).returning();
    const [plan] = await server.db.select().from(plans).where(eq(plans.slug, planSlug));
    const now = server.clock.now().getTime();
    await server.db.insert(planSubscriptions).values({
      lineId: line!.id, planId: plan!.id, status: 'main', startsAt: new Date(now - daysAgo * DAY), expiresAt: new Date(now + (lengthDays - daysAgo) * DAY),
    });
    await server.db.insert(balances).values({ customerId: customer!.id, generalCents: 0, ildCents });
    return { id: customer!.id, lineId: line!.id, token: await login(username), username, plan: plan! };
  }
  /** A token lives 12 hours: after moving the clock further, the customer logs in again. */
  const login = async (username: string) => (await passwordLogin(server, username, PASSWORD)).body.data!.access_token;

  const list = (token: string, body: Record<string, unknown>) =>
    call<UsageList>(server, endpoints.usageRecords, { body, headers: bearer(token) });
  const allowance = (token: string) => call<DataAllowance>(server, endpoints.dataAllowance, { headers: bearer(token) });
  const recordCount = async (customerId: number) =>
    (await server.db.select({ n: sql<string>`count(*)` }).from(usageRecords).where(eq(usageRecords.customerId, customerId)))[0]!.n;
  const ildOf = async (customerId: number) => (await server.db.select().from(balances).where(eq(balances.customerId, customerId)))[0]!.ildCents;

  it("reads the line's history on first look, grows as the clock moves, and never records an hour twice", async () => {
    const c = await customerWithLine('5gb-plan', { daysAgo: 3 });
    const first = await list(c.token, { type: 'voice' });
    expect(first.status).toBe(200);
    const before = Number(await recordCount(c.id));
    expect(before).toBeGreaterThan(10);
    expect(Number(await recordCount(c.id))).toBe(before);
    await list(c.token, { type: 'sms' });
    expect(Number(await recordCount(c.id))).toBe(before);

    server.clock.advance(2 * DAY);
    expect((await list(await login(c.username), { type: 'data' })).status).toBe(200);
    const after = Number(await recordCount(c.id));
    expect(after).toBeGreaterThan(before);
    const refs = await server.db.select({ ref: usageRecords.networkRef }).from(usageRecords).where(eq(usageRecords.customerId, c.id));
    expect(new Set(refs.map((r) => r.ref)).size).toBe(refs.length);
    // Only hours already over are reported.
    const [latest] = await server.db.select({ at: sql<Date>`max(${usageRecords.startedAt})` }).from(usageRecords).where(eq(usageRecords.customerId, c.id));
    expect(new Date(latest!.at).getTime()).toBeLessThan(server.clock.now().getTime());
  });

  it('charges calls to destinations the plans do not include to the ILD account, once, at the per-country rate', async () => {
    const c = await customerWithLine('unlimited-plan', { daysAgo: 20, ildCents: 100_000 });
    await list(c.token, { type: 'voice' });
    const rates = new Map((await server.db.select().from(ildRates)).map((r) => [r.countryCode, r]));
    const calls = await server.db.select().from(usageRecords).where(and(eq(usageRecords.customerId, c.id), eq(usageRecords.type, 'voice')));
    const charged = calls.filter((r) => r.amountCents > 0);
    expect(charged.length).toBeGreaterThan(0);
    for (const r of calls) {
      const rate = rates.get(r.peerCountry ?? '');
      const free = r.direction === 'in' || !rate || (rate.landlineCents === 0 && rate.mobileCents === 0);
      if (free) expect(r.amountCents).toBe(0);
      if (r.amountCents > 0) {
        const minutes = Math.ceil(r.durationSec / 60);
        expect([rate!.landlineCents * minutes, rate!.mobileCents * minutes]).toContain(r.amountCents);
      }
    }
    const total = charged.reduce((sum, r) => sum + r.amountCents, 0);
    expect(await ildOf(c.id)).toBe(100_000 - total);
    const ledger = await server.db.select().from(balanceLedger).where(and(eq(balanceLedger.customerId, c.id), like(balanceLedger.reference, 'usage:%')));
    expect(ledger).toHaveLength(charged.length);
    expect(ledger.every((l) => l.account === 'ild')).toBe(true);
    expect(ledger.reduce((sum, l) => sum + l.deltaCents, 0)).toBe(-total);
    // The month's totals are what the records add up to.
    const month = await list(c.token, { type: 'voice', month: pacificMonth(server.clock.now()) });
    const inMonth = calls.filter((r) => pacificMonth(r.startedAt) === month.body.data!.month);
    expect(month.body.data!.totals).toMatchObject({
      count: inMonth.length,
      amountCents: inMonth.reduce((s, r) => s + r.amountCents, 0),
      durationSec: inMonth.reduce((s, r) => s + r.durationSec, 0),
      inbound: inMonth.filter((r) => r.direction === 'in').length,
    });
    // Each month's bill has one charge for its calls: their sum, from the ILD account; the months add up to the ledger.
    const months = [...new Set(charged.map((r) => pacificMonth(r.startedAt)))];
    let billed = 0;
    for (const m of months) {
      const bill = await call<BillMonth & { entries: BillEntry[] }>(server, endpoints.billDetail, { body: { month: m }, headers: bearer(c.token) });
      const usage = bill.body.data!.entries.filter((e) => e.kind === 'usage');
      expect(usage).toHaveLength(1);
      expect(usage[0]).toMatchObject({ direction: 'charge', account: 'ild', taxCents: 0, payMethod: null,
        totalCents: charged.filter((r) => pacificMonth(r.startedAt) === m).reduce((s, r) => s + r.amountCents, 0) });
      billed += usage[0]!.totalCents;
    }
    expect(billed).toBe(total);
  });

  it('cuts calls when the ILD account runs out and never takes it below zero', async () => {
    const c = await customerWithLine('unlimited-plan', { daysAgo: 20, ildCents: 30 });
    await list(c.token, { type: 'voice' });
    expect(await ildOf(c.id)).toBeGreaterThanOrEqual(0);
    const charged = await server.db.select().from(usageRecords).where(and(eq(usageRecords.customerId, c.id), sql`${usageRecords.amountCents} > 0`));
    expect(charged.reduce((s, r) => s + r.amountCents, 0)).toBe(30 - await ildOf(c.id));
  });

  it('parallel reads of the same line record and charge each hour once', async () => {
    const c = await customerWithLine('unlimited-plan', { daysAgo: 15, ildCents: 100_000 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => list(c.token, { type: i % 2 ? 'voice' : 'data' })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const rows = await server.db.select().from(usageRecords).where(eq(usageRecords.customerId, c.id));
    expect(new Set(rows.map((r) => r.networkRef)).size).toBe(rows.length);
    const total = rows.reduce((s, r) => s + r.amountCents, 0);
    expect(await ildOf(c.id)).toBe(100_000 - total);
    const ledger = await server.db.select().from(balanceLedger).where(and(eq(balanceLedger.customerId, c.id), like(balanceLedger.reference, 'usage:%')));
    expect(ledger.reduce((s, l) => s - l.deltaCents, 0)).toBe(total);
  });

  it('draws data down the allowance, then 128 kbps; the plan shows the same figures', async () => {
    const c = await customerWithLine('500mb-plan', { daysAgo: 10 });
    const a = await allowance(c.token);
    expect(a.body.data).toMatchObject({ status: 'limited', usedMb: 500, remainingMb: 0, totalMb: 500, slowed: true });
    const data = await server.db.select().from(usageRecords).where(and(eq(usageRecords.customerId, c.id), eq(usageRecords.type, 'data')));
    expect(data.reduce((s, r) => s + r.highSpeedKb, 0)).toBe(500 * 1024);
    const slow = data.filter((r) => r.highSpeedKb === 0);
    expect(slow.length).toBeGreaterThan(0);
    for (const r of slow) expect(r.volumeKb).toBeLessThanOrEqual(Math.floor(r.durationSec * OVERAGE_KB_PER_SECOND));
    const info = await call<UserInfo>(server, endpoints.userInfo, { headers: bearer(c.token) });
    expect(info.body.data!.plan).toMatchObject({ dataUsedMb: 500, dataTotalMb: 500 });
    // The month of the newest slowed session: the list shows one Pacific month, and the file's earlier tests move the
    // server's clock (near a month's end, "this month" can hold no slowed session yet).
    const month = pacificMonth(slow.reduce((a, r) => (r.startedAt > a.startedAt ? r : a)).startedAt);
    const page = await list(c.token, { type: 'data', month });
    expect(page.body.data!.records.some((r) => r.slowed)).toBe(true);
  });

  it('starts a new allowance with the next 30-day cycle', async () => {
    const c = await customerWithLine('500mb-plan', { daysAgo: 29, lengthDays: 60 });
    expect((await allowance(c.token)).body.data).toMatchObject({ remainingMb: 0, slowed: true });
    server.clock.advance(DAY + 3_600_000);
    const next = (await allowance(await login(c.username))).body.data!;
    expect(next.slowed).toBe(false);
    expect(next.remainingMb).toBeGreaterThan(0);
    expect(new Date(next.cycleStart!).getTime()).toBeGreaterThan(server.clock.now().getTime() - 2 * DAY);
  });

  it('pages a long history, newest first, with the same totals on every page', async () => {
    const c = await customerWithLine('unlimited-plan', { daysAgo: 20 });
    // The Pacific month holding at least 10 of the 20 days (the server's clock may have crossed into a new month).
    const month = pacificMonth(new Date(server.clock.now().getTime() - 10 * DAY));
    const first = (await list(c.token, { type: 'sms', page: 1, month })).body.data!;
    expect(first.month).toBe(month);
    expect(first.pageSize).toBe(USAGE_PAGE_SIZE);
    expect(first.records).toHaveLength(USAGE_PAGE_SIZE);
    const second = (await list(c.token, { type: 'sms', page: 2, month: first.month })).body.data!;
    expect(second.totals).toEqual(first.totals);
    expect(second.records[0]!.at <= first.records.at(-1)!.at).toBe(true);
    expect(new Set([...first.records, ...second.records].map((r) => r.id)).size).toBe(first.records.length + second.records.length);
    const past = (await list(c.token, { type: 'sms', page: 10_000, month: first.month })).body.data!;
    expect(past.records).toEqual([]);
    const sent = (await list(c.token, { type: 'sms', direction: 'out', month: first.month })).body.data!;
    expect(sent.totals.count).toBe(first.totals.outbound);
    expect(sent.records.every((r) => r.direction === 'out' && r.via === 'us')).toBe(true);
  });

  it("lists credits to the balances as top-ups", async () => {
    const c = await customerWithLine('5gb-plan', { daysAgo: 1 });
    // Credited now by the server's clock (the list shows its current month; the clock has moved past the real one).
    const at = server.clock.now();
    await server.db.insert(balanceLedger).values([
      { customerId: c.id, account: 'general', deltaCents: 2000, reference: `topup-test:${c.id}:1`, createdAt: at },
      { customerId: c.id, account: 'ild', deltaCents: 500, reference: `topup-test:${c.id}:2`, createdAt: at },
    ]);
    const topups = (await list(c.token, { type: 'topup' })).body.data!;
    expect(topups.totals).toMatchObject({ count: 2, amountCents: 2500 });
    expect(topups.records.map((r) => [r.account, r.amountCents]).sort()).toEqual([['general', 2000], ['ild', 500]]);
  });

  it("shows a customer only their own usage; a visitor none", async () => {
    const owner = await customerWithLine('5gb-plan', { daysAgo: 5 });
    const other = await customerWithLine('2gb-plan', { daysAgo: 0 });
    await list(owner.token, { type: 'voice' });
    const ownerIds = new Set((await server.db.select({ id: usageRecords.id }).from(usageRecords).where(eq(usageRecords.customerId, owner.id))).map((r) => r.id));
    for (const type of ['voice', 'data', 'sms', 'topup'] as const) {
      const page = (await list(other.token, { type })).body.data!;
      expect(page.records.filter((r) => r.type !== 'topup' && ownerIds.has(r.id))).toEqual([]);
    }
    const visitor = await call(server, endpoints.usageRecords, { body: { type: 'voice' } });
    expect(visitor.status).toBe(401);
    expect((await call(server, endpoints.dataAllowance, {})).status).toBe(401);
  });

  it('refuses a month or page that is not one', async () => {
    const c = await customerWithLine('5gb-plan', { daysAgo: 0 });
    for (const body of [{ type: 'voice', month: '2026-13' }, { type: 'voice', page: 0 }, { type: 'call' }]) {
      const res = await call(server, endpoints.usageRecords, { body, headers: { ...bearer(c.token), Language: 'zh-Hans' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('publishes the ILD rates, the included landlines at 0', async () => {
    const res = await call<{ rates: Array<{ countryCode: string; landlineCents: number; mobileCents: number }> }>(server, endpoints.ildRates);
    expect(res.status).toBe(200);
    const cn = res.body.data!.rates.find((r) => r.countryCode === 'CN');
    expect(cn).toMatchObject({ landlineCents: 0 });
    expect(res.body.data!.rates.find((r) => r.countryCode === 'JP')!.mobileCents).toBeGreaterThan(0);
  });
});
