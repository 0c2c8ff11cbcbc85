import { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/** How long one Redis command may take before the request gives up (Redis answers in < 1 ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** What a client is told to wait before trying again when Redis is away. */
export const REDIS_RETRY_AFTER_S = 5;

/**
 * A Redis client that never lets a request wait for Redis: no offline queue (a command while the
 * connection is down fails at once instead of being sent later, so nothing happens late), a short
 * command timeout (a stalled Redis fails the command after a second), no per-request retries, and
 * reconnects in the background every 0.2–2 s. See docs/decisions.md "Faults".
 */
export function createRedisClient(url: string, opts: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: opts.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // connection errors are reported by the requests that need Redis (as 503); the client reconnects
  redis.on('error', () => undefined);
  return redis;
}

/** The answer when the shared counters cannot be read: 503 with Retry-After, never a 500. */
export const countersUnavailable = (cause?: unknown) => {
  const err = new AppError(503, 'service_unavailable', 'errors.service_unavailable', undefined, undefined, {
    'retry-after': String(REDIS_RETRY_AFTER_S),
  });
  err.cause = cause;
  err.logKind = 'redis_unavailable';
  return err;
};

/** Waits for the first connection (start-up) for at most `ms`; false when Redis is not ready. */
async function whenReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  // a known outage (reconnecting, closed) fails at once; only a connection being opened is awaited
  if (redis.status !== 'connecting' && redis.status !== 'connect' && redis.status !== 'wait') return false;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.once('ready', onReady);
  });
}

/**
 * Fail-closed wrapper: every method of `target` (except `close`) first needs a ready connection
 * and turns any Redis failure into {@link countersUnavailable}. The operation either completes
 * while the request is still waiting or fails before the caller does anything else.
 */
export function failClosed<T extends object>(redis: Redis, target: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function' || name === 'close') {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      if (!(await whenReady(redis, REDIS_COMMAND_TIMEOUT_MS))) throw countersUnavailable();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      } catch (err) {
        throw err instanceof AppError ? err : countersUnavailable(err);
      }
    };
  }
  return wrapped as T;
}
