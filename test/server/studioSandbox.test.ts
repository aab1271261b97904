import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_REPORT_FILE } from '../../machines/coverageReport';
import { stateHistory } from '../../src/server/db/schema';
import { readCoverageReport } from '../../src/server/sandbox/studio';
import { startTestServer, testDatabases, type TestServer } from '../support/server';

interface Body<T> { code: string; message: string; data: T }
interface History { chart: string; ref: string; current: string; history: { from: string; event: string; to: string; at: string; meta: Record<string, unknown> }[] }
interface Recent { chart: string; entities: { ref: string; current: string; at: string }[] }

/** A ref no other test (nor the seed) wrote, so each test reads only its own rows. */
const newRef = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

// On both databases: "recent" is a DISTINCT ON query that PGlite and PostgreSQL must answer alike.
describe.each(testDatabases())('chart studio sandbox on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async <T>(path: string, query: Record<string, string> = {}, lang = 'en') => {
    const url = new URL(path, server.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { Language: lang } });
    return { status: res.status, body: (await res.json()) as Body<T> };
  };

  it('answers only requests from this machine', async () => {
    for (const url of ['/sandbox/api/studio/coverage', '/sandbox/api/studio/history?chart=shipment&ref=x', '/sandbox/api/studio/recent?chart=shipment']) {
      const remote = await server.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode, url).toBe(404);
    }
  });

  it('tells one entity\'s history oldest first, by time then by row, and the state it is in now', async () => {
    const ref = newRef('ORD');
    const t0 = new Date('2031-05-01T10:00:00Z');
    const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    // Inserted out of time order; the last two share a time, so the row written later comes later.
    await server.db.insert(stateHistory).values([
      { chart: 'shipment', entityRef: ref, fromState: 'notShipped', event: 'shipment.ship', toState: 'shipped', meta: { carrier: 'UPS' }, at: later(5) },
      { chart: 'shipment', entityRef: ref, fromState: 'notShipped', event: 'shipment.poll', toState: 'notShipped', at: t0 },
      { chart: 'shipment', entityRef: ref, fromState: 'shipped', event: 'shipment.poll', toState: 'shipped', at: later(9) },
      { chart: 'shipment', entityRef: ref, fromState: 'shipped', event: 'shipment.delivered', toState: 'delivered', at: later(9) },
      // Another chart's entity with the same ref is another entity.
      { chart: 'order', entityRef: ref, fromState: 'unpaid', event: 'order.pay', toState: 'paying', at: later(20) },
    ]);
    const { status, body } = await get<History>('/sandbox/api/studio/history', { chart: 'shipment', ref: ` ${ref} ` });
    expect(status).toBe(200);
    expect(body.code).toBe('200');
    expect(body.data).toEqual({
      chart: 'shipment', ref, current: 'delivered',
      history: [
        { from: 'notShipped', event: 'shipment.poll', to: 'notShipped', at: t0.toISOString(), meta: {} },
        { from: 'notShipped', event: 'shipment.ship', to: 'shipped', at: later(5).toISOString(), meta: { carrier: 'UPS' } },
        { from: 'shipped', event: 'shipment.poll', to: 'shipped', at: later(9).toISOString(), meta: {} },
        { from: 'shipped', event: 'shipment.delivered', to: 'delivered', at: later(9).toISOString(), meta: {} },
      ],
    });
  });

  it('answers the last 200 rows of a long history', async () => {
    const ref = newRef('LINE');
    const t0 = new Date('2031-06-01T00:00:00Z');
    await server.db.insert(stateHistory).values(Array.from({ length: 205 }, (_, i) => ({
      chart: 'plan', entityRef: ref, fromState: 'main', event: `plan.cycle${i}`, toState: 'main', at: new Date(t0.getTime() + i * 1000),
    })));
    const { body } = await get<History>('/sandbox/api/studio/history', { chart: 'plan', ref });
    expect(body.data.history).toHaveLength(200);
    expect(body.data.history[0]!.event).toBe('plan.cycle5');
    expect(body.data.history.at(-1)!.event).toBe('plan.cycle204');
  });

  it('refuses a chart that is not a lifecycle, and an empty ref, in the request\'s language', async () => {
    for (const query of [{ chart: 'nope', ref: 'x' }, { chart: 'login', ref: 'x' }, { ref: 'x' }] as Record<string, string>[]) {
      const { status, body } = await get('/sandbox/api/studio/history', query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.code).toBe('validation');
      expect(body.message).toMatch(/^chart: \S/);
    }
    for (const query of [{ chart: 'shipment', ref: '   ' }, { chart: 'shipment' }, { chart: 'shipment', ref: 'x'.repeat(65) }] as Record<string, string>[]) {
      const { status, body } = await get('/sandbox/api/studio/history', query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.message).toMatch(/^Reference: \S/);
    }
    const recent = await get('/sandbox/api/studio/recent', { chart: 'checkout' });
    expect(recent.status).toBe(400);
    expect(recent.body.message).toMatch(/^chart: \S/);
    const zh = await get('/sandbox/api/studio/history', { chart: 'login', ref: 'x' }, 'zh-Hans');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toMatch(/^chart：/);
  });

  it('answers noRecord (404) for an entity with no history', async () => {
    const { status, body } = await get('/sandbox/api/studio/history', { chart: 'simLifecycle', ref: newRef('8901') });
    expect(status).toBe(404);
    expect(body.code).toBe('noRecord');
    expect(body.message).toBeTruthy();
  });

  it('lists the entities that moved last, newest first, once each, in their latest state', async () => {
    const prefix = newRef('RECENT');
    const t0 = new Date('2099-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    // Twelve entities, entity i last moving at minute 10 * i: the two oldest fall off the list of ten.
    await server.db.insert(stateHistory).values(Array.from({ length: 12 }, (_, i) => [
      { chart: 'service', entityRef: `${prefix}-${i}`, fromState: 'active', event: 'service.suspend', toState: 'suspended', at: at(10 * i - 5) },
      { chart: 'service', entityRef: `${prefix}-${i}`, fromState: 'suspended', event: 'service.restore', toState: 'active', at: at(10 * i) },
    ]).flat());
    // An older row written after the others: the entity's latest state stays the one of its newest row.
    await server.db.insert(stateHistory).values({ chart: 'service', entityRef: `${prefix}-11`, fromState: 'active', event: 'service.remove', toState: 'removed', at: at(1) });
    const { status, body } = await get<Recent>('/sandbox/api/studio/recent', { chart: 'service' });
    expect(status).toBe(200);
    expect(body.data.chart).toBe('service');
    expect(body.data.entities).toEqual(Array.from({ length: 10 }, (_, k) => ({ ref: `${prefix}-${11 - k}`, current: 'active', at: at(10 * (11 - k)).toISOString() })));
  });

  it('serves the model tests\' coverage report, or null before they ran', async () => {
    const { status, body } = await get<{ report: { charts: unknown[] } | null; writtenAt: string | null; source: string; problem?: string }>('/sandbox/api/studio/coverage');
    expect(status).toBe(200);
    expect(body.code).toBe('200');
    expect(body.data.source).toBe(COVERAGE_REPORT_FILE);
    if (body.data.report) {
      expect(Array.isArray(body.data.report.charts)).toBe(true);
      expect(body.data.writtenAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    } else if (body.data.writtenAt === null) {
      expect(body.data.problem).toBeUndefined();
    } else {
      expect(body.data.problem).toBeTruthy();
    }
  });
});

describe('readCoverageReport', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-coverage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives no report, and no problem, when the tests have not written one', async () => {
    expect(await readCoverageReport(join(dir, 'missing.json'))).toEqual({ report: null, writtenAt: null });
  });

  it('gives no report and says why for a file that is not one', async () => {
    const cut = join(dir, 'cut.json');
    await writeFile(cut, '{"generatedAt": "2031-01-01T00:00:00.000Z", "charts": [');
    expect(await readCoverageReport(cut)).toEqual({ report: null, writtenAt: (await stat(cut)).mtime.toISOString(), problem: 'The file is not valid JSON.' });
    const other = join(dir, 'other.json');
    await writeFile(other, '{"hello": 1}');
    expect(await readCoverageReport(other)).toMatchObject({ report: null, problem: 'The file has no list of charts.' });
  });

  it('gives the report as written and when it was written', async () => {
    const file = join(dir, 'model-coverage.json');
    const report = { generatedAt: '2031-01-01T00:00:00.000Z', charts: [{ chart: 'shipment', depth: 'pure', paths: 3 }] };
    await writeFile(file, JSON.stringify(report));
    expect(await readCoverageReport(file)).toEqual({ report, writtenAt: (await stat(file)).mtime.toISOString() });
  });
});
