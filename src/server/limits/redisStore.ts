/**
 * The Redis store (REDIS_URL): a hash per counter { points, ends }, `ends` on the gateway clock (ms), counted by one
 * Lua script per request, which Redis runs alone: every counter has room and each counts one, or none counts. Keys
 * expire in Redis when their window closes (the TTL only cleans up: the window is read from `ends`).
 */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { ALLOWED, inKeyOrder, type Counter, type LimitStore } from './store';

/** KEYS: the counters. ARGV[1]: now; then max, windowMs and lockMs of each counter. Answers 0, or the wait in ms. */
const HIT = `
local now = tonumber(ARGV[1])
local points, ends = {}, {}
local wait = 0
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[3 * i - 1])
  local stored = redis.call('HMGET', key, 'points', 'ends')
  local p, e = tonumber(stored[1]), tonumber(stored[2])
  if p == nil or e == nil or e <= now then
    p, e = 0, now + tonumber(ARGV[3 * i])
  end
  if p >= max and e - now > wait then wait = e - now end
  points[i], ends[i] = p, e
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local max, lock = tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i + 1])
  local p, e = points[i] + 1, ends[i]
  if lock > 0 and p >= max and now + lock > e then e = now + lock end
  redis.call('HSET', key, 'points', p, 'ends', e)
  redis.call('PEXPIRE', key, e - now)
end
return 0
`;

/** KEYS: the counters. ARGV[1]: now. Takes one from each counter whose window is open. */
const REFUND = `
local now = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'points', 'ends')
  local p, e = tonumber(stored[1]), tonumber(stored[2])
  if p ~= nil and e ~= nil and e > now and p > 0 then redis.call('HSET', key, 'points', p - 1) end
end
return 0
`;

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key: several deployments (or test servers) can share one Redis. */
  keyPrefix: string;
  clock: Clock;
  /** Connection errors, as they happen (the client reconnects by itself). */
  onError(error: Error): void;
}

export async function redisStore(options: RedisStoreOptions): Promise<LimitStore> {
  // Only with REDIS_URL: not loaded otherwise (decision 0024).
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, {
    lazyConnect: true,
    // A command while disconnected fails at once instead of waiting in a queue: the insurance store answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  redis.on('error', options.onError);
  // Not reachable at start: the gateway starts anyway, counting in the insurance store until the client reconnects.
  await redis.connect().catch(options.onError);
  const key = (k: string) => `${options.keyPrefix}${k}`;

  return {
    kind: 'redis',
    async hit(counters: readonly Counter[], _tx?: Db) {
      if (counters.length === 0) return ALLOWED;
      const ordered = inKeyOrder(counters);
      const args = ordered.flatMap((c) => [String(c.max), String(c.windowMs), String(c.lockMs)]);
      const wait = Number(await redis.eval(HIT, ordered.length, ...ordered.map((c) => key(c.key)), String(options.clock.now().getTime()), ...args));
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : ALLOWED;
    },
    async refund(keys) {
      if (keys.length === 0) return;
      await redis.eval(REFUND, keys.length, ...keys.map(key), String(options.clock.now().getTime()));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await redis.del(...keys.map(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * A store backed by another: when the primary (Redis) fails, the insurance (the database) answers, so limits stay
 * shared between gateways and keep holding while Redis is down; each failure is reported.
 */
export function insured(primary: LimitStore, insurance: LimitStore, onFallback: (error: unknown) => void): LimitStore {
  const attempt = async <T>(run: (store: LimitStore) => Promise<T>): Promise<T> => {
    try {
      return await run(primary);
    } catch (error) {
      onFallback(error);
      return run(insurance);
    }
  };
  return {
    kind: primary.kind,
    hit: (counters, tx) => attempt((store) => store.hit(counters, tx)),
    refund: (keys) => attempt((store) => store.refund(keys)),
    clear: (keys) => attempt((store) => store.clear(keys)),
    close: async () => {
      await Promise.all([primary.close(), insurance.close()]);
    },
  };
}
