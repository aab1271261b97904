/**
 * Reconciliation (decision 0006): finds payments left 'pending' (the process died between the provider's charge
 * and the gateway's commit, or a WeChat notification never came) and settles them from what the provider says.
 * SKELETON: filled by the orders and payments work.
 */
import type { Deps } from '../context';

/** Settles pending payments older than a grace period; answers how many it settled. Run by the job runner. */
export async function reconcilePayments(_deps: Deps): Promise<{ settled: number }> {
  throw new Error('reconciliation not built yet');
}
