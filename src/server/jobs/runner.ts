/**
 * The job runner (decisions 0006 and 0014): claims due rows of `jobs` with `FOR UPDATE SKIP LOCKED` and a lease
 * (locked_until), on the server's clock, runs the handler its kind names, then marks it done, or records the error
 * and retries it later with backoff, giving up after MAX_ATTEMPTS (the row stays, with its error, for someone to
 * look at, its payload stripped of secrets by its kind's give-up rule). The claim is one UPDATE: two runners, in one
 * process or in several gateway instances on one PostgreSQL, never hold the same job at once; on PGlite (one
 * connection) the statement is atomic anyway.
 *
 * `npm start` runs startJobRunner: up to `concurrency` jobs at once, started as soon as they are due. It wakes when a
 * job is enqueued (enqueueJob NOTIFYs at commit; every gateway LISTENs), when one of its jobs ends, at the run_at
 * of the next job due (a timer on the server's clock) and, whatever else happens, every POLL_INTERVAL_MS. Tests run
 * runDueJobs by hand after moving the clock.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db, Listen } from '../db/database';
import { jobs } from '../db/schema';
import { enqueueJob, JOBS_CHANNEL } from './queue';
import { jobGiveUpPayloads, jobHandlers, recurringJobs } from './handlers';
import type { GiveUpPayload, Job, JobHandler, JobOutcome, RecurringJob } from './types';

/** Long enough for any handler (they call sandboxes and providers with their own timeouts); a crashed runner's job is picked up after it. */
export const LEASE_MS = 5 * 60_000;
/** About a day of tries with the backoff below (the eSIM failure email promises the QR code within 24 hours). */
export const MAX_ATTEMPTS = 30;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** One call never runs more than this many jobs, so a handler that keeps enqueueing cannot hold it forever. */
const MAX_JOBS_PER_CALL = 500;

/** 30 s, 1 min, 2 min ... capped at 1 h: the n-th failed try waits twice as long as the one before. */
export const backoffMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

export interface RunnerOptions {
  handlers?: Record<string, JobHandler>;
  /** Per kind, what a job that gives up keeps of its payload (the registry's by default). */
  onGiveUp?: Record<string, GiveUpPayload>;
  /** Only jobs of these kinds (all kinds when absent). */
  kinds?: readonly string[];
  recurring?: readonly RecurringJob[];
  log?: { error(obj: object, msg: string): void };
}

interface Claimed extends Job { leaseUntil: Date }

/** What a claim can take: due, not done, tries left, and not leased to a runner whose lease still runs. */
const claimable = (now: Date, kinds?: readonly string[]) => and(
  isNull(jobs.doneAt), lte(jobs.runAt, now), lt(jobs.attempts, MAX_ATTEMPTS),
  or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
  kinds ? inArray(jobs.kind, [...kinds]) : undefined,
);

/** Leases up to `limit` due jobs, the longest due first, in one statement. */
async function claimDue(db: Db, now: Date, limit: number, kinds?: readonly string[]): Promise<Claimed[]> {
  // A CTE with FOR UPDATE is evaluated exactly once; an `IN (subquery ... LIMIT n)` may be re-run by the planner
  // and lock more rows than it updates.
  const next = db.$with('next').as(db.select({ id: jobs.id }).from(jobs)
    .where(claimable(now, kinds))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true }));
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const rows = await db.with(next).update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseUntil })
    .from(next)
    .where(eq(jobs.id, next.id))
    .returning({ id: jobs.id, kind: jobs.kind, dedupeKey: jobs.dedupeKey, payload: jobs.payload, attempts: jobs.attempts, runAt: jobs.runAt });
  // UPDATE ... RETURNING keeps no order: the longest due runs first.
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
    .map(({ runAt: _runAt, ...job }) => ({ ...job, leaseUntil }));
}

/**
 * When the next job this runner could take becomes claimable: its run_at, or the end of the lease a runner holds on
 * it. Null when none is waiting (a job with no tries left waits for nobody).
 */
