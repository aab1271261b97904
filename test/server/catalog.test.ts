import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { BundleList } from '../../src/contract/catalog';
import { emailCaptures } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call } from './helpers';

describe.each(testDatabases({ postgres: false, because: 'reads of the seeded catalogue and the answer envelope: no concurrency, no SQL that differs' }))('catalogue and envelope on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  describe('envelope', () => {
    it.each([
      ['en', 'Success'],
      ['zh-Hans', '成功'],
      ['zh-Hant', '成功'],
    ])('answers code 200 with the success message in %s', async (lang, message) => {
      const res = await call(server, endpoints.partners, { headers: { Language: lang } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: '200', message });
    });

    it.each([
      ['en', 'Phone number: Enter a valid US or China mobile number.'],
      ['zh-Hans', '手机号码：请输入有效的美国或中国手机号码。'],
      ['zh-Hant', '手機號碼：請輸入有效的美國或中國手機號碼。'],
    ])('a field that fails validation gets 400 naming the field, in %s', async (lang, message) => {
      const res = await call(server, endpoints.checMobilekVerificationCode, {
        body: { phone: '12345', code: '123456', type: 'login' }, headers: { Language: lang },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation', message });
    });

    it('falls back to Accept-Language, then English', async () => {
      const body = { email: '', collectType: '1', channel: 'pc' };
      const zhTw = await call(server, endpoints.offerLocking, { body, headers: { 'Accept-Language': 'zh-TW,zh;q=0.9' } });
      expect(zhTw.body.message).toBe('電子郵件：請填寫電子郵件。');
      const none = await call(server, endpoints.offerLocking, { body });
      expect(none.body.message).toBe('Email: Please fill in your email.');
    });

    it('answers malformed JSON with 400 and no stack trace', async () => {
      const res = await fetch(new URL(endpoints.offerLocking.path, server.url), {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":',
      });
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({ code: 'validation' });
      expect(text).not.toMatch(/at .*\.(ts|js)|stack|SyntaxError/);
    });

    it('answers an unknown gateway route with the notFound envelope', async () => {
      const res = await fetch(new URL('/gateway/pcapp/api/v1/nothing/here', server.url), { headers: { Language: 'zh-Hans' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'notFound', message: '请求的资源不存在。' });
    });
  });

  describe('bundleList', () => {
    it('returns the catalogue of spec section 1', async () => {
      const res = await call<BundleList>(server, endpoints.bundleList, { body: {} });
      const data = endpoints.bundleList.response.parse(res.body.data);
      expect(data.plans.map((p) => [p.name, p.monthlyPriceCents])).toEqual([
        ['500MB', 1000], ['2GB', 1500], ['5GB', 2500], ['15GB', 3500], ['Unlimited', 4500],
      ]);
      const small = data.plans[0]!;
      expect(small).toMatchObject({ usMinutes: 500, promotionEligible: false, simTypes: ['physical', 'esim'] });
      expect(small.inclusions).toContain('usMinutes500');
      expect(small.inclusions).not.toContain('unlimitedUsCalls');
      const unlimited = data.plans[4]!;
      expect(unlimited).toMatchObject({ highSpeedDataMb: null, usMinutes: null, promotionEligible: true });
      expect(unlimited.inclusions).toEqual(expect.arrayContaining([
        'unlimitedBasicData128k', 'unlimitedUsCalls', 'unlimitedChinaLandlineCalls', 'freeGlobalTexting', 'freeWifiCalling', 'freeHotspot',
      ]));
      expect(data.multiMonth).toEqual([
        { months: 1, discountPercent: 0 }, { months: 3, discountPercent: 7 }, { months: 4, discountPercent: 10 }, { months: 6, discountPercent: 13 },
        { months: 12, discountPercent: 20 },
      ]);
      expect(data.global.regions.map((r) => r.code)).toEqual(['usCanada', 'anz', 'europe', 'asia']);
      const destinations = data.global.regions.flatMap((r) => r.destinations);
      expect(new Set(destinations).size).toBeGreaterThanOrEqual(57);
      expect(destinations).toEqual(expect.arrayContaining(['US', 'CA', 'AU', 'NZ', 'FR', 'CN', 'HK', 'MO', 'TW', 'JP']));
      for (const region of data.global.regions) expect(data.global.packs.filter((p) => p.regionCode === region.code).length).toBeGreaterThanOrEqual(3);
    });

    it('filters by kind', async () => {
      const res = await call<BundleList>(server, endpoints.bundleList, { body: { kind: 'global' } });
      expect(res.body.data?.plans).toEqual([]);
      expect(res.body.data?.global.packs.length).toBeGreaterThan(0);
    });
  });

  describe('offerLocking', () => {
    it('stores the email once; a duplicate still answers 200', async () => {
      const body = { email: 'Fan.Li@example.com', collectType: '1', channel: 'pc' };
      const first = await call(server, endpoints.offerLocking, { body });
      const again = await call(server, endpoints.offerLocking, { body: { ...body, email: ' fan.li@example.com ' } });
      expect(first.body).toMatchObject({ code: '200', data: { subscribed: true } });
      expect(again.body).toMatchObject({ code: '200', data: { subscribed: true } });
      const [row] = await server.db.select({ n: count() }).from(emailCaptures).where(eq(emailCaptures.email, 'fan.li@example.com'));
      expect(row?.n).toBe(1);
    });

    it('rejects a malformed email and a wrong collectType', async () => {
      const bad = await call(server, endpoints.offerLocking, { body: { email: 'not-an-email', collectType: '1', channel: 'pc' } });
      expect(bad.body).toEqual({ code: 'validation', message: 'Email: Please enter your email in the correct format.' });
      const type = await call(server, endpoints.offerLocking, { body: { email: 'a@example.com', collectType: '2', channel: 'pc' } });
      expect(type.status).toBe(400);
      expect(type.body.message).toMatch(/^Collection type: /);
    });
  });

  describe('partners', () => {
    it('returns the partner entries from the database', async () => {
      const res = await call(server, endpoints.partners);
      const { partners } = endpoints.partners.response.parse(res.body.data);
      expect(partners.length).toBeGreaterThanOrEqual(5);
      expect(partners.length).toBeLessThanOrEqual(8);
      expect(partners[0]).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https:\/\//) });
    });
  });
});
