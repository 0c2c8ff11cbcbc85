import type PgBoss from 'pg-boss';

/** as `JobContext` of lib/job-queue.ts (not imported: no circle) */
interface JobContext {
  id: string;
  attempt: number;
}

/**
 * runs the jobs of one fetch at once; the failed ones are failed here (to be retried), before
 * pg-boss completes the batch (its completion touches only jobs still active). A single job
 * fails as pg-boss fails it, with the handler's error.
 */
export async function runBatch<P extends object>(
  boss: PgBoss,
  kind: string,
  batch: PgBoss.JobWithMetadata<object>[],
  handler: (payload: P, job: JobContext) => Promise<void>,
): Promise<void> {
  const run = (job: PgBoss.JobWithMetadata<object>) =>
    handler(job.data as P, { id: job.id, attempt: job.retryCount + 1 });
  if (batch.length <= 1) {
    if (batch[0]) await run(batch[0]);
    return;
  }
  const results = await Promise.allSettled(batch.map(run));
  const failed = batch.flatMap((job, k) => {
    const r = results[k];
    return r?.status === 'rejected' ? [{ id: job.id, error: r.reason as unknown }] : [];
  });
  for (const f of failed) {
    const error = f.error instanceof Error ? { message: f.error.message } : { message: String(f.error) };
    await boss.fail(kind, f.id, error);
  }
}
