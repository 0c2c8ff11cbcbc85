/**
 * A tiny read-through cache for public, read-mostly data (the seminar catalogue, chapter trees).
 * Entries live `ttlMs` at most and are dropped at once by `clear()` after any local write, so this
 * process never serves its own stale data; another instance (PostgreSQL deployments) may serve
 * data up to `ttlMs` old. A load that was running when `clear()` came is returned to its caller
 * but not kept (it may have read the data before the write). Authorization is never cached:
 * callers check access live before use.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation !== this.generation) return value;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, at: this.now() });
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
