/**
 * /coverage and /store over real HTTP (issue 18, decision 0040), on the seeded samples: a ZIP's coverage, the nearest
 * places for a ZIP the data has no row for (by distance), cities in English and Chinese, invalid input answered in the
 * request's language; stores by area and nearest to a ZIP. And the coverage and stores data sets through the import
 * command: a bad file refused whole with each bad row's line, a good one upserted, the same file twice changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { CoverageResponse, StoreAnswer } from '../../src/contract/places';
import { openDatabase } from '../../src/server/db/database';
import { coverageAreas, stores } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call } from './helpers';
import { filesIn, runImport } from './importCommand';

describe.each(testDatabases({ postgres: false, because: 'reads of the seeded samples: no concurrency; the import command is tested on PostgreSQL by dataImport.test.ts' }))('coverage and stores on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const coverage = (place: string, lang = 'en') => call<CoverageResponse>(server, endpoints.coverageLookup, { query: { place }, headers: { Language: lang } });
  const storesFor = (query: Record<string, string>, lang = 'en') => call<StoreAnswer>(server, endpoints.storeSearch, { query, headers: { Language: lang } });

  describe('coverage', () => {
    it('a ZIP code in the data: its technology and signal, marked as sample data', async () => {
      const res = await coverage('11354');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ sample: true, result: { kind: 'zip', area: { zip: '11354', city: 'Flushing', state: 'NY', technology: '5g', outdoor: 'excellent', indoor: 'good' } } });
    });

    it('a ZIP code without data: the nearest places known, nearest first, from where the ZIP is', async () => {
      const res = await coverage('11358');
      const result = res.body.data!.result;
      expect(result.kind).toBe('nearest');
      if (result.kind !== 'nearest') return;
      expect(result.located).toMatchObject({ zip: '11358', by: 'zip', city: 'Flushing' });
      expect(result.nearest.map((a) => a.zip)).toEqual(['11355', '11354', '11373']);
      const d = result.nearest.map((a) => a.distanceKm);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(d[0]).toBeGreaterThan(1.5);
      expect(d[0]).toBeLessThan(3.5);
    });

    it('a ZIP placed only by its area or its state still gets the nearest places; one no state has gets none', async () => {
      const prefix = (await coverage('11360')).body.data!.result;
      expect(prefix).toMatchObject({ kind: 'nearest', located: { by: 'prefix', state: 'NY', city: null } });
      const state = (await coverage('99950')).body.data!.result;
      expect(state).toMatchObject({ kind: 'nearest', located: { by: 'state', state: 'AK' } });
      expect((await coverage('00001')).body.data!.result).toEqual({ kind: 'unknown' });
    });

    it.each([['San Francisco'], ['san francisco, ca'], ['旧金山'], ['舊金山'], ['三藩市'], ['SAN FRANCISCO CA']])('the city %s in any of its names', async (place) => {
      const result = (await coverage(place)).body.data!.result;
      expect(result.kind).toBe('city');
      if (result.kind === 'city') expect(result.areas.map((a) => a.zip)).toEqual(['94108', '94112', '94121', '94122', '94133']);
    });

    it('a city the ZIP table knows but the coverage data does not: the nearest places from it', async () => {
      expect((await coverage('St Louis')).body.data!.result).toMatchObject({ kind: 'nearest', located: { city: 'St. Louis', state: 'MO' } });
      expect((await coverage('Springfield')).body.data!.result).toEqual({ kind: 'unknown' });
    });

    it.each([
      ['1234', 'en', 'ZIP code or city: A US ZIP code is 5 digits, for example 11354.'],
      ['1234', 'zh-Hans', '邮编或城市：美国邮编为 5 位数字，例如 11354。'],
      ['<b>', 'zh-Hant', '郵遞區號或城市：請輸入 5 位數郵遞區號或城市名稱，例如 11354 或法拉盛。'],
      ['', 'en', 'ZIP code or city: Type a ZIP code or a city.'],
    ])('%j is refused in %s', async (place, lang, message) => {
      const res = await coverage(place, lang);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation', message });
    });
  });

  describe('stores', () => {
    it('all stores, with the states and cities that have them', async () => {
      const res = await storesFor({});
      expect(res.body.data).toMatchObject({ kind: 'all', sample: true, origin: null });
      expect(res.body.data!.stores.length).toBe(30);
      expect(res.body.data!.areas.find((a) => a.state === 'CA')?.cities).toContainEqual({ city: 'San Francisco', count: 3 });
    });

    it('by state and city', async () => {
      const ca = await storesFor({ state: 'CA', city: 'San Francisco' });
      expect(ca.body.data!.kind).toBe('area');
      expect(ca.body.data!.stores.map((s) => s.code)).toEqual(['CA-SF-02', 'CA-SF-03', 'CA-SF-01']);
      expect((await storesFor({ state: 'MT' })).body.data!.stores).toEqual([]);
    });

    it('nearest to a ZIP code, with distances from its centroid, nearest first', async () => {
      const res = await storesFor({ zip: '91776' });
      const data = res.body.data!;
      expect(data).toMatchObject({ kind: 'zip', origin: { zip: '91776', by: 'zip', city: 'San Gabriel' } });
      expect(data.stores).toHaveLength(10);
      expect(data.stores[0]).toMatchObject({ code: 'CA-SGV-01' });
      const d = data.stores.map((s) => s.distanceKm!);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(d[0]).toBeLessThan(2);
    });

    it('a ZIP no state has, and invalid input, in the request\'s language', async () => {
      expect((await storesFor({ zip: '00001' })).body.data).toMatchObject({ kind: 'zipUnknown', stores: [], origin: null });
      const bad = await storesFor({ zip: '9177' }, 'zh-Hans');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('邮政编码：美国邮政编码为 5 位数字。');
      expect((await storesFor({ state: 'XX' })).status).toBe(400);
    });
  });
});

describe('the coverage and stores data sets through npm run data:import (PGlite in DATA_DIR)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lb-places-'));
  const env = { DATA_DIR: join(dir, 'data') };
  const file = filesIn(dir);
  const run = (...args: string[]) => runImport(env, ...args);
  const read = async <T,>(look: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const database = await openDatabase({ dataDir: env.DATA_DIR });
    try {
      return await look(database.db);
    } finally {
      await database.close();
    }
  };
  const HEADER = 'zip,city,state,lat,lon,technology,outdoor,indoor,city_zh_hans,city_zh_hant';

  it('refuses a coverage file with bad rows whole, naming each bad row by its line', async () => {
    const bad = file('bad-coverage.csv', [
      '# the carrier\'s survey',
      HEADER,
      '11354,Flushing,NY,40.7687,-73.8272,5g,excellent,good,法拉盛,法拉盛',
      '90012,Los Angeles,NY,34.0614,-118.2385,5g,good,good,,',
      '94133,San Francisco,CA,-122.4091,37.8002,5g,good,good,,',
      '79843,Marfa,TX,30.3094,-104.0206,none,good,none,,',
      '1135,Flushing,NY,40.7,-73.8,6g,great,good,,',
    ].join('\n'));
    const result = await run('coverage', bad);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/line 4: zip: the ZIP code is not in that state/);
    expect(result.output).toMatch(/line 5: lat: /);
    expect(result.output).toMatch(/line 6: technology: no coverage/);
    expect(result.output).toMatch(/line 7: zip: a 5-digit ZIP code.*technology: one of 5g, lte, 3g2g, none.*outdoor: one of/);
    expect(result.output).not.toMatch(/line 3:/);
  }, 60_000);

  it('upserts a good file, and loading it again changes nothing', async () => {
    const good = file('stores.csv', [
      'code,kind,name,name_zh,address,city,state,zip,lat,lon,phone,hours,languages,services',
      'ny-test-01,dealer,Test Wireless,,1 Main St,Flushing,NY,11354,40.759,-73.83,(718) 555-0199,Mo-Fr 10:00-19:00; Sa closed,en|cmn,simPickup|topUp',
    ].join('\n'));
    expect((await run('stores', good)).code).toBe(0);
    expect((await run('stores', good)).code).toBe(0);
    const rows = await read((db) => db.select().from(stores).where(eq(stores.code, 'NY-TEST-01')));
    expect(rows).toEqual([expect.objectContaining({ code: 'NY-TEST-01', languages: ['en', 'cmn'], services: ['simPickup', 'topUp'] })]);
    const covered = file('coverage.csv', [HEADER, '24944,Green Bank,WV,38.4179,-79.8317,none,none,none,,'].join('\n'));
    expect((await run('coverage', covered)).code).toBe(0);
    expect(await read(async (db) => (await db.select({ n: count() }).from(coverageAreas))[0]!.n)).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
