/**
 * The lucky draw on the gateway (issue 18, decision 0042): published odds that cover every roll, one entry per
 * customer and period under parallel requests, every draw recorded with its roll, prizes credited once through the
 * ledger, 120092 when the prize drawn has run out, eligibility as for the campaigns.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import type { LotteryData } from '../../src/contract/lottery';
import { LOTTERY_PRIZES, LOTTERY_ROLLS, lotteryPeriod, prizeOf } from '../../src/domain/lottery';
import { newIccid } from '../../src/server/activation/sims';
import { takePrize } from '../../src/server/campaigns';
import type { Db } from '../../src/server/db/database';
import { balanceLedger, balances, customers, lines, lotteryDraws, lotteryStock } from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';

describe('the published odds', () => {
  it('cover every roll once, in the order shown', () => {
    expect(LOTTERY_PRIZES.reduce((n, p) => n + p.chances, 0)).toBe(LOTTERY_ROLLS);
    expect([0, 9, 10, 209, 210, 1999, 2000, 9999].map((r) => prizeOf(r).code)).toEqual(['grand', 'grand', 'ten', 'ten', 'two', 'two', 'none', 'none']);
    expect(() => prizeOf(LOTTERY_ROLLS)).toThrow(RangeError);
  });
  it('a period is the Pacific week from Monday', () => {
    expect(lotteryPeriod(new Date('2026-11-28T20:00:00Z'))).toEqual({ id: '2026-11-23', lastDay: '2026-11-29' });
    // Sunday 11 PM Pacific is still that week; Monday 00:00 Pacific starts the next.
    expect(lotteryPeriod(new Date('2026-11-30T07:59:00Z')).id).toBe('2026-11-23');
    expect(lotteryPeriod(new Date('2026-11-30T08:00:00Z')).id).toBe('2026-11-30');
  });
});

describe.each(testDatabases())('the lucky draw through the gateway (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  async function customer(type: 'individual' | 'business' = 'individual') {
    const [c] = await server.db.insert(customers).values({ username: `lot${randomBytes(5).toString('hex')}`, customerType: type }).returning({ id: customers.id });
    await server.db.insert(lines).values({ customerId: c!.id, msisdn: null, iccid: newIccid('us'), simType: 'esim', simStatus: 'inactive' });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: 0 });
    return c!.id;
  }
  const auth = async (id: number) => bearer((await createSession(server.app.deps, id, 'password')).access_token);
  const draw = async (id: number) => call<LotteryData>(server, endpoints.lotteryDraw, { headers: await auth(id) });

  it('one entry per customer and period: 10 draws at once record one, credited once through the ledger', async () => {
    const id = await customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => draw(id)));
    // The period's stock is full: the one entry keeps its prize, the nine others are refused.
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', ...Array(9).fill('90056')]);
    const rows = await server.db.select().from(lotteryDraws).where(eq(lotteryDraws.customerId, id));
    expect(rows).toHaveLength(1);
    {
      const [row] = rows;
      expect(prizeOf(row!.roll).code).toBe(row!.prize);
      const ledger = await server.db.select().from(balanceLedger).where(eq(balanceLedger.reference, `lottery:${row!.id}`));
      expect(ledger.map((l) => l.deltaCents)).toEqual(row!.amountCents > 0 ? [row!.amountCents] : []);
      expect((await server.db.select().from(balances).where(eq(balances.customerId, id)))[0]!.generalCents).toBe(row!.amountCents);
      const view = await call<LotteryData>(server, endpoints.lotteryInfo, { headers: await auth(id) });
      expect(view.body.data!.entry).toMatchObject({ prize: row!.prize, amountCents: row!.amountCents });
    }
  });

  it('answers 120092 when the prize drawn has run out, keeps no entry, and lets the customer draw again', async () => {
    const view = await call<LotteryData>(server, endpoints.lotteryInfo);
    const edition = view.body.data!.edition!.id;
    const period = view.body.data!.period.id;
    const first = await customer();
    await draw(first);
    // Every prize of the period taken.
    await server.db.insert(lotteryStock).values(LOTTERY_PRIZES.filter((p) => p.stock !== null).map((p) => ({ edition, period, prize: p.code, remaining: 0 }))).onConflictDoNothing();
    await server.db.update(lotteryStock).set({ remaining: 0 }).where(and(eq(lotteryStock.edition, edition), eq(lotteryStock.period, period)));
    let busy = 0;
    for (let i = 0; i < 60 && busy === 0; i += 1) {
      const id = await customer();
      const answer = await draw(id);
      if (answer.body.code === '120092') {
        busy += 1;
        expect(await server.db.select().from(lotteryDraws).where(eq(lotteryDraws.customerId, id))).toEqual([]);
        expect((await server.db.select().from(balances).where(eq(balances.customerId, id)))[0]!.generalCents).toBe(0);
      } else {
        expect(answer.body.data!.entry!.prize).toBe('none');
      }
    }
    expect(busy).toBe(1);
    const stock = await server.db.select({ n: sql<number>`min(${lotteryStock.remaining})::int` }).from(lotteryStock).where(eq(lotteryStock.period, period));
    expect(stock[0]!.n).toBe(0);
  });

  it('the last prize of a stock goes to one of 12 takers at once, and the stock never goes below zero', async () => {
    const period = `test-${randomBytes(4).toString('hex')}`;
    await server.db.insert(lotteryStock).values({ edition: 'lottery-test', period, prize: 'grand', remaining: 1 });
    const taken = await Promise.all(Array.from({ length: 12 }, () => server.db.transaction((tx) => takePrize(tx as unknown as Db, 'lottery-test', period, 'grand'))));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const [row] = await server.db.select().from(lotteryStock).where(and(eq(lotteryStock.edition, 'lottery-test'), eq(lotteryStock.period, period)));
    expect(row!.remaining).toBe(0);
  });

  it('business customers and visitors do not draw', async () => {
    const business = await customer('business');
    expect((await draw(business)).body.code).toBe('campaignNotEligible');
    expect((await call(server, endpoints.lotteryDraw)).status).toBe(401);
    const view = await call<LotteryData>(server, endpoints.lotteryInfo);
    expect(view.body.data).toMatchObject({ eligibility: 'visitor', entry: null, rolls: LOTTERY_ROLLS });
    expect(view.body.data!.prizes.map((p) => [p.code, p.chances])).toEqual(LOTTERY_PRIZES.map((p) => [p.code, p.chances]));
  });
});
