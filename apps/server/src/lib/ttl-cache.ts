import type { CacheBus } from './cache-bus.ts';

/**
 * A tiny read-through cache for public, read-mostly data (the seminar catalogue, chapter trees).
 * Entries live `ttlMs` at most and are dropped at once by `clear()` after any local write, so this
 * process never serves its own stale data; with a `sync` bus (PostgreSQL deployments) every drop is
 * announced to the other instances, which drop theirs too (lib/cache-bus.ts). A load that was running when `clear()` came is returned to its caller
 * but not kept (it may have read the data before the write). Authorization is never cached:
 * callers check access live before use.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
    private readonly now: () => number = Date.now,
    /** the topic this cache announces its drops on; `follows`: further topics that drop it too */
    private readonly sync?: { bus: CacheBus; topic: string; follows?: readonly string[] },
    /**
     * An entry past its lifetime (never one a change dropped) is answered while one caller loads
     * its successor in the background: for data whose changes all drop the cache, the lifetime
     * only bounds what no change announces.
     */
    private readonly serveStale = false,
  ) {
    for (const topic of [...(sync ? [sync.topic] : []), ...(sync?.follows ?? [])])
      sync?.bus.subscribe(topic, () => this.dropLocal());
  }

  /** the value of `key`, loaded when missing or too old; `keep` false: returned but not kept */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    if (hit && this.serveStale) {
      if (!this.loading.has(key)) void this.load(key, load, keep).catch(() => {});
      return hit.value;
    }
    // one load per key at a time: the others wait for it (no stampede when an entry expires);
    // a value that is not to be kept is nobody else's, so a waiter then loads its own
    const running = this.loading.get(key);
    if (running && running.generation === this.generation) {
      const value = await running.value.catch(() => null);
      if (value !== null && keep(value)) return value;
      return load();
    }
    return this.load(key, load, keep);
  }

  /** loads `key` (the one load of it running) and keeps it unless dropped meanwhile or refused */
  private async load(key: string, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const generation = this.generation;
    const pending = load();
    this.loading.set(key, { generation, value: pending });
    let value: V;
    try {
      value = await pending;
    } finally {
      if (this.loading.get(key)?.value === pending) this.loading.delete(key);
    }
    if (generation !== this.generation || !keep(value)) return value;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, at: this.now() });
    return value;
  }

  /** drops every entry here and on the other instances */
  clear(): void {
    this.dropLocal();
    this.sync?.bus.publish(this.sync.topic);
  }

  private dropLocal(): void {
    this.generation++;
    this.entries.clear();
  }
}
