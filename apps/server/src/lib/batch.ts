/**
 * Coalesces the calls made during one turn of the event loop into one call of `run` (the idea of
 * DataLoader, without its cache): 200 requests that arrive together cost a few database round
 * trips instead of 200. A lone call waits no longer than the loop's next check phase
 * (`setImmediate`), so it is not delayed by a timer.
 *
 * Under load (a batch of this batcher ran less than `busyWithinMs` ago) a batch waits for more
 * calls while they keep coming: it is run when no call came for `delayMs`, when its first call has
 * waited `maxWaitMs`, or when it holds `maxSize` keys. A burst of requests on new connections
 * reaches the handlers about one per turn of the loop (libuv accepts one connection per turn), so
 * a batch per turn, or per few milliseconds, would again be a statement per request or two
 * (measured: 200 stops, docs/decisions.md). At most `maxInFlight` batches of one batcher run at
 * once: the calls that come meanwhile wait for one to end and then go together, so a slow database
 * gets fewer, larger batches instead of a queue for the pool's connections. `run` answers one value
 * per key, in the keys' order; when it fails, every call of that batch fails with its error.
 */
export function batched<K, V>(
  run: (keys: K[]) => Promise<V[]>,
  maxSize = 100,
  opts: { busyWithinMs?: number; delayMs?: number; maxWaitMs?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };
  const busyWithinMs = opts.busyWithinMs ?? 20;
  const delayMs = opts.delayMs ?? 2;
  const maxWaitMs = Math.max(delayMs, opts.maxWaitMs ?? delayMs);
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 2);
  let inFlight = 0;
  let queue: Waiting[] = [];
  // the pending flush: an immediate, or a timer under load
  let pending: { cancel: () => void } | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;
  let firstAt = 0;
  let lastAt = 0;

  const runPart = (part: Waiting[]) => {
    inFlight++;
    Promise.resolve()
      .then(() => run(part.map((w) => w.key)))
      .then((values) => {
        if (values.length !== part.length) {
          throw new Error(`batch answered ${values.length} values for ${part.length} keys`);
        }
        for (const [i, w] of part.entries()) w.resolve(values[i] as V);
      })
      .catch((error: unknown) => {
        for (const w of part) w.reject(error);
      })
      .finally(() => {
        inFlight--;
        // the calls that waited for a batch to end go when they stop coming or have waited enough
        if (queue.length > 0 && !pending) check();
      });
  };

  const flush = () => {
    pending?.cancel();
    pending = null;
    // all batches running: the queue goes when one ends (runPart's finally)
    if (inFlight >= maxInFlight) return;
    lastFlush = performance.now();
    const take = (maxInFlight - inFlight) * maxSize;
    const batch = queue.slice(0, take);
    queue = queue.slice(take);
    firstAt = lastFlush;
    for (let i = 0; i < batch.length; i += maxSize) runPart(batch.slice(i, i + maxSize));
  };

  // under load: run when the calls stop coming or the first one has waited long enough
  const check = () => {
    pending = null;
    const now = performance.now();
    const quietFor = now - lastAt;
    const waited = now - firstAt;
    if (quietFor >= delayMs || waited >= maxWaitMs) flush();
    else wait(Math.min(delayMs - quietFor, maxWaitMs - waited));
  };
  const wait = (ms: number) => {
    const timer = setTimeout(check, Math.max(1, ms));
    pending = { cancel: () => clearTimeout(timer) };
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const now = performance.now();
      if (queue.length === 0) firstAt = now;
      queue.push({ key, resolve, reject });
      lastAt = now;
      if (queue.length >= maxSize && inFlight < maxInFlight) {
        flush();
        return;
      }
      if (pending || inFlight >= maxInFlight) return;
      if (now - lastFlush < busyWithinMs) wait(delayMs);
      else {
        const immediate = setImmediate(flush);
        pending = { cancel: () => clearImmediate(immediate) };
      }
    });
}

/**
 * Splits items into successive rounds in which each key occurs once, each round and each key's
 * items in their order: one statement cannot write one row twice (an upsert touches a row once),
 * so the second write of a row goes in the next round and sees the first one.
 */
export function uniqueRounds<T>(items: T[], keyOf: (item: T) => string | number): T[][] {
  const rounds: T[][] = [];
  const next = new Map<string | number, number>();
  for (const item of items) {
    const key = keyOf(item);
    const r = next.get(key) ?? 0;
    next.set(key, r + 1);
    if (r === rounds.length) rounds.push([]);
    rounds[r]?.push(item);
  }
  return rounds;
}
