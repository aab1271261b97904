/**
 * Limits: every limit of the gateway goes through here (rules.ts lists them). A request takes one hit of each limit
 * that applies to it in one atomic step, checked and counted together, in the database or in Redis when REDIS_URL
 * is set, so the limits are the same for every gateway sharing them (decision 0015).
 */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimited } from '../http/errors';
import type { LimitRule } from './rules';
import { insured, redisStore } from './redisStore';
import { databaseStore, type Counter, type LimitStore, type Verdict } from './store';

export { apiRule, LOGIN_WINDOW_MS, RULES, type LimitRule } from './rules';
export { emailSubject, ipSubject, phonePrefixSubject, phoneSubject } from './subjects';
export type { Verdict } from './store';

/** One limit applied to one subject (already normalized: subjects.ts). */
export interface Hit {
  readonly rule: LimitRule;
  readonly subject: string;
}

export const hit = (rule: LimitRule, subject: string): Hit => ({ rule, subject });

export interface Limits {
  /** Where the counters live. */
  readonly store: 'database' | 'redis';
  /**
   * Takes one of each limit, all or none. With `tx`, in the caller's transaction when the counters are in the
   * database (then kept only if it commits); Redis counts at once.
   */
  take(hits: readonly Hit[], options?: { tx?: Db }): Promise<Verdict>;
  /** Gives back what a hit took (an attempt that turned out not to count, such as a right password). */
  refund(hits: readonly Hit[]): Promise<void>;
  /** Empties the counters (a password reset lifts the account's lockout). */
  clear(hits: readonly Hit[]): Promise<void>;
  close(): Promise<void>;
}

const keyOf = (h: Hit) => `${h.rule.id}:${h.subject}`;
const counterOf = (h: Hit): Counter => ({ key: keyOf(h), max: h.rule.max, windowMs: h.rule.windowMs, lockMs: h.rule.lockMs ?? 0 });

export function limitsOn(store: LimitStore): Limits {
  return {
    store: store.kind,
    take: (hits, options) => store.hit(hits.map(counterOf), options?.tx),
    refund: (hits) => store.refund(hits.map(keyOf)),
    clear: (hits) => store.clear(hits.map(keyOf)),
    close: () => store.close(),
  };
}

export interface LimitsOptions {
  db: Db;
  clock: Clock;
  /** Counters in Redis; otherwise in the database. */
  redisUrl?: string;
  /** Prepended to Redis keys. */
  redisKeyPrefix?: string;
  log?: { error(details: object, message: string): void };
}

/** How often a failing Redis is reported: once when it starts failing, then at most once a minute. */
const REPORT_EVERY_MS = 60_000;

export async function createLimits(options: LimitsOptions): Promise<Limits> {
  const database = databaseStore(options.db, options.clock);
  if (!options.redisUrl) return limitsOn(database);
  const report = (what: string) => {
    let reportedAt = -Infinity;
    return (error: unknown) => {
      const now = options.clock.now().getTime();
      if (now - reportedAt < REPORT_EVERY_MS) return;
      reportedAt = now;
      options.log?.error({ err: error }, what);
    };
  };
  const redis = await redisStore({
    url: options.redisUrl, keyPrefix: options.redisKeyPrefix ?? 'linkbridge:limits:', clock: options.clock,
    onError: report('limits: Redis connection failed'),
  });
  return limitsOn(insured(redis, database, report('limits: Redis failed, counting in the database meanwhile')));
}

/**
 * The guard of a limit that nothing ever clears or refunds (the per-IP request limit): a subject refused stays refused
 * here until its window closes, without asking the store again, so a flood costs the store nothing. Only refusals
 * are remembered, and the window cannot reopen early, so no gateway lets more through for it.
 */
export function guard(limits: Limits, rule: LimitRule, clock: Clock, remember = 10_000): (subject: string) => Promise<void> {
  const refusedUntil = new Map<string, number>();
  return async (subject) => {
    const now = clock.now().getTime();
    const until = refusedUntil.get(subject);
    if (until !== undefined && until > now) throw rateLimited(until - now);
    refusedUntil.delete(subject);
    const verdict = await limits.take([hit(rule, subject)]);
    if (verdict.allowed) return;
    if (refusedUntil.size >= remember) {
      for (const [key, end] of refusedUntil) if (end <= now || refusedUntil.size >= remember) refusedUntil.delete(key);
    }
    refusedUntil.set(subject, now + verdict.retryAfterMs);
    throw rateLimited(verdict.retryAfterMs);
  };
}

/** Takes one of each limit or throws 429 (with Retry-After): 'loginThrottled' for the login's limits. */
export async function enforce(
  limits: Limits, hits: readonly Hit[], options: { tx?: Db; code?: 'rateLimited' | 'loginThrottled' } = {},
): Promise<void> {
  const verdict = await limits.take(hits, { tx: options.tx });
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs, options.code);
}
