import cronParser from 'cron-parser';
import type PgBoss from 'pg-boss';

/** a kind's schedule, as the queue keeps it */
export interface JobSchedule {
  kind: string;
  /** the cron expression (minute granularity) */
  cron: string;
  /** the time zone the expression is read in (this code schedules in UTC) */
  timezone: string;
  /**
   * the start of the next period from now (the run follows within the queue's look at the
   * schedules, `cronMonitorIntervalSeconds`); null when the expression cannot be read
   */
  nextRunAt: Date | null;
}

/** every schedule pg-boss keeps (its table `schedule`), by kind */
export async function listSchedules(boss: PgBoss): Promise<JobSchedule[]> {
  const rows = (await boss.getSchedules()) as (PgBoss.Schedule & { timezone?: string })[];
  return rows
    .map((r) => scheduleOf(r.name, r.cron, r.timezone ?? 'UTC'))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** a schedule with the start of its next period (from `now`) */
function scheduleOf(kind: string, cron: string, timezone: string, now = new Date()): JobSchedule {
  let nextRunAt: Date | null = null;
  try {
    nextRunAt = cronParser.parseExpression(cron, { tz: timezone, currentDate: now }).next().toDate();
  } catch {
    // pg-boss checked the expression when it was scheduled; a row it cannot read (written by
    // hand, say) is listed without its next run
  }
  return { kind, cron, timezone, nextRunAt };
}
