/**
 * Where the counters live: the database (this file) or Redis (redisStore.ts). Both do the same thing in one atomic
 * step: count one hit on every counter of a request if each has room, or count nothing and say how long until the
 * fullest one has room again. Windows are measured on the gateway clock, never the machine's.
 */
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

export interface Counter {
  readonly key: string;
  readonly max: number;
  readonly windowMs: number;
  /** 0: none. Else the hit that fills the counter keeps it full until this long after that hit. */
  readonly lockMs: number;
}

export type Verdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

export interface LimitStore {
  readonly kind: 'database' | 'redis';
  /**
   * Counts one on each counter, all or none. With `tx` (database store), the counting is part of the caller's
   * transaction: it is kept only if that transaction commits.
   */
  hit(counters: readonly Counter[], tx?: Db): Promise<Verdict>;
  /** Gives one back to each counter still open (an attempt that turned out not to count). */
  refund(keys: readonly string[]): Promise<void>;
  /** Forgets the counters. */
  clear(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export const ALLOWED: Verdict = { allowed: true };

/** How long until every full counter has room again, from their rows: the longest wait of those that are full. */
export const waitOf = (counters: readonly Counter[], rows: readonly { key: string; points: number; endsAt: number }[], now: number): number =>
  Math.max(1, ...rows.filter((row) => row.endsAt > now && row.points >= (counters.find((c) => c.key === row.key)?.max ?? Infinity))
    .map((row) => row.endsAt - now));

/** Counters are always taken in key order, so two requests that share some never wait for each other in a circle. */
export const inKeyOrder = (counters: readonly Counter[]): Counter[] => [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Rolls back the counting of a request that met a full counter. */
class Refused extends Error {}

/**
 * The database store: a row per counter (rate_limits). Counting is one INSERT ... ON CONFLICT DO UPDATE per counter
 * whose update applies only while the counter has room, so the row lock PostgreSQL takes on the conflicting row
 * serializes every request on that counter, across connections and gateways. Several counters are counted in one
 * transaction (a savepoint inside the caller's), rolled back as a whole when one of them is full.
 */
export function databaseStore(db: Db, clock: Clock, options: { pruneEveryMs?: number } = {}): LimitStore {
  /** Counts one on the counter if it has room; answers whether it did. */
  async function countOne(conn: Db, counter: Counter, now: Date): Promise<boolean> {
    const windowEnd = new Date(now.getTime() + counter.windowMs);
    const lockEnd = counter.lockMs > 0 ? new Date(now.getTime() + counter.lockMs) : null;
    // A counter of one that locks is full, and locked, from its first hit.
    const firstEnd = lockEnd && counter.max <= 1 && lockEnd > windowEnd ? lockEnd : windowEnd;
    const closed = sql`${rateLimits.expiresAt} <= ${at(now)}`;
    const counted = await conn.insert(rateLimits).values({ key: counter.key, points: 1, expiresAt: firstEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`case when ${closed} then 1 else ${rateLimits.points} + 1 end`,
          expiresAt: lockEnd
            ? sql`case when ${closed} then ${at(firstEnd)} when ${rateLimits.points} + 1 >= ${counter.max} then greatest(${rateLimits.expiresAt}, ${at(lockEnd)}) else ${rateLimits.expiresAt} end`
            : sql`case when ${closed} then ${at(firstEnd)} else ${rateLimits.expiresAt} end`,
        },
        setWhere: sql`${closed} or ${rateLimits.points} < ${counter.max}`,
      })
      .returning({ key: rateLimits.key });
    return counted.length > 0;
  }

  async function refusal(conn: Db, counters: readonly Counter[], now: Date): Promise<number> {
    const rows = await conn.select({ key: rateLimits.key, points: rateLimits.points, expiresAt: rateLimits.expiresAt }).from(rateLimits)
      .where(inArray(rateLimits.key, counters.map((c) => c.key)));
    return waitOf(counters, rows.map((r) => ({ key: r.key, points: r.points, endsAt: r.expiresAt.getTime() })), now.getTime());
  }

  // Closed windows are empty already; their rows are deleted now and then so the table stays the size of the traffic.
  const prune = setInterval(() => {
    db.delete(rateLimits).where(lte(rateLimits.expiresAt, clock.now())).catch(() => { /* the next round tries again */ });
  }, options.pruneEveryMs ?? 5 * 60_000);
  prune.unref();

  return {
    kind: 'database',
    async hit(counters, tx) {
      const now = clock.now();
      const ordered = inKeyOrder(counters);
      if (ordered.length === 0) return ALLOWED;
      if (ordered.length === 1 && !tx) {
        return (await countOne(db, ordered[0]!, now)) ? ALLOWED : { allowed: false, retryAfterMs: await refusal(db, ordered, now) };
      }
      try {
        await (tx ?? db).transaction(async (inner) => {
          const conn = inner as unknown as Db;
          for (const counter of ordered) {
            if (!(await countOne(conn, counter, now))) throw new Refused();
          }
        });
        return ALLOWED;
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        // Read after the rollback: what this request counted on the others is undone, so the wait is theirs alone.
        return { allowed: false, retryAfterMs: await refusal(tx ?? db, ordered, now) };
      }
    },
    async refund(keys) {
      if (keys.length === 0) return;
      await db.update(rateLimits).set({ points: sql`${rateLimits.points} - 1` })
        .where(and(inArray(rateLimits.key, [...keys]), gt(rateLimits.points, 0), gt(rateLimits.expiresAt, clock.now())));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
    },
    async close() {
      clearInterval(prune);
    },
  };
}
