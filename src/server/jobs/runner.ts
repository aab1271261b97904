/**
 * The job runner (issue 3, owned by the fulfilment work): runs due rows of `jobs` on the server's clock.
 * SKELETON: replaced by the real runner.
 */
import type { Deps } from '../context';

export function startJobRunner(_deps: Deps): { stop(): Promise<void> } {
  return { stop: async () => undefined };
}