async function nextDueAt(db: Db, kinds?: readonly string[]): Promise<Date | null> {
  const [row] = await db.select({ at: sql<Date | null>`min(greatest(${jobs.runAt}, coalesce(${jobs.lockedUntil}, ${jobs.runAt})))`.mapWith(jobs.runAt) })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lt(jobs.attempts, MAX_ATTEMPTS), kinds ? inArray(jobs.kind, [...kinds]) : undefined));
  return row?.at ?? null;
}

/** Only the runner still holding the lease writes the outcome: a job whose lease ran out belongs to whoever took it next. */
const stillOurs = (job: Claimed) => and(eq(jobs.id, job.id), eq(jobs.lockedUntil, job.leaseUntil));

async function finish(deps: Deps, job: Claimed, outcome: JobOutcome, recurring: RecurringJob | undefined) {
  const now = deps.clock.now();
  if (outcome?.retryAt) {
    await deps.db.update(jobs).set({ runAt: outcome.retryAt, lockedUntil: null, attempts: sql`${jobs.attempts} - 1`, lastError: null })
      .where(stillOurs(job));
  } else if (recurring) {
    await deps.db.update(jobs).set({ runAt: new Date(now.getTime() + recurring.everyMs), lockedUntil: null, attempts: 0, lastError: null })
      .where(stillOurs(job));
  } else {
    await deps.db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: null, ...(outcome?.payload ? { payload: outcome.payload } : {}) })
      .where(stillOurs(job));
  }
}

/** The payload as the row holds it now (a handler may have written to it during its run), without its secrets. */
async function payloadGivenUp(deps: Deps, job: Claimed, onGiveUp: GiveUpPayload | undefined): Promise<Record<string, unknown> | null> {
  if (!onGiveUp) return null;
  const [row] = await deps.db.select({ payload: jobs.payload }).from(jobs).where(stillOurs(job));
  return row ? onGiveUp(row.payload) : null;
}

