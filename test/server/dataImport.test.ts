/**
 * `npm run data:import -- <dataset> <file.csv>` (issue 18, decision 0038) on the embedded database of `npm start`
 * (PGlite in DATA_DIR) and on a PostgreSQL server (DATABASE_URL): a file with bad rows is refused whole, each bad row
 * named by its line; a good one is upserted, and loading it again changes nothing; the seed's samples never overwrite
 * a carrier's file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { datasetImports, devices, ildRates } from '../../src/server/db/schema';
import { DATASETS, isSampleFile, loadSampleDatasets, validateDataset } from '../../src/server/datasets';
import { testDatabases } from '../support/server';
import { filesIn, runImport } from './importCommand';

const dir = mkdtempSync(join(tmpdir(), 'lb-import-'));
const file = filesIn(dir);

const RATES_HEADER = 'country_code,dial_code,landline_cents,mobile_cents,popular_rank';

describe('the shipped samples', () => {
  it.each(Object.values(DATASETS).map((d) => [d.name, d] as const))('%s: marked as a sample, and every row passes the data set\'s own rules', (_name, dataset) => {
    const text = readFileSync(dataset.sample, 'utf8');
    expect(isSampleFile(text)).toBe(true);
    expect(validateDataset(dataset, text).length).toBeGreaterThan(0);
  });

  it('the rates sample has every country and region Intl names, with its dialling code (issue 18: "every country")', () => {
    const rows = validateDataset(DATASETS.rates!, readFileSync(DATASETS.rates!.sample, 'utf8')).map((r) => r.row as { countryCode: string; dialCode: string });
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const named = letters.flatMap((a) => letters.map((b) => a + b)).filter((code) => names.of(code) !== undefined);
    /** Named by Intl, yet no country to call: groupings, codes no longer in use, reserved ones, and the uninhabited. */
    const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR',
      'CP', 'CQ', 'DG', 'EA', 'IC', 'BV', 'HM', 'UM']);
    const have = new Set(rows.map((r) => r.countryCode));
    expect(named.filter((code) => !notCountries.has(code) && !have.has(code))).toEqual([]);
    expect(rows.every((r) => /^[1-9]\d{0,3}$/.test(r.dialCode))).toBe(true);
    expect(have.size).toBeGreaterThanOrEqual(245);
  });
});

