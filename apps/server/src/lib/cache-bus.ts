import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Tells the other instances that a cache of this one was dropped after a write, so that they drop
 * theirs (DESIGN.md section 8). On the embedded database there is one process and nothing to
 * tell; on PostgreSQL the message travels by `NOTIFY` on one channel to every instance that
 * `LISTEN`s. A message names a cache (`topic`); the sender ignores its own. Several caches may
 * share a topic (the sitemap follows the seminar catalogue's): a publish also reaches the other
 * subscribers of the topic in this process, at once (a subscriber must not publish its own topic).
 */
export interface CacheBus {
  /** announces a local drop to this process's subscribers and the other instances */
  publish(topic: string): void;
  /** calls `drop` whenever another instance announces `topic`, and after a lost connection */
  subscribe(topic: string, drop: () => void): void;
  /** resolves when every announcement made so far has reached the database */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const CHANNEL = 'elearn_cache';

type Subscribers = Map<string, Set<() => void>>;

const addSubscriber = (subscribers: Subscribers, topic: string, drop: () => void) => {
  const set = subscribers.get(topic) ?? new Set<() => void>();
  subscribers.set(topic, set);
  set.add(drop);
};

/** one process: only its own subscribers to tell */
export function localCacheBus(): CacheBus {
  const subscribers: Subscribers = new Map();
  return {
    publish: (topic) => {
      for (const drop of subscribers.get(topic) ?? []) drop();
    },
    subscribe: (topic, drop) => addSubscriber(subscribers, topic, drop),
    flush: async () => undefined,
    close: async () => undefined,
  };
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * PostgreSQL `LISTEN/NOTIFY` on a connection of its own (a pooled one would lose the LISTEN).
 * While that connection is down, nothing may be served from a cache that might have missed a
 * message: every subscriber is dropped when it comes back. Announcements go out through `notify`
 * (the pool); the app's `onSend` hook waits for them (`flush`) so that an answer to a write leaves
 * only after the other instances have been told.
 */
export function pgCacheBus(opts: {
  url: string;
  notify: (channel: string, payload: string) => Promise<unknown>;
  log: Logger;
  reconnectMs?: number;
}): CacheBus & { ready: Promise<void> } {
  const me = randomUUID();
  const subscribers: Subscribers = new Map();
  const pending = new Set<Promise<unknown>>();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    for (const set of subscribers.values()) for (const drop of set) drop();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      const at = payload.indexOf(':');
      if (at < 0 || payload.slice(0, at) === me) return;
      for (const drop of subscribers.get(payload.slice(at + 1)) ?? []) drop();
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (closed) return;
      opts.log.warn({ err: err?.message }, 'cache invalidation connection lost: reconnecting');
      dropAll();
      timer = setTimeout(() => void connect().catch(() => lost()), opts.reconnectMs ?? 1000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    // messages sent while we were away are lost: start from nothing
    dropAll();
  };

  const ready = connect();
  return {
    ready,
    publish(topic) {
      for (const drop of subscribers.get(topic) ?? []) drop();
      const p = opts
        .notify(CHANNEL, `${me}:${topic}`)
        .catch((err: Error) => opts.log.warn({ err: err.message, topic }, 'cache invalidation not sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    subscribe: (topic, drop) => addSubscriber(subscribers, topic, drop),
    async flush() {
      if (pending.size) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all([...pending]);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
