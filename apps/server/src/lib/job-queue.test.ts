import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createScratchPostgres, type Database, openDatabase } from '../db/client.ts';
import { type JobQueue, openJobQueue, retryOnDeadlock } from './job-queue.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(100);
  }
}

let database: Database;
let scratch: { url: string; drop(): Promise<void> } | null = null;
const queues: JobQueue[] = [];
const fast = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 };
async function queue(extra = {}) {
  const q = await openJobQueue(database, {
    ...fast,
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    ...extra,
  });
  queues.push(q);
  return q;
}
let n = 0;
const kind = () => `test-${++n}-${Date.now().toString(36)}`;

beforeAll(async () => {
  scratch = pgUrl ? await createScratchPostgres(pgUrl) : null;
  const config = testConfig(scratch ? { databaseUrl: scratch.url } : {});
  database = await openDatabase({
    dataDir: 'memory://',
    ...(scratch ? { databaseUrl: scratch.url } : { pgliteSnapshot: config.pgliteSnapshot }),
  });
  // the snapshot holds the migrations already (migrate() is a no-op then)
  await database.migrate();
});
afterAll(async () => {
  for (const q of queues) await q.stop({ timeout: 1000 }).catch(() => undefined);
  await database.close();
  await scratch?.drop();
});

describe('job queue', () => {
  it('runs a job once', async () => {
    const q = await queue();
    const k = kind();
    const runs: unknown[] = [];
    await q.define(k, async (p) => void runs.push(p));
    await q.enqueue(k, { x: 1 });
    await until(() => runs.length === 1);
    await sleep(1500);
    expect(runs).toEqual([{ x: 1 }]);
    expect((await q.stats()).find((s) => s.kind === k)).toMatchObject({ queued: 0, active: 0, failed: 0 });
  });

  it('fetches jobs in batches: each runs once, a failing one of a batch is retried alone', async () => {
    const q = await queue();
    const k = kind();
    const runs: number[] = [];
    let failedOnce = false;
    await q.define<{ i: number }>(
      k,
      async ({ i }) => {
        runs.push(i);
        if (i === 7 && !failedOnce) {
          failedOnce = true;
          throw new Error('job 7 failed once');
        }
      },
      { batchSize: 10, retryLimit: 2, retryDelay: 1, retryBackoff: false },
    );
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await q.enqueue(k, { i }, { tx });
    });
    q.wake();
    await until(() => runs.length === 26, 20_000);
    await sleep(1500);
    // 25 jobs, the seventh twice (its retry); every other once, none failed for good
    expect(runs.filter((i) => i === 7)).toHaveLength(2);
    expect(new Set(runs).size).toBe(25);
    expect(runs).toHaveLength(26);
    expect((await q.stats()).find((s) => s.kind === k)).toMatchObject({ queued: 0, active: 0, failed: 0 });
  });

  it('retries a failing job with backoff, then keeps it as failed with its last error', async () => {
    const q = await queue();
    const k = kind();
    const at: number[] = [];
    await q.define(
      k,
      async (_p, job) => {
        at.push(Date.now());
        throw new Error(`attempt ${job.attempt} failed`);
      },
      { retryLimit: 2, retryDelay: 1, retryBackoff: true },
    );
    await q.enqueue(k, {});
    await until(async () => (await q.failed(k)).length === 1, 20_000);
    expect(at).toHaveLength(3);
    // backoff: delay d·2^c·(1..2): at least 1 s, then at least 2 s
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(900);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(1900);
    const [failed] = await q.failed(k);
    expect(failed).toMatchObject({ kind: k, lastError: 'attempt 3 failed', attempts: 3 });
    expect((await q.stats()).find((s) => s.kind === k)?.failed).toBe(1);
    // an operator retries it: it runs again (and fails again); discard removes it
    expect(await q.retry(failed!.id)).toBe(k);
    await until(() => at.length === 4);
    await until(async () => (await q.failed(k)).length === 1);
    expect(await q.discard(failed!.id)).toBe(k);
    expect(await q.failed(k)).toEqual([]);
    expect(await q.retry(failed!.id)).toBe(null);
  }, 30_000);

  it('lists the schedules with their cron, time zone and next run, also to another instance', async () => {
    const q = await queue();
    const other = await queue({ work: false });
    const [yearly, hourly] = [`b-${kind()}`, `a-${kind()}`];
    for (const k of [yearly, hourly]) await q.define(k, async () => undefined);
    await q.schedule(yearly, '0 0 1 1 *');
    await q.schedule(hourly, '17 * * * *');
    const before = Date.now();
    const listed = (await other.schedules()).filter((s) => s.kind === yearly || s.kind === hourly);
    expect(listed.map((s) => [s.kind, s.cron, s.timezone])).toEqual([
      [hourly, '17 * * * *', 'UTC'],
      [yearly, '0 0 1 1 *', 'UTC'],
    ]);
    const year = new Date(before).getUTCFullYear();
    expect(listed[1]!.nextRunAt).toEqual(new Date(Date.UTC(year + 1, 0, 1)));
    // the next 17th minute of an hour, within the hour from now
    const next = listed[0]!.nextRunAt!.getTime();
    expect(new Date(next).getUTCMinutes()).toBe(17);
    expect(next).toBeGreaterThan(before - 1000);
    expect(next - before).toBeLessThanOrEqual(3_600_000);
    await q.unschedule(yearly);
    expect((await q.schedules()).map((s) => s.kind)).not.toContain(yearly);
    await q.unschedule(hourly);
  });

  it('refuses to enqueue a kind that was never defined (its job would be lost)', async () => {
    const q = await queue();
    await expect(q.enqueue(kind(), {})).rejects.toThrow(/is not defined/);
  });

  it('enqueues many jobs of a kind with one statement, each run once with its retry policy; refuses an undefined kind', async () => {
    const q = await queue();
    const k = kind();
    const runs: number[] = [];
    await q.define<{ i: number }>(k, async ({ i }) => void runs.push(i), { concurrency: 2, batchSize: 5 });
    await q.enqueueMany(
      k,
      Array.from({ length: 12 }, (_, i) => ({ i })),
    );
    await until(() => runs.length === 12);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await expect(q.enqueueMany(kind(), [{ i: 1 }])).rejects.toThrow(/is not defined/);
    await q.enqueueMany(k, []);
  });

  it('enqueues with the caller’s transaction: a rollback leaves no job, a commit runs it', async () => {
    const q = await queue();
    const k = kind();
    const runs: unknown[] = [];
    await q.define(k, async (p) => void runs.push(p));
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueue(k, { n: 'rolled back' }, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await database.db.transaction(async (tx) => {
      await q.enqueue(k, { n: 'committed' }, { tx });
    });
    await until(() => runs.length === 1);
    await sleep(1500);
    expect(runs).toEqual([{ n: 'committed' }]);
  });

  it('a worker that found a job looks for the next at once, not after its polling interval', async () => {
    const q = await queue({ pollingIntervalSeconds: 5 });
    const k = kind();
    let done = 0;
    await q.define(k, async () => void done++);
    for (let i = 0; i < 6; i++) await q.enqueue(k, { i });
    const t0 = Date.now();
    q.wake();
    await until(() => done === 6, 20_000);
    // one job per interval would take 25 s and more
    expect(Date.now() - t0).toBeLessThan(5000);
  }, 30_000);

  it('never runs more jobs of a kind at once than its concurrency', async () => {
    const q = await queue();
    const k = kind();
    let running = 0;
    let most = 0;
    let done = 0;
    await q.define(
      k,
      async () => {
        most = Math.max(most, ++running);
        await sleep(300);
        running--;
        done++;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 8; i++) await q.enqueue(k, { i });
    await until(() => done === 8, 20_000);
    expect(most).toBe(2);
  }, 30_000);

  it('stop() lets a running job finish and leaves queued ones for another instance', async () => {
    const a = await queue();
    const k = kind();
    const finished: number[] = [];
    let started = 0;
    await a.define(k, async (p: { i: number }) => {
      started++;
      await sleep(1500);
      finished.push(p.i);
    });
    await a.enqueue(k, { i: 1 });
    await until(() => started === 1);
    for (let i = 2; i <= 3; i++) await a.enqueue(k, { i });
    await a.stop({ timeout: 10_000 });
    expect(finished).toEqual([1]);
    const b = await queue();
    const later: number[] = [];
    await b.define(k, async (p: { i: number }) => void later.push(p.i));
    await until(() => later.length === 2);
    expect(later.sort()).toEqual([2, 3]);
  }, 30_000);

  it('picks up again the job of a worker that died, after its expiry', async () => {
    const a = await queue();
    const k = kind();
    await a.define(k, () => new Promise<void>(() => undefined), {
      expireIn: 1,
      retryDelay: 0,
      retryBackoff: false,
    });
    await a.enqueue(k, {});
    await until(async () => (await a.stats()).find((s) => s.kind === k)?.active === 1);
    // the dead worker: its instance fetches nothing more (the handler never settles)
    await a.stop({ graceful: false }).catch(() => undefined);
    const b = await queue();
    const runs: number[] = [];
    await b.define(k, async (_p, job) => void runs.push(job.attempt), {
      expireIn: 1,
      retryDelay: 0,
      retryBackoff: false,
    });
    await until(() => runs.length === 1, 20_000);
    expect(runs[0]).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it.runIf(pgUrl)(
    'two instances on one database: each job runs once, a schedule fires once per period',
    async () => {
      const [a, b] = [await queue(), await queue()];
      const k = kind();
      const runs: number[] = [];
      for (const q of [a, b])
        await q.define(k, async (p: { i: number }) => void runs.push(p.i), { concurrency: 3 });
      for (let i = 0; i < 40; i++) await a.enqueue(k, { i });
      await until(() => runs.length === 40, 20_000);
      await sleep(1000);
      expect(runs.sort((x, y) => x - y)).toEqual([...Array(40).keys()]);

      // '* * * * *': every cron check (each second, on both instances) finds the schedule due; the
      // schedule's send is throttled to one per minute slot (pg-boss's singletonKey/singletonSeconds)
      const s = kind();
      const fired: number[] = [];
      for (const q of [a, b]) await q.define(s, async () => void fired.push(Date.now()));
      await a.schedule(s, '* * * * *');
      await until(() => fired.length >= 1, 20_000);
      await sleep(5000);
      const minutes = fired.map((t) => Math.floor(t / 60_000));
      expect(new Set(minutes).size).toBe(minutes.length);
    },
    40_000,
  );
});

describe('retryOnDeadlock', () => {
  it('tries a step again after a deadlock, and passes any other error on at once', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(
      await retryOnDeadlock(async () => {
        calls++;
        if (calls < 3) throw deadlock;
        return 'created';
      }),
    ).toBe('created');
    expect(calls).toBe(3);
    calls = 0;
    const other = Object.assign(new Error('no such table'), { code: '42P01' });
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
    await expect(retryOnDeadlock(async () => Promise.reject(deadlock), 2)).rejects.toBe(deadlock);
  });
});
