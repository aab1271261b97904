/**
 * Seeding skipped when already done (decision 0024). A start from the prebuilt server bundle (`npm start`) knows a
 * hash of the gateway's code; when the last seed was made by the same code, with the same pepper and sandbox setting,
 * less than RESEED_AFTER_MS ago on the server clock, there is nothing to write: the catalogue is the code's, the demo
 * customer exists, and the test SIMs' dates (moved to the seed's clock, so "fresh" stays fresh) are at most that old.
 * Any other start seeds as before (the seed is idempotent) and records what it was made from.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { seedState } from './schema';

export const RESEED_AFTER_MS = 60 * 60_000;
const NAME = 'seed';

/** What a seed is made from; null when the code is not known by a hash (tsx, tests): such a start always seeds. */
export const seedFingerprint = (serverBuild: string | null | undefined, pepper: string, sandbox: boolean): string | null =>
  serverBuild ? createHash('sha256').update(JSON.stringify([serverBuild, createHash('sha256').update(pepper).digest('hex'), sandbox])).digest('hex') : null;

/** Runs `seed` unless the same fingerprint was seeded recently; answers whether it ran. */
export async function seedUnlessDone(db: Db, fingerprint: string | null, now: Date, seed: () => Promise<void>): Promise<boolean> {
  if (fingerprint) {
    const [last] = await db.select().from(seedState).where(eq(seedState.name, NAME));
    const age = last ? now.getTime() - last.seededAt.getTime() : Infinity;
    if (last?.fingerprint === fingerprint && age >= 0 && age < RESEED_AFTER_MS) return false;
  }
  await seed();
  if (fingerprint) {
    await db.insert(seedState).values({ name: NAME, fingerprint, seededAt: now })
      .onConflictDoUpdate({ target: seedState.name, set: { fingerprint, seededAt: now } });
  } else {
    // Seeded by code the hash does not describe: the next bundled start seeds again.
    await db.delete(seedState).where(eq(seedState.name, NAME));
  }
  return true;
}
