import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/jobs/queue';
import { backoffMs, LEASE_MS, MAX_ATTEMPTS, runDueJobs, scheduleRecurringJobs, startJobRunner } from '../../src/server/jobs/runner';
import type { Job, JobHandler, RecurringJob } from '../../src/server/jobs/types';
import { startTestServer, testDatabases, type TestServer } from '../support/server';

let serial = 0;
const key = (name: string) => `${name}:${++serial}:${Math.random().toString(36).slice(2)}`;

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
};

describe.each(testDatabases())('job runner on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const deps = () => server.app.deps;
  const row = async (dedupeKey: string) => (await server.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0]!;
  const enqueue = (kind: string, dedupeKey: string, runAt = server.clock.now(), payload: Record<string, unknown> = {}) =>
    enqueueJob(server.db, { kind, dedupeKey, runAt, payload });

  it('runs a due job once, on the server clock, and marks it done', async () => {
    const ran: Job[] = [];
    const handlers = { 'test.record': (async (_d, job) => { ran.push(job); }) as JobHandler };
    const later = key('later');
    await enqueue('test.record', later, new Date(server.clock.now().getTime() + 60_000), { n: 1 });
    expect(await runDueJobs(deps(), { handlers })).toBe(0);
    server.clock.advance(60_000);
    expect(await runDueJobs(deps(), { handlers })).toBe(1);
    expect(await runDueJobs(deps(), { handlers })).toBe(0);
    expect(ran.map((j) => [j.dedupeKey, j.payload, j.attempts])).toEqual([[later, { n: 1 }, 1]]);
    expect(await row(later)).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
    expect((await row(later)).doneAt).not.toBeNull();
  });

  it('enqueues once per dedupe key, even after the job is done', async () => {
    const k = key('once');
    expect(await enqueue('test.record', k)).toBe(true);
    expect(await enqueue('test.record', k)).toBe(false);
    let runs = 0;
    await runDueJobs(deps(), { handlers: { 'test.record': async () => { runs += 1; } } });
    expect(await enqueue('test.record', k)).toBe(false);
    await runDueJobs(deps(), { handlers: { 'test.record': async () => { runs += 1; } } });
    expect(runs).toBe(1);
  });

  it('records a failure, retries with growing backoff, and gives up after the last try leaving the row to look at', async () => {
    const k = key('flaky');
    let calls = 0;
    const handlers = { 'test.fail': (async () => { calls += 1; throw Object.assign(new Error(`down ${calls}`), { code: 'UNAVAILABLE' }); }) as JobHandler };
    await enqueue('test.fail', k);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = server.clock.now().getTime();
      await runDueJobs(deps(), { handlers });
      expect(calls).toBe(attempt);
      const failed = await row(k);
      expect(failed).toMatchObject({ attempts: attempt, doneAt: null, lockedUntil: null, lastError: `Error UNAVAILABLE: down ${attempt}` });
      // The server clock keeps running while the test does: the wait starts when the try failed, a moment after `before`.
      expect(failed.runAt.getTime() - before).toBeGreaterThanOrEqual(backoffMs(attempt));
      expect(failed.runAt.getTime() - before).toBeLessThan(backoffMs(attempt) + 10_000);
      await runDueJobs(deps(), { handlers });
      expect(calls).toBe(attempt);
      server.clock.advance(backoffMs(attempt));
    }
    server.clock.advance(backoffMs(MAX_ATTEMPTS));
    await runDueJobs(deps(), { handlers });
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await row(k)).toMatchObject({ attempts: MAX_ATTEMPTS, doneAt: null, lastError: `Error UNAVAILABLE: down ${MAX_ATTEMPTS}` });
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(MAX_ATTEMPTS)).toBe(60 * 60_000);
  });

  it('"not yet" runs again at the time asked, without counting a try; "payload" replaces what the row keeps', async () => {
    const k = key('poll');
    const shipsAt = new Date(server.clock.now().getTime() + 5 * 60_000);
    let calls = 0;
    const handlers = {
      'test.poll': (async () => {
        calls += 1;
        return calls === 1 ? { retryAt: shipsAt } : { payload: { kept: true } };
      }) as JobHandler,
    };
    await enqueue('test.poll', k, server.clock.now(), { secret: '123456' });
    await runDueJobs(deps(), { handlers });
    expect(await row(k)).toMatchObject({ attempts: 0, doneAt: null, runAt: shipsAt, lastError: null });
    server.clock.advance(5 * 60_000);
    await runDueJobs(deps(), { handlers });
    expect(await row(k)).toMatchObject({ attempts: 1, payload: { kept: true } });
  });

  it("strips a job's secrets from its payload by its kind's give-up rule when the last try fails, and only then", async () => {
    const k = key('secret');
    await enqueue('test.secret', k, server.clock.now(), { orderNo: 'LB1', code: '123456' });
    const handlers = { 'test.secret': (async (d, job) => {
      // What a handler wrote to its row during the run counts too.
      await d.db.update(jobs).set({ payload: { ...job.payload, more: '654321' } }).where(eq(jobs.id, job.id));
      throw new Error('down');
    }) as JobHandler };
    const onGiveUp = { 'test.secret': (p: Record<string, unknown>) => ({ orderNo: p.orderNo }) };
    await runDueJobs(deps(), { handlers, onGiveUp });
    expect(await row(k)).toMatchObject({ attempts: 1, payload: { orderNo: 'LB1', code: '123456', more: '654321' } });
    await server.db.update(jobs).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(jobs.dedupeKey, k));
    server.clock.advance(backoffMs(MAX_ATTEMPTS));
    await runDueJobs(deps(), { handlers, onGiveUp });
    const given = await row(k);
    expect(given).toMatchObject({ attempts: MAX_ATTEMPTS, doneAt: null, lastError: 'Error: down' });
    expect(given.payload).toEqual({ orderNo: 'LB1' });
  });

  it('leaves a job leased by a runner that died alone until its lease ends, then runs it', async () => {
    const k = key('leased');
    await enqueue('test.record', k);
    await server.db.update(jobs).set({ lockedUntil: new Date(server.clock.now().getTime() + LEASE_MS), attempts: 1 }).where(eq(jobs.dedupeKey, k));
    let runs = 0;
    const handlers = { 'test.record': (async () => { runs += 1; }) as JobHandler };
    await runDueJobs(deps(), { handlers });
    expect(runs).toBe(0);
    server.clock.advance(LEASE_MS);
    await runDueJobs(deps(), { handlers });
    expect(runs).toBe(1);
    expect(await row(k)).toMatchObject({ attempts: 2, lockedUntil: null });
  });

  it('fails a job whose kind has no handler, keeping it visible', async () => {
    const k = key('unknown');
    await enqueue('test.nobody', k);
    await runDueJobs(deps(), { handlers: {} });
    expect((await row(k)).lastError).toBe('Error: no handler for job kind test.nobody');
    await server.db.update(jobs).set({ doneAt: server.clock.now() }).where(eq(jobs.dedupeKey, k));
  });

  it('runs a recurring job every period, one row however often it is scheduled, and never gives up on it', async () => {
    const kind = key('test.every');
    const recurring: RecurringJob[] = [{ kind, everyMs: 60_000 }];
    let calls = 0;
    const handlers = { [kind]: (async () => { calls += 1; if (calls === 2) throw new Error('provider down'); }) as JobHandler };
    await scheduleRecurringJobs(deps(), recurring);
    await scheduleRecurringJobs(deps(), recurring);
    expect(await server.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
    await runDueJobs(deps(), { handlers, recurring });
    expect(await row(kind)).toMatchObject({ doneAt: null, attempts: 0, lastError: null });
    const next = (await row(kind)).runAt.getTime() - server.clock.now().getTime();
    expect(next).toBeGreaterThan(50_000);
    expect(next).toBeLessThanOrEqual(60_000);
    server.clock.advance(60_000);
    await runDueJobs(deps(), { handlers, recurring });
    expect(await row(kind)).toMatchObject({ doneAt: null, attempts: 0, lastError: 'Error: provider down' });
    server.clock.advance(30_000);
    await runDueJobs(deps(), { handlers, recurring });
    expect(calls).toBe(3);
    expect(await row(kind)).toMatchObject({ lastError: null });
  });

  it("schedules the payments reconciliation every 60 s and runs H2's reconcilePayments", async () => {
    await scheduleRecurringJobs(deps());
    await runDueJobs(deps());
    const reconcile = await row('payments.reconcile');
    expect(reconcile).toMatchObject({ kind: 'payments.reconcile', doneAt: null, attempts: 0, lastError: null });
    expect(reconcile.runAt.getTime() - server.clock.now().getTime()).toBeGreaterThan(50_000);
  });

  it('stops its timer only after the job it is running has finished', async () => {
    const k = key('slow');
    const started = deferred();
    const release = deferred();
    let finished = false;
    await enqueue('test.slow', k);
    const runner = startJobRunner(deps(), {
      recurring: [],
      handlers: { 'test.slow': async () => { started.resolve(); await release.promise; finished = true; } },
    });
    await started.promise;
    let stopped = false;
    const stopping = runner.stop().then(() => { stopped = true; });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect((await row(k)).doneAt).not.toBeNull();
  });

  // The runners below poll once an hour: only the database's notification, their timer or their own jobs wake them.
  const HOUR = 60 * 60_000;

  it('picks up a job enqueued in a committed transaction at once, woken by its notification, not by a poll', async () => {
    const kind = key('test.wake');
    const ran = deferred();
    const runner = startJobRunner(deps(), { recurring: [], kinds: [kind], listen: server.listen, pollIntervalMs: HOUR, handlers: { [kind]: async () => { ran.resolve(); } } });
    try {
      await runner.ready;
      const k = key('wake');
      await server.db.transaction(async (tx) => {
        await enqueueJob(tx as unknown as typeof server.db, { kind, dedupeKey: k, runAt: server.clock.now() });
      });
      await ran.promise;
    } finally {
      await runner.stop();
    }
    expect((await server.db.select().from(jobs).where(eq(jobs.kind, kind)))[0]).toMatchObject({ attempts: 1, lockedUntil: null });
  }, 20_000);

  it('runs a job enqueued for later at its run_at on the server clock, never before, without a poll', async () => {
    const kind = key('test.at');
    const ran = deferred();
    let ranAt: Date | null = null;
    const runner = startJobRunner(deps(), {
      recurring: [], kinds: [kind], listen: server.listen, pollIntervalMs: HOUR,
      handlers: { [kind]: async () => { ranAt = deps().clock.now(); ran.resolve(); } },
    });
    try {
      await runner.ready;
      const runAt = new Date(server.clock.now().getTime() + 400);
      await enqueue(kind, key('at'), runAt);
      await ran.promise;
      expect(ranAt!.getTime()).toBeGreaterThanOrEqual(runAt.getTime());
    } finally {
      await runner.stop();
    }
  }, 20_000);

  it('runs up to its concurrency at once, never more, and every job once', async () => {
    const kind = key('test.parallel');
    const total = 7;
    const concurrency = 3;
    let now = 0;
    let most = 0;
    const runs: number[] = [];
    const full = deferred();
    const release = deferred();
    const allDone = deferred();
    const handlers = {
      [kind]: (async (_d, job) => {
        now += 1;
        most = Math.max(most, now);
        if (now === concurrency) full.resolve();
        await release.promise;
        runs.push(job.id);
        now -= 1;
        if (runs.length === total) allDone.resolve();
      }) as JobHandler,
    };
    const runner = startJobRunner(deps(), { recurring: [], kinds: [kind], listen: server.listen, pollIntervalMs: HOUR, concurrency, handlers });
    try {
      await runner.ready;
      // All due at once (one transaction): the runner takes as many as it has slots.
      await server.db.transaction(async (tx) => {
        for (let i = 0; i < total; i++) await enqueueJob(tx as unknown as typeof server.db, { kind, dedupeKey: key('parallel'), runAt: server.clock.now() });
      });
      await full.promise;
      // Every slot is taken: notifications and wakes meanwhile claim nothing more.
      runner.wake();
      await enqueue(kind, key('parallel.extra'), new Date(server.clock.now().getTime() + HOUR));
      await server.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, kind));
      expect(now).toBe(concurrency);
      release.resolve();
      await allDone.promise;
    } finally {
      release.resolve();
      await runner.stop();
    }
    expect(most).toBe(concurrency);
    expect(new Set(runs).size).toBe(total);
  }, 20_000);
});

