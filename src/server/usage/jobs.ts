/** usage.collect: reads every activated line's usage from the network as the server's clock moves (decision 0021). */
import type { JobHandler, RecurringJob } from '../jobs/types';
import { collectAllUsage } from './collect';

export const USAGE_COLLECT_JOB = 'usage.collect';

export const usageJobHandlers: Record<string, JobHandler> = {
  [USAGE_COLLECT_JOB]: async (deps) => { await collectAllUsage(deps); },
};

/** Every 15 minutes: a page read in between reads on for its own customer first. */
export const usageRecurringJobs: readonly RecurringJob[] = [{ kind: USAGE_COLLECT_JOB, everyMs: 15 * 60_000 }];
