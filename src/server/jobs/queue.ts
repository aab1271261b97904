/**
 * Enqueues a durable job in the caller's transaction (decision 0006): the change that causes an effect and the
 * job that performs it commit together or not at all. `dedupeKey` makes enqueueing idempotent: a second enqueue
 * with the same key is a no-op, so a retried request never schedules an effect twice.
 */
import type { Db } from '../db/database';
import { jobs } from '../db/schema';

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
  return created.length > 0;
}
