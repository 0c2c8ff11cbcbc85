/**
 * Invalidation signal for the in-process caches of session, user and membership data.
 *
 * The caches exist only on the embedded database (PGlite), where this process is by construction
 * the only one using the data, so a write seen here is every write there is. Every write to
 * users, companies, company_users or sessions goes through a repository that calls
 * {@link authDataChanged}; the caches then drop everything, so a disabled or demoted user is seen
 * on the very next request. On PostgreSQL (several instances) nothing is cached.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onAuthDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function authDataChanged(): void {
  for (const l of listeners) l();
}

/** A small map that forgets everything on {@link authDataChanged} and after `ttlMs`. */
export class AuthCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly unsubscribe: () => void;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = onAuthDataChanged(() => this.entries.clear());
  }
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.now() - e.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: K, value: V): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, at: this.now() });
  }
  delete(key: K): void {
    this.entries.delete(key);
  }
  dispose(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
