import type { FailedJobDto, JobKindStatsDto, Paginated } from '@elearn/shared';
import { AppError, notFound } from '../../../errors.ts';
import type { FailedJob } from '../../../lib/job-queue.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type AdminContext, actorOf, type PageQuery, page, paginator } from '../admin.context.ts';

/*
 * The job queue for admins (issue 35): counts per kind, the failed jobs with their last error
 * (never the payload: it may hold personal data), and retrying or discarding one, audited in the
 * transaction of the change.
 */

/** the queue's schedules by kind (cron, UTC) */
async function schedules(ctx: AdminContext): Promise<Map<string, string>> {
  return new Map((await ctx.jobs.schedules()).map((s) => [s.kind, s.cron]));
}

export async function jobStats(ctx: AdminContext): Promise<JobKindStatsDto[]> {
  const [stats, crons] = await Promise.all([ctx.jobs.stats(), schedules(ctx)]);
  return stats.map((s) => ({
    kind: s.kind,
    queued: s.queued,
    active: s.active,
    failed: s.failed,
    oldest_waiting_seconds: s.oldestWaitingSeconds,
    schedule: crons.get(s.kind) ?? null,
  }));
}

/**
 * Runs a scheduled job now, as if its time had come (a reminder run after an outage, say); the
 * runs are safe to repeat. Audited.
 * @throws 404 `admin.job_not_scheduled` for a kind without a schedule
 */
export async function runScheduledJob(ctx: AdminContext, actor: AuthUser, kind: string): Promise<void> {
  if (!(await schedules(ctx)).has(kind)) {
    throw new AppError(404, 'admin.job_not_scheduled', 'admin.job_not_scheduled');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.jobs.enqueue(kind, {}, { tx });
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'job.run',
      targetType: 'job',
      targetId: null,
      targetLabel: kind,
    });
  });
}

const failedDto = (j: FailedJob): FailedJobDto => ({
  id: j.id,
  kind: j.kind,
  last_error: j.lastError,
  attempts: j.attempts,
  created_at: j.createdAt,
  failed_at: j.failedAt,
});

export async function failedJobs(
  ctx: AdminContext,
  q: PageQuery & { kind?: string },
): Promise<Paginated<FailedJobDto>> {
  const { jobs, total } = await ctx.jobs.failedPage({ kind: q.kind, ...page(q) });
  return paginator(q, jobs.map(failedDto), total);
}

/** runs a failed job again. @throws not_found (404) when there is no failed job with this id */
export async function retryJob(ctx: AdminContext, actor: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const kind = await ctx.jobs.retry(id, { tx });
    if (!kind) throw notFound();
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'job.retried',
      targetType: 'job',
      targetId: null,
      targetLabel: `${kind} ${id}`,
    });
  });
}

/** deletes a failed job for good. @throws not_found (404) when there is no failed job with this id */
export async function discardJob(ctx: AdminContext, actor: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const kind = await ctx.jobs.discard(id, { tx });
    if (!kind) throw notFound();
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'job.discarded',
      targetType: 'job',
      targetId: null,
      targetLabel: `${kind} ${id}`,
    });
  });
}
