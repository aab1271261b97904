/**
 * The phone check and the rates over real HTTP (issue 18, decision 0038): every answer of the spec from the sample
 * device table and the sandbox's locked and blocked IMEIs, the form's rules answered in the request's language, and
 * the rates of every country as the page reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { endpoints } from '../../src/contract';
import type { PhoneCheckAnswer } from '../../src/contract/phoneCheck';
import type { IldRates } from '../../src/contract/usage';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call } from './helpers';

const SAMPLE_COUNTRIES = readFileSync(new URL('../../data/samples/rates.sample.csv', import.meta.url), 'utf8').split('\n').filter((l) => /^[A-Z]{2},/.test(l)).length;

describe.each(testDatabases({ postgres: false, because: 'reads of the seeded device table and rates: no concurrency, no SQL that differs' }))('phone check and rates on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const check = (body: Record<string, string>, lang = 'en') => call<PhoneCheckAnswer>(server, endpoints.phoneCheck, { body, headers: { Language: lang } });

  describe('the answers of spec sections 2 and 8', () => {
    it.each([
      ['Apple', 'iPhone 15 Pro', '354672141234565', 'fullyCompatible', []],
      ['苹果', 'iPhone 15', '868012062045113', 'partlyCompatible', ['noEsim']],
      ['Huawei', 'Mate 60 Pro', '869301057712038', 'notCompatible', ['noEsim', 'noUsBands', 'noVolte']],
      ['Xiaomi', 'Xiaomi 14', '862478095500182', 'uncertified', ['noEsim', 'noBand71', 'noBand12', 'noWifiCalling']],
      ['Nokia', '3310', '490154203237518', 'uncertified', []],
      ['Apple', 'iPhone 14', '353250110000175', 'locked', []],
      ['Samsung', 'Galaxy S24', '356184209000423', 'blocked', []],
      ['Google', 'Pixel 8', '358021110000167', 'blocked', []],
    ])('%s %s (%s): %s', async (brand, model, imei, verdict, limits) => {
      const res = await check({ brand, model, imei });
      expect(res.status).toBe(200);
      expect(res.body.data!.verdict).toBe(verdict);
      if (verdict !== 'locked' && verdict !== 'blocked') expect(res.body.data!.limits).toEqual(limits);
    });

    it('a model made for mainland China has no eSIM (spec section 5), and says which model the IMEI is', async () => {
      const res = await check({ brand: '蘋果', model: 'iPhone 15', imei: '86 801206 204511 3' });
      expect(res.body.data).toEqual({
        verdict: 'partlyCompatible', limits: ['noEsim'], brandMatches: true,
        device: { brand: 'Apple', model: 'iPhone 15 (A3092)', market: 'cn', compatibility: 'partial', esim: false, certified: true },
      });
    });

    it('an IMEISV (16 digits) of a blocked phone is blocked too; a device unknown to the table names none', async () => {
      expect((await check({ brand: 'Samsung', model: 'S24', imei: '3561842090004201' })).body.data!.verdict).toBe('blocked');
      const unknown = await check({ brand: 'Nokia', model: '3310', imei: '490154203237518' });
      expect(unknown.body.data).toMatchObject({ device: null, brandMatches: false, limits: [] });
    });

    it('answers for the phone the IMEI belongs to, and says when the brand typed is another', async () => {
      const res = await check({ brand: 'Samsung', model: 'Galaxy', imei: '354672141234565' });
      expect(res.body.data).toMatchObject({ verdict: 'fullyCompatible', brandMatches: false, device: { brand: 'Apple' } });
    });
  });

  describe('the form\'s rules, refused by the gateway in the request\'s language', () => {
    it.each([
      ['en', { brand: 'Apple', model: 'iPhone', imei: '354672141234566' }, 'IMEI: This IMEI is not valid: its last digit does not match the others. Check each digit against *#06# or the phone\'s box.'],
      ['zh-Hans', { brand: 'Apple', model: 'iPhone', imei: '3546721412' }, 'IMEI：IMEI 为 15 到 17 位数字。在手机上拨 *#06# 即可查看。'],
      ['zh-Hant', { brand: 'Apple', model: 'iPhone', imei: '35467214123456x' }, 'IMEI：IMEI 只包含數字。在手機上撥 *#06# 即可查看。'],
      ['en', { brand: '', model: 'iPhone', imei: '354672141234565' }, 'Brand: Please enter the phone\'s brand, e.g. Apple.'],
      ['zh-Hant', { brand: 'Apple', model: ' ', imei: '354672141234565' }, '型號：請輸入手機型號，例如 iPhone 15。'],
    ])('%s: %j', async (lang, body, message) => {
      const res = await check(body, lang);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation', message });
    });

    it('refuses a missing field and a number where text belongs', async () => {
      const res = await call(server, endpoints.phoneCheck, { body: { brand: 'Apple', imei: 354672141234565 } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
    });
  });

  describe('the rates of every country (ildRates, what /rates shows and calls are charged)', () => {
    it('lists every country of the sample, the popular destinations first, the included calls at 0', async () => {
      const res = await call<IldRates>(server, endpoints.ildRates);
      expect(res.status).toBe(200);
      const rates = res.body.data!.rates;
      expect(rates).toHaveLength(SAMPLE_COUNTRIES);
      expect(SAMPLE_COUNTRIES).toBeGreaterThan(240);
      expect(rates.slice(0, 5).map((r) => r.countryCode)).toEqual(['CN', 'HK', 'MO', 'TW', 'US']);
      const of = (code: string) => rates.find((r) => r.countryCode === code)!;
      for (const code of ['CN', 'HK', 'MO', 'TW']) expect(of(code).landlineCents).toBe(0);
      expect(of('CN').mobileCents).toBeGreaterThan(0);
      expect(of('US')).toMatchObject({ landlineCents: 0, mobileCents: 0, dialCode: '1' });
      expect(of('JM')).toMatchObject({ dialCode: '1876', popularRank: null });
      expect(rates.every((r) => Number.isInteger(r.landlineCents) && Number.isInteger(r.mobileCents))).toBe(true);
    });
  });
});
