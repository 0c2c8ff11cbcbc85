/**
 * What an enqueue adds to a request's transaction on PostgreSQL (issue 35 goal: ≤ 1 ms p99):
 * 1,000 transactions of the size of a request (an insert-free read and one enqueue with the
 * caller's transaction), timed with and without the enqueue. A scratch database, dropped after.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/bench/jobs.ts
 */
import { sql } from 'drizzle-orm';
import { createScratchPostgres, openDatabase } from '../src/db/client.ts';
import { openJobQueue } from '../src/lib/job-queue.ts';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const scratch = await createScratchPostgres(base);
const database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
try {
  await database.migrate();
  const queue = await openJobQueue(database, { databaseUrl: scratch.url, supervise: false });
  // a worker of the kind runs meanwhile, as in the web process
  await queue.define('bench-mail', async () => undefined);
  const time = async (withJob: boolean) => {
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT count(*) FROM users`);
      if (withJob)
        await queue.enqueue('bench-mail', { to: 'someone@example.com', template: 'verify' }, { tx });
    });
    return performance.now() - t0;
  };
  for (let i = 0; i < 200; i++) await time(i % 2 === 0);
  const plain: number[] = [];
  const enq: number[] = [];
  for (let i = 0; i < 1000; i++) {
    plain.push(await time(false));
    enq.push(await time(true));
  }
  const p = (xs: number[], q: number) => xs.sort((a, b) => a - b)[Math.ceil(q * xs.length) - 1] ?? 0;
  const fmt = (x: number) => x.toFixed(3);
  console.log(`transaction without enqueue: p50 ${fmt(p(plain, 0.5))} ms, p99 ${fmt(p(plain, 0.99))} ms`);
  console.log(`transaction with enqueue:    p50 ${fmt(p(enq, 0.5))} ms, p99 ${fmt(p(enq, 0.99))} ms`);
  console.log(
    `added by the enqueue:        p50 ${fmt(p(enq, 0.5) - p(plain, 0.5))} ms, p99 ${fmt(p(enq, 0.99) - p(plain, 0.99))} ms`,
  );
  await queue.stop({ timeout: 1000 });
} finally {
  await database.close();
  await scratch.drop();
}