async function fail(deps: Deps, job: Claimed, error: unknown, recurring: RecurringJob | undefined, onGiveUp: GiveUpPayload | undefined) {
  const now = deps.clock.now();
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}` : String(error);
  // A recurring job never gives up: it waits its backoff, at most its own period, and tries again.
  const wait = recurring ? Math.min(backoffMs(job.attempts), recurring.everyMs) : backoffMs(job.attempts);
  // That was the last try: nothing will run this job again, so it keeps nothing secret (decision 0007).
  const kept = !recurring && job.attempts >= MAX_ATTEMPTS ? await payloadGivenUp(deps, job, onGiveUp) : null;
  await deps.db.update(jobs).set({
    runAt: new Date(now.getTime() + wait), lockedUntil: null, lastError: message.slice(0, 2000),
    ...(recurring ? { attempts: 0 } : {}), ...(kept ? { payload: kept } : {}),
  }).where(stillOurs(job));
}

/** Runs one claimed job to its outcome: done, again later ("not yet", or its next period), or a failed try. */
async function runClaimed(deps: Deps, job: Claimed, options: RunnerOptions): Promise<void> {
  const every = (options.recurring ?? recurringJobs).find((r) => r.kind === job.kind);
  const handler = (options.handlers ?? jobHandlers)[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await finish(deps, job, await handler(deps, job), every);
  } catch (error) {
    options.log?.error({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
    await fail(deps, job, error, every, (options.onGiveUp ?? jobGiveUpPayloads)[job.kind]);
  }
}

/** Runs every job due on the server's clock, one after the other, including jobs they enqueue for now. Answers how many ran. */
export async function runDueJobs(deps: Deps, options: RunnerOptions = {}): Promise<number> {
  let ran = 0;
  while (ran < MAX_JOBS_PER_CALL) {
    const [job] = await claimDue(deps.db, deps.clock.now(), 1, options.kinds);
    if (!job) break;
    ran += 1;
    await runClaimed(deps, job, options);
  }
  return ran;
}

/** Makes sure each recurring job has its row (one per kind, whatever the number of gateway instances). */
export async function scheduleRecurringJobs(deps: Deps, recurring: readonly RecurringJob[] = recurringJobs): Promise<void> {
  for (const r of recurring) await enqueueJob(deps.db, { kind: r.kind, dedupeKey: r.kind, runAt: deps.clock.now() });
}

/** The longest the runner sleeps whatever it expects: a missed notification, a moved clock, another gateway's lease. */
export const POLL_INTERVAL_MS = 1000;
/** Jobs one gateway runs at once by default (JOB_CONCURRENCY); a PostgreSQL pool holds 10 connections. */
export const DEFAULT_JOB_CONCURRENCY = 4;

export interface JobRunnerOptions extends RunnerOptions {
  /** How many jobs run at once in this process (DEFAULT_JOB_CONCURRENCY). */
  concurrency?: number;
  /** The database's LISTEN (Database.listen): without it, the runner still wakes on its own jobs, timers and polls. */
  listen?: Listen;
  /** The longest sleep (POLL_INTERVAL_MS); tests make it long to show what else wakes the runner. */
  pollIntervalMs?: number;
}

export interface JobRunner {
  /** Resolves once the recurring jobs are scheduled, the listener is set up and the first look for due jobs is over. */
  ready: Promise<void>;
  /** Looks for due jobs now (enqueueJob's NOTIFY calls it through the listener). */
  wake(): void;
  /** Ends the timers and the listener, then waits for the jobs running now, so a shutdown never cuts one in half. */
  stop(): Promise<void>;
}

/**
 * `npm start` (config.jobs 'auto'): keeps up to `concurrency` jobs running. Each wake claims as many due jobs as there
 * are free slots in one statement; a job ending frees its slot and wakes it again. When nothing more is due, it
 * sleeps until the next run_at on the server's clock, or POLL_INTERVAL_MS, whichever comes first.
 */
export function startJobRunner(deps: Deps, options: JobRunnerOptions = {}): JobRunner {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_JOB_CONCURRENCY));
  const pollMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let filling: Promise<void> | null = null;
  /** Set by every wake: a fill that started before it looks again. */
  let again = false;
  let listener: Promise<{ close(): Promise<void> } | null> = Promise.resolve(null);

  const sleepUntil = (at: Date | null) => {
    if (timer) clearTimeout(timer);
    const wait = at ? Math.min(pollMs, Math.max(0, at.getTime() - deps.clock.now().getTime())) : pollMs;
    timer = setTimeout(wake, wait);
  };

  const start = (job: Claimed) => {
    const run: Promise<void> = runClaimed(deps, job, options)
      .catch((error: unknown) => options.log?.error({ err: error, job: { id: job.id, kind: job.kind } }, 'job outcome not recorded'))
      .finally(() => { running.delete(run); wake(); });
    running.add(run);
  };

  async function fill() {
    while (again && !stopped) {
      again = false;
      let free = concurrency - running.size;
      while (free > 0 && !stopped) {
        const claimed = await claimDue(deps.db, deps.clock.now(), free, options.kinds);
        // Claimed: they run, even if stop() came meanwhile (it waits for them).
        claimed.forEach(start);
        if (claimed.length < free) break;
        free = concurrency - running.size;
      }
      // Every slot busy: the next job to end wakes the runner. Otherwise, sleep until the next one is due.
      if (running.size < concurrency && !stopped) sleepUntil(await nextDueAt(deps.db, options.kinds));
    }
  }

  function wake() {
    if (stopped) return;
    again = true;
    if (filling) return;
    filling = fill()
      .catch((error: unknown) => {
        options.log?.error({ err: error }, 'job runner failed');
        if (!stopped) sleepUntil(null);
      })
      .finally(() => {
        filling = null;
        if (again) wake();
      });
  }

  if (options.listen) {
    listener = options.listen(JOBS_CHANNEL, wake).catch((error: unknown) => {
      options.log?.error({ err: error }, 'job runner: no wake-ups from the database, polling only');
      return null;
    });
  }
  const started = scheduleRecurringJobs(deps, options.recurring)
    .catch((error: unknown) => options.log?.error({ err: error }, 'could not schedule recurring jobs'))
    .finally(wake);
  const ready = Promise.all([started, listener]).then(() => filling ?? undefined);

  return {
    ready,
    wake,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await started;
      await (await listener)?.close();
      await filling;
      await Promise.all(running);
    },
  };
}