/** On PostgreSQL the two runners claim on two connections at once, as two gateway instances do. */
describe.each(testDatabases())('two job runners sharing one database on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  it('never run one job twice, nor at the same time, while both work through the queue', async () => {
    const total = 40;
    for (let i = 0; i < total; i++) await enqueueJob(server.db, { kind: 'test.busy', dedupeKey: key('busy'), runAt: server.clock.now(), payload: { i } });
    const running = new Set<number>();
    const runs: { id: number; runner: string }[] = [];
    let overlaps = 0;
    const handler = (runner: string): JobHandler => async (_d, job) => {
      if (running.has(job.id)) overlaps += 1;
      running.add(job.id);
      runs.push({ id: job.id, runner });
      // Yield to the other runner (its claim queries run meanwhile on another connection).
      await server.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id));
      running.delete(job.id);
    };
    const [a, b] = await Promise.all([
      runDueJobs(server.app.deps, { handlers: { 'test.busy': handler('a') } }),
      runDueJobs(server.app.deps, { handlers: { 'test.busy': handler('b') } }),
    ]);
    expect(a + b).toBe(total);
    expect(new Set(runs.map((r) => r.id)).size).toBe(total);
    expect(overlaps).toBe(0);
    // Both took part: the claim skipped the row the other held instead of waiting for it.
    expect(runs.some((r) => r.runner === 'a')).toBe(true);
    expect(runs.some((r) => r.runner === 'b')).toBe(true);
  });

  it('two gateways\' runners, 4 jobs at once each, woken by notifications, run each of 60 jobs exactly once', async () => {
    const kind = key('test.shared');
    const total = 60;
    const runs: { id: number; runner: string }[] = [];
    const running = new Set<number>();
    let overlaps = 0;
    const allDone = deferred();
    const handler = (runner: string): JobHandler => async (_d, job) => {
      if (running.has(job.id)) overlaps += 1;
      running.add(job.id);
      await server.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id));
      running.delete(job.id);
      runs.push({ id: job.id, runner });
      if (runs.length === total) allDone.resolve();
    };
    const start = (name: string) => startJobRunner(server.app.deps, {
      recurring: [], kinds: [kind], listen: server.listen, pollIntervalMs: 60 * 60_000, concurrency: 4, handlers: { [kind]: handler(name) },
    });
    const [a, b] = [start('a'), start('b')];
    try {
      await Promise.all([a.ready, b.ready]);
      // One transaction, one notification: both runners wake to 60 due jobs.
      await server.db.transaction(async (tx) => {
        for (let i = 0; i < total; i++) await enqueueJob(tx as unknown as typeof server.db, { kind, dedupeKey: key('shared'), runAt: server.clock.now(), payload: { i } });
      });
      await allDone.promise;
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(runs).toHaveLength(total);
    expect(new Set(runs.map((r) => r.id)).size).toBe(total);
    expect(overlaps).toBe(0);
    expect(runs.some((r) => r.runner === 'a')).toBe(true);
    expect(runs.some((r) => r.runner === 'b')).toBe(true);
    const rows = await server.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows.filter((r) => r.doneAt && r.attempts === 1)).toHaveLength(total);
  }, 30_000);
});
