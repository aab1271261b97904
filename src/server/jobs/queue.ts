/**
 * Enqueues a durable job in the caller's transaction (decision 0006): the change that causes an effect and the
 * job that performs it commit together or not at all. `dedupeKey` makes enqueueing idempotent: a second enqueue
 * with the same key is a no-op, so a retried request never schedules an effect twice.
 *
 * A new job also NOTIFYs JOBS_CHANNEL in the same transaction (decision 0014): PostgreSQL delivers it at commit to
 * every gateway LISTENing (PGlite to its own process), nothing on rollback, so runners pick the job up at once
 * instead of at their next poll, and re-aim their timers at it when it is due later.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs } from '../db/schema';

/** The channel runners LISTEN on; a notification says "a job was enqueued", its payload is empty. */
export const JOBS_CHANNEL = 'jobs_enqueued';

export interface JobRequest {
  /** Handler name, registered in its area's jobs.ts and gathered in src/server/jobs/handlers.ts (e.g. 'order.fulfil'). */
  kind: string;
  /** Unique per effect, e.g. `order.fulfil:<orderNo>`. */
  dedupeKey: string;
  payload?: Record<string, unknown>;
  /** When it may run; now when absent. */
  runAt: Date;
}

/** Answers true when this call created the job, false when a job with this dedupe key already existed. */
export async function enqueueJob(db: Db, job: JobRequest): Promise<boolean> {
  const created = await db.insert(jobs)
    .values({ kind: job.kind, dedupeKey: job.dedupeKey, payload: job.payload ?? {}, runAt: job.runAt, createdAt: job.runAt })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  // One payload for all: PostgreSQL folds the notifications of one transaction into one.
  if (created.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return created.length > 0;
}
