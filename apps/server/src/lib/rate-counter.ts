import { createRedisClient, failClosed } from './redis-client.ts';

/**
 * Counts events per key in a fixed window. In memory for one process (the embedded default), in
 * Redis when REDIS_URL is set so that several instances share the counters (SECURITY E-10).
 */
export interface RateCounter {
  /** adds one event; returns the count in the current window and the seconds until it resets */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
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

export function redisRateCounter(url: string, prefix = 'elearn:rl:'): RateCounter {
  // short timeouts, no offline queue; any Redis failure answers 503 (lib/redis-client.ts)
  const redis = createRedisClient(url);
  return failClosed(redis, {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [unknown, number],
        [unknown, number],
      ];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowSeconds * 1000);
        ms = windowSeconds * 1000;
      }
      return { count, resetInSeconds: Math.max(1, Math.ceil(ms / 1000)) };
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
