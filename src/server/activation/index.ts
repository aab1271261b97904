/**
 * Activation (issue 4): step 1 (the card and its code), numbers, the submit, port-in and its corrections, the jobs
 * that provision the line and expire cards, the activation emails, and the SIM cards themselves (ICCIDs and
 * activation-code digests, created by an order's fulfilment). Other areas, the composition roots and the SIM seed
 * use it through this index.
 */
export { activationJobHandlers, activationRecurringJobs } from './jobs';
export { activationRoutes } from './routes';
export { createSims, newIccid, type NewSim, simActivationCodeDigest } from './sims';
export { simStore } from './jobs';
// A replacement card (decision 0037) is proven by its code with activation's tries and lock.
export { simExpired, spendTry } from './check';
export { readActivationToken } from './token';
