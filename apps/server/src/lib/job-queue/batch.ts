import type PgBoss from 'pg-boss';
import type { SqlExecutor } from './executor.ts';

/** as `JobContext` of lib/job-queue.ts (not imported: no circle) */
interface JobContext {
  id: string;
  attempt: number;
}

type Job = PgBoss.JobWithMetadata<object>;
type Handler<P> = (payload: P, job: JobContext) => Promise<void>;

/**
 * runs the jobs of one fetch at once; the failed ones are failed here (to be retried), before
 * pg-boss completes the batch (its completion touches only jobs still active). A single job
 * fails as pg-boss fails it, with the handler's error.
 *
 * With `orderBy` (a payload field, e.g. a mail's `to`): the jobs of one value run one after
 * another in the order they were queued, and never before an earlier job of that value that is
 * still waiting, retrying or running elsewhere (that one's later jobs are deferred: failed, to
 * be retried after it). A failure defers the value's later jobs of the batch as well.
 */
export async function runBatch<P extends object>(
  boss: PgBoss,
  kind: string,
  batch: Job[],
  handler: Handler<P>,
  ordered?: { orderBy: string; db: SqlExecutor },
): Promise<void> {
  const run = (job: Job) => handler(job.data as P, { id: job.id, attempt: job.retryCount + 1 });
  if (ordered) {
    await runOrdered(boss, kind, batch, run, ordered);
    return;
  }
  if (batch.length <= 1) {
    if (batch[0]) await run(batch[0]);
    return;
  }
  const results = await Promise.allSettled(batch.map(run));
  const failed = batch.flatMap((job, k) => {
    const r = results[k];
    return r?.status === 'rejected' ? [{ id: job.id, error: r.reason as unknown }] : [];
  });
  for (const f of failed) await boss.fail(kind, f.id, errorOf(f.error));
}

const errorOf = (e: unknown) => (e instanceof Error ? { message: e.message } : { message: String(e) });

interface Place {
  /** created_on in microseconds since the epoch */
  at: number;
  id: string;
}

/** pg-boss's fetch order: created_on, then id */
const before = (a: Place, b: Place) => a.at < b.at || (a.at === b.at && a.id < b.id);

async function runOrdered(
  boss: PgBoss,
  kind: string,
  batch: Job[],
  run: (job: Job) => Promise<void>,
  { orderBy, db }: { orderBy: string; db: SqlExecutor },
): Promise<void> {
  const keyOf = (job: Job) => String((job.data as Record<string, unknown>)[orderBy] ?? '');
  const groups = new Map<string, Job[]>();
  for (const job of batch) groups.set(keyOf(job), [...(groups.get(keyOf(job)) ?? []), job]);
  // the jobs of these values that have not ended, this batch's too (its created_on in microseconds:
  // the Date of a job's metadata has milliseconds only)
  const { rows } = await db.executeSql(
    `SELECT data->>$2 AS key, id, (extract(epoch FROM created_on) * 1000000)::float8 AS at FROM pgboss.job
      WHERE name = $1 AND state < 'completed' AND data->>$2 = ANY($3::text[])`,
    [kind, orderBy, [...groups.keys()]],
  );
  const inBatch = new Set(batch.map((j) => j.id));
  const place = new Map<string, Place>();
  const earliest = new Map<string, Place>();
  for (const row of rows) {
    const p = { at: Number(row.at), id: String(row.id) };
    place.set(p.id, p);
    const seen = earliest.get(String(row.key));
    if (!inBatch.has(p.id) && (!seen || before(p, seen))) earliest.set(String(row.key), p);
  }
  const placeOf = (job: Job) => place.get(job.id) ?? { at: job.createdOn.getTime() * 1000, id: job.id };
  const deferred: { id: string; error: { message: string } }[] = [];
  const done: string[] = [];
  const through: string[] = [];
  await Promise.all(
    [...groups].map(async ([key, jobs]) => {
      jobs.sort((a, b) => (before(placeOf(a), placeOf(b)) ? -1 : 1));
      const first = earliest.get(key);
      let stop: { message: string } | null = null;
      for (const job of jobs) {
        if (!stop && first && before(first, placeOf(job)))
          stop = { message: 'waits for an earlier job of the same order' };
        if (stop) {
          deferred.push({ id: job.id, error: stop });
          continue;
        }
        try {
          await run(job);
          done.push(job.id);
        } catch (err) {
          deferred.push({ id: job.id, error: errorOf(err) });
          stop = { message: 'waits for an earlier job of the same order (it failed)' };
        }
      }
      if (!stop) through.push(key);
    }),
  );
  for (const d of deferred) await boss.fail(kind, d.id, d.error);
  if (!done.length) return;
  // completed here (pg-boss's completion of the batch finds them done), then the next jobs of a
  // value that went through are due at once: a deferred one waits no longer than its predecessor
  await boss.complete(kind, done);
  if (through.length) {
    await db.executeSql(
      `UPDATE pgboss.job SET start_after = now()
        WHERE name = $1 AND state = 'retry' AND start_after > now() AND data->>$2 = ANY($3::text[])`,
      [kind, orderBy, through],
    );
  }
}
