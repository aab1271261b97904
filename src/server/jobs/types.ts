/** What a job handler receives and may answer (decision 0006). */
import type { Deps } from '../context';

export interface Job {
  id: number;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  /** This run included (the runner counts a run when it claims the job). */
  attempts: number;
}

/**
 * A handler answers nothing when the job is done, or:
 * - `retryAt`: not a failure, just not yet (the parcel has not shipped): run again then, without counting a try;
 * - `payload`: what the row keeps once done, so secrets the job carried (activation codes) do not stay in it.
 * A thrown error is a failed try: recorded in last_error and retried with backoff.
 */
export type JobOutcome = void | { retryAt?: Date; payload?: Record<string, unknown> };

export type JobHandler = (deps: Deps, job: Job) => Promise<JobOutcome>;

export interface RecurringJob {
  kind: string;
  everyMs: number;
}

/**
 * What the row of a job that gave up (its last try failed) keeps of its payload: a kind whose payload carries
 * secrets on their way to the buyer (activation codes, tracking codes) drops them, since no run will hand them on.
 */
export type GiveUpPayload = (payload: Record<string, unknown>) => Record<string, unknown>;
