/**
 * The job runner (decision 0006): claims due rows of `jobs` one at a time with `FOR UPDATE SKIP LOCKED` and a
 * lease (locked_until), on the server's clock, runs the handler its kind names, then marks it done, or records
 * the error and retries it later with backoff, giving up after MAX_ATTEMPTS (the row stays, with its error, for
 * someone to look at, its payload stripped of secrets by its kind's give-up rule). The claim is one UPDATE: two runners, in one process or in several gateway instances on
 * one PostgreSQL, never hold the same job at once; on PGlite (one connection) the statement is atomic anyway.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { jobs } from '../db/schema';
import { enqueueJob } from './queue';
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

async function claimNext(db: Db, now: Date, kinds?: readonly string[]): Promise<Claimed | null> {
  // A CTE with FOR UPDATE is evaluated exactly once; an `IN (subquery ... LIMIT 1)` may be re-run by the planner
  // and lock more rows than it updates.
  const next = db.$with('next').as(db.select({ id: jobs.id }).from(jobs)
    .where(and(
      isNull(jobs.doneAt), lte(jobs.runAt, now), lt(jobs.attempts, MAX_ATTEMPTS),
      or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
      kinds ? inArray(jobs.kind, [...kinds]) : undefined,
    ))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true }));
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const [row] = await db.with(next).update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseUntil })
    .from(next)
    .where(eq(jobs.id, next.id))
    .returning({ id: jobs.id, kind: jobs.kind, dedupeKey: jobs.dedupeKey, payload: jobs.payload, attempts: jobs.attempts });
  return row ? { ...row, leaseUntil } : null;
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

/** Runs every job due on the server's clock, one after the other, including jobs they enqueue for now. Answers how many ran. */
export async function runDueJobs(deps: Deps, options: RunnerOptions = {}): Promise<number> {
  const handlers = options.handlers ?? jobHandlers;
  const recurring = options.recurring ?? recurringJobs;
  let ran = 0;
  while (ran < MAX_JOBS_PER_CALL) {
    const job = await claimNext(deps.db, deps.clock.now(), options.kinds);
    if (!job) break;
    ran += 1;
    const every = recurring.find((r) => r.kind === job.kind);
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await finish(deps, job, await handler(deps, job), every);
    } catch (error) {
      options.log?.error({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
      await fail(deps, job, error, every, (options.onGiveUp ?? jobGiveUpPayloads)[job.kind]);
    }
  }
  return ran;
}

/** Makes sure each recurring job has its row (one per kind, whatever the number of gateway instances). */
export async function scheduleRecurringJobs(deps: Deps, recurring: readonly RecurringJob[] = recurringJobs): Promise<void> {
  for (const r of recurring) await enqueueJob(deps.db, { kind: r.kind, dedupeKey: r.kind, runAt: deps.clock.now() });
}

/** How often the timer looks for due jobs. */
export const POLL_INTERVAL_MS = 1000;

/**
 * `npm start` (config.jobs 'auto'): looks for due jobs every second. stop() ends the timer and waits for the
 * job running now, so a shutdown never cuts a job in half.
 */
export function startJobRunner(deps: Deps, options: RunnerOptions = {}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runDueJobs(deps, options)
      .catch((error: unknown) => options.log?.error({ err: error }, 'job runner failed'))
      .finally(() => { if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS); });
  };
  running = scheduleRecurringJobs(deps, options.recurring)
    .catch((error: unknown) => options.log?.error({ err: error }, 'could not schedule recurring jobs'))
    .finally(() => { if (!stopped) tick(); });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