describe.each(testDatabases())('npm run data:import on %s', (name, databaseUrl) => {
  let env: NodeJS.ProcessEnv;
  let dropDatabase: (() => Promise<void>) | null = null;
  /** The database the command wrote, opened after it closed it. */
  const read = async <T,>(look: (db: Database['db']) => Promise<T>): Promise<T> => {
    const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR! });
    try {
      return await look(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    if (databaseUrl) {
      const db = `t_import_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${db}`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.pathname = `/${db}`;
      env = { DATABASE_URL: url.toString() };
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await c.end();
      };
    } else {
      env = { DATA_DIR: join(dir, `data-${name}`) };
    }
  }, 60_000);
  afterAll(async () => { await dropDatabase?.(); });

  it('refuses a file with bad rows whole, naming each bad row by its line, and writes nothing', async () => {
    const bad = file('bad-rates.csv', [
      '# rates of the carrier',
      RATES_HEADER,
      'JP,81,5,12,1',
      'ZQ,99,1,2,',
      'FR,33,-3,12,',
      'JP,81,5,12,',
      'DE,+49,3,12,first',
      '"IT",39,"4",14,',
    ].join('\n'));
    const { code, output } = await runImport(env, 'rates', bad);
    expect(code).toBe(1);
    expect(output).toContain('rates: 4 problems, nothing imported');
    expect(output).toMatch(/line 4: country_code: an ISO 3166-1 alpha-2 country code/);
    expect(output).toMatch(/line 5: landline_cents: a whole number of cents/);
    expect(output).toMatch(/line 6: JP again \(first on line 3\)/);
    expect(output).toMatch(/line 7: popular_rank: empty, or a place from 1 to 9999/);
    expect(output).not.toMatch(/line (3|8):/);
    expect(await read(async (db) => [(await db.select({ n: count() }).from(ildRates))[0]!.n, (await db.select().from(datasetImports)).length])).toEqual([0, 0]);
  }, 60_000);

  it('refuses a header without a column, and rates that contradict the plans (spec section 1)', async () => {
    const noMobile = await runImport(env, 'rates', file('no-mobile.csv', 'country_code,dial_code,landline_cents,popular_rank\nJP,81,5,1\n'));
    expect(noMobile).toMatchObject({ code: 1 });
    expect(noMobile.output).toMatch(/line 1: the header must name the columns .*; missing: mobile_cents/);
    const paidUs = await runImport(env, 'rates', file('paid-us.csv', `${RATES_HEADER}\nJP,81,5,12,1\nUS,1,0,3,\nTW,886,2,9,\n`));
    expect(paidUs.code).toBe(1);
    expect(paidUs.output).toMatch(/line 3: US: calls are included in every plan \(spec section 1\)/);
    expect(paidUs.output).toMatch(/line 4: TW: landline calls are included in every plan/);
  }, 60_000);

  it('refuses an eSIM on a model made for mainland China (spec section 5), with its line', async () => {
    const res = await runImport(env, 'devices', file('cn-esim.csv', [
      'tac,brand,model,market,compatibility,esim,certified,limits',
      '35467214,Apple,iPhone 15 Pro,global,full,yes,yes,',
      '86801206,Apple,iPhone 15 (China),cn,full,yes,yes,',
      '86930105,Huawei,Mate 60 Pro,cn,none,no,yes,noUsBands|noSuchLimit',
    ].join('\n')));
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/line 3: esim: no for a model made for mainland China \(spec section 5/);
    expect(res.output).toMatch(/line 4: limits: each one of/);
  }, 60_000);

  it('imports a good file by upsert: the same file again changes nothing, a changed rate is changed', async () => {
    const good = file('good-rates.csv', `${RATES_HEADER}\njp,+81,5,12,2\nUS,1,0,0,1\nCN,86,0,3,\n`);
    const first = await runImport(env, 'rates', good);
    expect(first).toEqual({ code: 0, output: expect.stringMatching(/^rates: 3 rows imported from .*good-rates\.csv into /) });
    const rows = () => read((db) => db.select().from(ildRates).orderBy(asc(ildRates.countryCode)));
    const once = await rows();
    expect(once).toEqual([
      { countryCode: 'CN', dialCode: '86', landlineCents: 0, mobileCents: 3, popularRank: null },
      { countryCode: 'JP', dialCode: '81', landlineCents: 5, mobileCents: 12, popularRank: 2 },
      { countryCode: 'US', dialCode: '1', landlineCents: 0, mobileCents: 0, popularRank: 1 },
    ]);
    expect((await runImport(env, 'rates', good)).code).toBe(0);
    expect(await rows()).toEqual(once);
    expect((await runImport(env, 'rates', file('jp-up.csv', `${RATES_HEADER}\nJP,81,6,13,2\n`))).code).toBe(0);
    expect((await rows()).find((r) => r.countryCode === 'JP')).toMatchObject({ landlineCents: 6, mobileCents: 13 });
    const [last] = await read((db) => db.select().from(datasetImports).where(eq(datasetImports.dataset, 'rates')));
    expect(last).toMatchObject({ rows: 1, sample: false });
  }, 60_000);

  it('the seed loads every sample but never over a carrier\'s file', async () => {
    await read((db) => loadSampleDatasets(db, new Date()));
    const after = await read(async (db) => ({
      jp: (await db.select().from(ildRates).where(eq(ildRates.countryCode, 'JP')))[0],
      rates: (await db.select({ n: count() }).from(ildRates))[0]!.n,
      devices: (await db.select({ n: count() }).from(devices))[0]!.n,
    }));
    expect(after.jp).toMatchObject({ landlineCents: 6, mobileCents: 13 });
    expect(after.rates).toBe(3);
    expect(after.devices).toBeGreaterThan(20);
  }, 60_000);

  it('lists the data sets when asked for none or an unknown one', async () => {
    const none = await runImport(env);
    expect(none.code).toBe(2);
    expect(none.output).toMatch(/usage: npm run data:import -- <dataset> <file\.csv>[\s\S]*rates[\s\S]*devices/);
    expect((await runImport(env, 'planets', 'x.csv')).output).toMatch(/^unknown data set: planets/);
  });
});

describe('npm run data:import on the data directory of a running gateway', () => {
  it('refuses to open it (PGlite is one process\'s) and writes nothing there', async () => {
    const dataDir = join(dir, 'held');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
    const res = await runImport({ DATA_DIR: dataDir }, 'rates', file('while-running.csv', `${RATES_HEADER}\nJP,81,7,14,2\n`));
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/is in use \(a gateway runs on it\): stop npm start first, or set DATABASE_URL/);
    expect(readdirSync(dataDir)).toEqual(['postmaster.pid']);
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
