import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { ActivationSim } from '../../src/contract/activation';
import { ACTIVATION_TOKEN_TTL_MS, issueActivationToken } from '../../src/server/activation/token';
import { TEST_SIMS } from '../../src/server/db/seedSims';
import { seedTestSims } from '../../src/server/db/seedSims';
import { activations, sims } from '../../src/server/db/schema';
import { iccidCheckDigit, newIccid } from '../../src/server/activation/sims';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call } from './helpers';
import { checkSim, newCard, tokenFor } from './activationFixtures';

const MINUTE = 60_000;
const seeded = (iccid: string) => TEST_SIMS.find((s) => s.iccid === iccid)!;

describe.each(testDatabases())('activation step 1 on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  describe('the seeded test SIMs answer the README\'s codes', () => {
    const cases: [iccid: string, collected: string, code: string][] = [
      ['8901260010000000047', 'online', '120018'],
      ['8901260010000000054', 'online', '120014'],
      ['8901260010000000096', 'online', '120018'],
      ['8901260010000000104', 'online', '120020'],
      ['8901260010000000112', 'online', '120016'],
      ['8901260010000000120', 'online', '120017'],
      ['8901260010000000013', 'offline', '120022'],
      ['8901260010000000062', 'online', '120023'],
    ];
    it.each(cases)('%s (%s) answers %s', async (iccid, collected, code) => {
      const res = await checkSim(server, iccid, seeded(iccid).code, collected);
      expect(res.body.code).toBe(code);
      expect(res.body.data).toBeUndefined();
    });

    it('a fresh online card answers the card, its plan and an activation token', async () => {
      const res = await checkSim(server, '8901260010000000013', '111111');
      expect(res.status).toBe(200);
      const card = res.body.data!;
      expect(card).toMatchObject({ iccid: '8901260010000000013', kind: 'us', simType: 'physical', collected: 'online', status: 'inactive', orderNo: 'LBSEED2222', activationId: null });
      expect(card.plan).toMatchObject({ name: '5GB', months: 1 });
      expect(card.activationToken).toMatch(/^8901260010000000013\.\d+\.[0-9a-f]{64}$/);
    });

    it('dealer cards: one with its plan, one with none ("current ICCID has no plan"); the global card with its pack', async () => {
      const withPlan = await checkSim(server, '8901260010000000062', '666666', 'offline');
      expect(withPlan.body.data).toMatchObject({ collected: 'offline', orderNo: null, plan: { name: '15GB', months: 1 } });
      const noPlan = await checkSim(server, '8901260010000000070', '777777', 'offline');
      expect(noPlan.body.data).toMatchObject({ collected: 'offline', plan: null });
      const global = await checkSim(server, '8985230010000000088', '888888');
      expect(global.body.data).toMatchObject({ kind: 'global', plan: { months: 1 } });
      expect(global.body.data!.plan).not.toBeNull();
    });

    it('seeding again keeps an activated card activated and fresh cards fresh a year later', async () => {
      await server.db.update(sims).set({ status: 'activated' }).where(eq(sims.iccid, '8901260010000000039'));
      server.clock.advance(365 * 86_400_000);
      try {
        await seedTestSims(server.db, server.app.deps.config.codePepper, server.clock.now());
        expect((await checkSim(server, '8901260010000000039', '333333')).body.code).toBe('120014');
        expect((await checkSim(server, '8901260010000000021', '222222')).body.code).toBe('200');
        expect((await checkSim(server, '8901260010000000047', '444444')).body.code).toBe('120018');
        expect((await checkSim(server, '8901260010000000104', '101010')).body.code).toBe('120020');
        const rows = await server.db.select().from(activations).where(eq(activations.iccid, '8901260010000000104'));
        expect(rows).toHaveLength(1);
      } finally {
        await server.db.update(sims).set({ status: 'inactive' }).where(eq(sims.iccid, '8901260010000000039'));
        await seedTestSims(server.db, server.app.deps.config.codePepper, server.clock.now());
      }
    });
  });

  describe('ICCIDs that are not ours, or not in inventory', () => {
    it('a Luhn-valid ICCID with another issuer prefix answers 120021; one of ours not in inventory 120015', async () => {
      const foreign = `8944110${'12345678901'}`;
      expect((await checkSim(server, foreign + iccidCheckDigit(foreign), '123456')).body.code).toBe('120021');
      expect((await checkSim(server, newIccid('us'), '123456')).body.code).toBe('120015');
      expect((await checkSim(server, newIccid('global'), '123456')).body.code).toBe('120015');
    });

    it('a wrong check digit is a validation error naming the field, in the request language', async () => {
      const bad = '8901260010000000014';
      const en = await checkSim(server, bad, '111111', 'online', 'en');
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({ code: 'validation', message: 'ICCID: This ICCID is not valid: check each digit against the card.' });
      const hans = await checkSim(server, '8901260010000000013', '1111', 'online', 'zh-Hans');
      expect(hans.body.code).toBe('validation');
      expect(hans.body.message).toContain('激活码');
      const hant = await checkSim(server, '8901260010000000013', '1111', 'online', 'zh-Hant');
      expect(hant.body.message).toBe('開通碼：開通碼為 6 位數字。');
    });
  });

  describe('the attempt limit', () => {
    it('counts wrong codes: four answer 120019, the fifth locks the card for 15 minutes, even for the right code', async () => {
      const card = await newCard(server);
      const wrong = card.code === '000000' ? '000001' : '000000';
      for (let i = 1; i <= 4; i++) {
        const res = await checkSim(server, card.iccid, wrong);
        expect(res.body.code).toBe('120019');
        expect(res.body.data).toEqual({ triesLeft: 5 - i });
      }
      const fifth = await checkSim(server, card.iccid, wrong);
      expect(fifth.status).toBe(429);
      expect(fifth.body.code).toBe('activationLocked');
      expect(fifth.body.data).toEqual({ retryAfterSeconds: 900 });
      server.clock.advance(5 * MINUTE);
      const right = await checkSim(server, card.iccid, card.code);
      expect(right.body.code).toBe('activationLocked');
      expect(right.body.data).toEqual({ retryAfterSeconds: 600 });
      expect(right.headers.get('retry-after')).toBe('600');
      server.clock.advance(10 * MINUTE + 1000);
      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('200');
    });

    it('a right code clears the count; after a lock runs out the count starts again', async () => {
      const card = await newCard(server);
      const wrong = card.code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 3; i++) await checkSim(server, card.iccid, wrong);
      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('200');
      for (let i = 0; i < 4; i++) expect((await checkSim(server, card.iccid, wrong)).body.code).toBe('120019');
      expect((await checkSim(server, card.iccid, wrong)).body.code).toBe('activationLocked');
      server.clock.advance(15 * MINUTE + 1000);
      expect((await checkSim(server, card.iccid, wrong)).body).toMatchObject({ code: '120019', data: { triesLeft: 4 } });
    });

    it('20 wrong guesses at once get no more than 5 tries', async () => {
      const card = await newCard(server);
      const guesses = Array.from({ length: 20 }, (_, i) => String((Number(card.code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((g) => checkSim(server, card.iccid, g)));
      const codes = answers.map((a) => a.body.code);
      expect(codes.filter((c) => c === '120019')).toHaveLength(4);
      expect(codes.filter((c) => c === 'activationLocked')).toHaveLength(16);
      const [row] = await server.db.select().from(sims).where(eq(sims.iccid, card.iccid));
      expect(row!.activationAttempts).toBe(5);
      expect(row!.activationLockedUntil).not.toBeNull();
      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('activationLocked');
    });

    it('the code is proven before the card\'s state is told: a wrong code on an activated card answers 120019', async () => {
      expect((await checkSim(server, '8901260010000000054', '000000')).body.code).toBe('120019');
      expect((await checkSim(server, '8901260010000000047', '000000')).body.code).toBe('120019');
    });
  });

  describe('the activation token', () => {
    const simInfo = (activationToken: string) => call<ActivationSim>(server, endpoints.activationSimInfo, { body: { activationToken } });

    it('reads the card again; a tampered, foreign or expired token answers activationTokenInvalid', async () => {
      const card = await newCard(server);
      const token = await tokenFor(server, card);
      expect((await simInfo(token)).body.data).toMatchObject({ iccid: card.iccid, activationToken: token, status: 'inactive' });

      const other = await newCard(server);
      const [, issued, sig] = token.split('.');
      expect((await simInfo(`${other.iccid}.${issued}.${sig}`)).body.code).toBe('activationTokenInvalid');
      expect((await simInfo(`${card.iccid}.${Number(issued) + 1}.${sig}`)).body.code).toBe('activationTokenInvalid');
      expect((await simInfo(issueActivationToken('another-pepper-entirely', card.iccid, server.clock.now()))).body.code).toBe('activationTokenInvalid');
      const res = await simInfo('nonsense');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('activationTokenInvalid');

      server.clock.advance(ACTIVATION_TOKEN_TTL_MS - MINUTE);
      expect((await simInfo(token)).body.code).toBe('200');
      server.clock.advance(2 * MINUTE);
      expect((await simInfo(token)).body.code).toBe('activationTokenInvalid');
    });

    it('the numbers of an area code need a token', async () => {
      const token = await tokenFor(server, await newCard(server));
      const res = await call<{ areaCode: string; numbers: string[] }>(server, endpoints.activationNumbers, { body: { activationToken: token, areaCode: '626' } });
      expect(res.body.code).toBe('200');
      expect(res.body.data!.areaCode).toBe('626');
      expect(res.body.data!.numbers.length).toBeGreaterThan(0);
      for (const n of res.body.data!.numbers) expect(n).toMatch(/^626\d{7}$/);
      const forged = await call(server, endpoints.activationNumbers, { body: { activationToken: `${token}0`, areaCode: '626' } });
      expect(forged.body.code).toBe('activationTokenInvalid');
    });
  });
});
