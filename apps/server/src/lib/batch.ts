/**
 * Coalesces the calls made during one turn of the event loop into one call of `run` (the idea of
 * DataLoader, without its cache): 200 requests that arrive together cost a few database round
 * trips instead of 200. A lone call waits no longer than the loop's next check phase
 * (`setImmediate`), so it is not delayed by a timer. Under load (a batch of this batcher ran less
 * than `busyWithinMs` ago) a new batch waits `delayMs` for more calls: while the loop is busy, Node
 * accepts new connections about one per turn, so a batch per turn would again be a statement per
 * request (measured: 200 stops arriving on new connections, docs/decisions.md). `run` answers one
 * value per key, in the keys' order; when it fails, every call of that batch fails with its error.
 * Batches hold at most `maxSize` keys.
 */
export function batched<K, V>(
  run: (keys: K[]) => Promise<V[]>,
  maxSize = 100,
  opts: { busyWithinMs?: number; delayMs?: number } = {},
): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };
  const busyWithinMs = opts.busyWithinMs ?? 20;
  const delayMs = opts.delayMs ?? 2;
  let queue: Waiting[] = [];
  let scheduled = false;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const runPart = (part: Waiting[]) => {
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
      });
  };

  const flush = () => {
    scheduled = false;
    lastFlush = performance.now();
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += maxSize) runPart(batch.slice(i, i + maxSize));
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        if (performance.now() - lastFlush < busyWithinMs) setTimeout(flush, delayMs);
        else setImmediate(flush);
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
