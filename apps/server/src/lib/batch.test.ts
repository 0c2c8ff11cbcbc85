import { describe, expect, it } from 'vitest';
import { batched, uniqueRounds } from './batch.ts';

/** an identity batcher that records the keys of each batch it runs */
function recording(maxSize: number, opts: Parameters<typeof batched>[2]) {
  const runs: number[][] = [];
  const id = batched(
    async (keys: number[]) => {
      runs.push(keys);
      return keys;
    },
    maxSize,
    opts,
  );
  return { runs, id };
}

describe('batched', () => {
  it('answers the calls of one turn with one run, each its own value in order', async () => {
    const runs: number[][] = [];
    const double = batched(async (keys: number[]) => {
      runs.push(keys);
      return keys.map((k) => k * 2);
    });
    const answers = await Promise.all([double(1), double(2), double(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
    // a later call is a new batch
    expect(await double(5)).toBe(10);
    expect(runs).toEqual([[1, 2, 3], [5]]);
  });

  it('splits a large turn into batches of at most maxSize keys', async () => {
    const sizes: number[] = [];
    const id = batched(async (keys: number[]) => {
      sizes.push(keys.length);
      return keys;
    }, 4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => id(i)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('rejects every call of a failed batch, and only those', async () => {
    let fail = true;
    const load = batched(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return keys.map((k) => k.toUpperCase());
    });
    const failed = await Promise.allSettled([load('a'), load('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe('database gone');
    fail = false;
    expect(await load('c')).toBe('C');
  });

  it('under load waits a little for the calls of the next turns; a lone call waits for no timer', async () => {
    const { runs, id } = recording(100, { busyWithinMs: 200, delayMs: 60 });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    expect(await id(1)).toBe(1);
    // a batch just ran: calls of three successive turns go together
    const later = [id(2)];
    await turn();
    later.push(id(3));
    await turn();
    later.push(id(4));
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
    // quiet again: the next call runs in the next check phase, not after the delay
    await new Promise((resolve) => setTimeout(resolve, 250));
    const began = performance.now();
    expect(await id(5)).toBe(5);
    expect(performance.now() - began).toBeLessThan(40);
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('under load keeps waiting while calls keep coming, up to maxWaitMs', async () => {
    const { runs, id } = recording(100, { busyWithinMs: 10_000, delayMs: 40, maxWaitMs: 10_000 });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    expect(await id(0)).toBe(0);
    // five calls 10 ms apart: never 40 ms without a call, so one batch after the last
    const calls: Promise<number>[] = [];
    for (let i = 1; i <= 5; i++) {
      calls.push(id(i));
      await sleep(10);
    }
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[0], [1, 2, 3, 4, 5]]);

    // a steady stream is cut at maxWaitMs
    const { runs: cappedRuns, id: capped } = recording(100, {
      busyWithinMs: 10_000,
      delayMs: 40,
      maxWaitMs: 60,
    });
    await capped(0);
    const stream: Promise<number>[] = [];
    for (let i = 1; i <= 15; i++) {
      stream.push(capped(i));
      await sleep(10);
    }
    expect(await Promise.all(stream)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    // 150 ms of calls in batches of at most 60 ms: at least three, in order
    expect(cappedRuns.length).toBeGreaterThanOrEqual(3);
    expect(cappedRuns.flat()).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it('runs a full batch at once, without waiting for the delay', async () => {
    const { runs, id } = recording(3, { busyWithinMs: 10_000, delayMs: 5_000, maxWaitMs: 5_000 });
    await id(0);
    const began = performance.now();
    expect(await Promise.all([id(1), id(2), id(3)])).toEqual([1, 2, 3]);
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(runs).toEqual([[0], [1, 2, 3]]);
  });

  it('runs at most maxInFlight batches at once; the calls meanwhile go together after', async () => {
    const runs: number[][] = [];
    let open: () => void = () => {};
    let gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const id = batched(
      async (keys: number[]) => {
        runs.push(keys);
        await gate;
        return keys;
      },
      100,
      { maxInFlight: 1 },
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = id(1);
    await turn();
    expect(runs).toEqual([[1]]);
    // three turns of calls while the first batch runs: none starts
    const later = [id(2)];
    await turn();
    later.push(id(3));
    await turn();
    later.push(id(4));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toEqual([[1]]);
    const release = open;
    gate = Promise.resolve();
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects when run throws synchronously or answers the wrong number of values', async () => {
    const sync = batched((): Promise<number[]> => {
      throw new Error('sync');
    });
    await expect(sync(1)).rejects.toThrow('sync');
    const short = batched(async () => [1]);
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow('batch answered 1 values for 2 keys');
  });
});

describe('uniqueRounds', () => {
  it('puts each key once per round, in order, a repeated key in the next round', () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2'];
    expect(uniqueRounds(items, (s) => s[0]!)).toEqual([['a1', 'b1', 'c1'], ['a2', 'b2'], ['a3']]);
    expect(uniqueRounds([], (s: string) => s)).toEqual([]);
    expect(uniqueRounds([1, 2, 3], (n) => n)).toEqual([[1, 2, 3]]);
  });
});
