import { createRedisClient, failClosed } from './redis-client.ts';

/**
 * Counts events per key in a fixed window. In memory for one process (the embedded default), in
 * Redis when REDIS_URL is set so that several instances share the counters (SECURITY E-10).
 */
export interface RateCounter {
  /** adds one event; returns the count in the current window and the seconds until it resets */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /**
   * Reserves one event before the guarded work runs: counts it, atomically, only while the key holds
   * fewer than `limit` in its window. However many requests run in parallel, at most `limit` get
   * `allowed` (the check-then-count race of a peek followed by a hit cannot happen).
   */
  reserve(
    key: string,
    windowSeconds: number,
    limit: number,
  ): Promise<{ allowed: boolean; count: number; resetInSeconds: number }>;
  /** gives one reserved event back (the guarded work succeeded and should not count) */
  release(key: string): Promise<void>;
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateCounter(now: () => number = Date.now): RateCounter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (e.resetAt <= t) entries.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowSeconds) {
      let e = live(key);
      if (!e) {
        e = { count: 0, resetAt: now() + windowSeconds * 1000 };
        entries.set(key, e);
      }
      e.count++;
      return { count: e.count, resetInSeconds: Math.max(1, Math.ceil((e.resetAt - now()) / 1000)) };
    },
    async reserve(key, windowSeconds, limit) {
      // no await between the read and the write: atomic within this process
      let e = live(key);
      if (!e) {
        e = { count: 0, resetAt: now() + windowSeconds * 1000 };
        entries.set(key, e);
      }
      const allowed = e.count < limit;
      if (allowed) e.count++;
      return { allowed, count: e.count, resetInSeconds: Math.max(1, Math.ceil((e.resetAt - now()) / 1000)) };
    },
    async release(key) {
      const e = live(key);
      if (e && e.count > 0) e.count--;
    },
    async peek(key) {
      const e = live(key);
      return e
        ? { count: e.count, resetInSeconds: Math.max(1, Math.ceil((e.resetAt - now()) / 1000)) }
        : { count: 0, resetInSeconds: 0 };
    },
    async clear(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

/** INCR with the window set on the first event, in one atomic step; returns [count, pttl] */
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/** counts one event only below the limit, in one atomic step; returns [count, pttl, allowed] */
const RESERVE_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local allowed = 0
if c < tonumber(ARGV[2]) then c = redis.call('INCR', KEYS[1]); allowed = 1 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl, allowed}`;

/** takes one event back, never below zero */
const RELEASE_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateCounter(url: string, prefix = 'elearn:rl:'): RateCounter {
  // short timeouts, no offline queue; any Redis failure answers 503 (lib/redis-client.ts)
  const redis = createRedisClient(url);
  return failClosed(redis, {
    async hit(key, windowSeconds) {
      const [count, ms] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds * 1000)) as [
        number,
        number,
      ];
      return { count, resetInSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async reserve(key, windowSeconds, limit) {
      const [count, ms, allowed] = (await redis.eval(
        RESERVE_SCRIPT,
        1,
        prefix + key,
        windowSeconds * 1000,
        limit,
      )) as [number, number, number];
      return { allowed: allowed === 1, count, resetInSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return { count: Number(count ?? 0), resetInSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  } satisfies RateCounter);
}
