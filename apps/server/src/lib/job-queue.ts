import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';
import { runBatch } from './job-queue/batch.ts';
import { databaseExecutor, type SqlExecutor, transactionExecutor } from './job-queue/executor.ts';
import { insertJobs } from './job-queue/insert.ts';
import {
  countFailed,
  dueCount,
  type FailedJob,
  failedKindOf,
  type KindStats,
  kindStats,
  listFailed,
} from './job-queue/operators.ts';
import { type JobSchedule, listSchedules } from './job-queue/schedules.ts';

export type { FailedJob, JobSchedule, KindStats };

/** what a handler learns about its job besides the payload */
export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export interface KindOptions {
  /** at most this many jobs of the kind run at once in this instance (default 1) */
  concurrency?: number;
  /** runs after the first before the job is failed for good (the dead-letter state; default 5) */
  retryLimit?: number;
  /** seconds before the first retry (default 10) */
  retryDelay?: number;
  /** doubles the delay with every retry, with jitter (default true) */
  retryBackoff?: boolean;
  /** seconds a run may take; a job active longer (its worker died) is failed and retried (default 900) */
  expireIn?: number;
  /**
   * jobs a worker fetches with one statement and runs at once (default 1); each ends on its own
   * (a failed one is retried, the others complete together after the batch)
   */
  batchSize?: number;
  /**
   * a payload field (e.g. a mail's `to`): jobs with the same value run in the order they were
   * queued, across batches, workers, instances and retries (lib/job-queue/batch.ts)
   */
  orderBy?: string;
}

export interface EnqueueOptions {
  /** the caller's Drizzle transaction: the job commits or rolls back with the caller's write */
  tx?: Tx;
  /** with `singletonSeconds`: at most one job of the kind with this key per period of that length */
  singletonKey?: string;
  singletonSeconds?: number;
  /** with both: when this period's job exists, the job goes into the next period (runs at its start) */
  singletonNextSlot?: boolean;
  /** not before this moment */
  startAfter?: Date;
}

export interface JobQueueOptions {
  /** PostgreSQL: the queue's own few connections (default: the app's pool) */
  databaseUrl?: string;
  /** how often an idle worker looks for a job, seconds (default 2, at least 0.5) */
  pollingIntervalSeconds?: number;
  /** how often expired jobs are failed (and so retried) and old ones archived, seconds (default 60) */
  maintenanceIntervalSeconds?: number;
  /** how often the schedules are looked at, seconds (default 30; 1 to 45) */
  cronMonitorIntervalSeconds?: number;
  /** false: this instance enqueues but runs no jobs (`define` starts no workers; default true) */
  work?: boolean;
  /** false: this instance neither runs schedules nor maintenance (default: as `work`) */
  supervise?: boolean;
  onError?: (err: unknown) => void;
}

export interface JobQueue {
  define<P extends object>(
    kind: string,
    handler: (payload: P, job: JobContext) => Promise<void>,
    opts?: KindOptions,
  ): Promise<void>;
  /**
   * the job's id; null when a singleton of the same key and period exists already.
   * @throws for a kind that was never defined (its job would be lost)
   */
  enqueue(kind: string, payload: object, opts?: EnqueueOptions): Promise<string | null>;
  /** several jobs of one kind with one statement (job-queue/insert.ts) */
  enqueueMany(kind: string, payloads: object[]): Promise<void>;
  /** once per period of the cron expression (UTC, minute granularity) across all instances */
  schedule(kind: string, cron: string, payload?: object): Promise<void>;
  unschedule(kind: string): Promise<void>;
  /** every schedule (of any instance), by kind */
  schedules(): Promise<JobSchedule[]>;
  failed(kind?: string): Promise<FailedJob[]>;
  /** a page of the failed jobs, the latest failure first, and how many there are */
  failedPage(opts: {
    kind?: string;
    limit: number;
    offset: number;
  }): Promise<{ jobs: FailedJob[]; total: number }>;
  /**
   * runs a failed job again (with `tx`: in the caller's transaction, e.g. with its audit entry);
   * the job's kind, null when there is no failed job with this id
   */
  retry(id: string, opts?: { tx?: Tx }): Promise<string | null>;
  /** deletes a failed job; its kind, null when there is no failed job with this id */
  discard(id: string, opts?: { tx?: Tx }): Promise<string | null>;
  /** per kind defined here or present in the table */
  stats(): Promise<KindStats[]>;
  /** jobs due now or running (tests wait for none: `test/jobs.ts` drainJobs) */
  due(): Promise<number>;
  /** this instance's idle workers look for jobs now instead of after their polling interval */
  wake(): void;
  /** stops fetching; waits for running jobs up to `timeout` ms (those still running then are failed, to be retried) */
  stop(opts?: { graceful?: boolean; timeout?: number }): Promise<void>;
}

const DAY = 24 * 60 * 60;

/**
 * A job queue on the app's database (pg-boss, schema `pgboss`, created by the migration
 * 0024_job_queue.sql so a test database has it from its snapshot): PGlite or PostgreSQL.
 */
export async function openJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const pool = database.kind === 'pg' && opts.databaseUrl ? ownPool(opts) : undefined;
  let stopped = false;
  const open = databaseExecutor(database, pool);
  // pg-boss records a job's end (complete, fail) without awaiting it: stop() waits for those
  // statements before the pool closes. One case is left: a handler that outlives stop()'s timeout
  // (pg-boss has failed its job by then, to be retried) ends after the pool or the database closed;
  // its late statement is not sent and gets pg-boss's "nothing updated" answer (a rejection would
  // be unhandled inside pg-boss)
  const inFlight = new Set<Promise<unknown>>();
  const db: SqlExecutor = {
    executeSql(text, values) {
      if (stopped) return Promise.resolve({ rows: [{ count: 0 }] });
      const running = open.executeSql(text, values);
      inFlight.add(running);
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      );
      return running;
    },
  };
  const work = opts.work ?? true;
  const supervise = opts.supervise ?? work;
  const boss = new PgBoss({
    db,
    migrate: false,
    supervise,
    schedule: supervise,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
    cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 30,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    // failed jobs stay in the job table, where operators see and retry them, for 30 days
    archiveFailedAfterSeconds: 30 * DAY,
    archiveCompletedAfterSeconds: DAY,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => (opts.onError ?? ((e) => console.error('job queue error', e)))(err));
  try {
    await boss.start();
  } catch (err) {
    await pool?.end();
    throw err;
  }
  const defined = new Set<string>();
  const workers: string[] = [];
  return {
    async define(kind, handler, kindOpts = {}) {
      await ensureQueue(boss, kind, kindOpts);
      defined.add(kind);
      if (!work) return;
      const fetch = { batchSize: kindOpts.batchSize ?? 1, includeMetadata: true } as const;
      for (let i = 0; i < (kindOpts.concurrency ?? 1); i++) {
        let id = '';
        id = await boss.work<object>(kind, fetch, async (batch) => {
          try {
            await runBatch(
              boss,
              kind,
              batch,
              handler,
              kindOpts.orderBy ? { orderBy: kindOpts.orderBy, db } : undefined,
            );
          } finally {
            // pg-boss 10 waits its polling interval after every fetch, also one that found a job
            // (one batch per interval and worker): a worker that found one looks for the next at once
            if (id && batch.length) boss.notifyWorker(id);
          }
        });
        workers.push(id);
      }
    },
    enqueue: (kind, payload, o = {}) => enqueue(boss, database, kind, payload, o),
    enqueueMany: (kind, payloads) => insertJobs(boss, kind, payloads, defined.has(kind)),
    async schedule(kind, cron, payload = {}) {
      await boss.schedule(kind, cron, payload, { tz: 'UTC' });
    },
    unschedule: (kind) => boss.unschedule(kind),
    schedules: () => listSchedules(boss),
    failed: (kind) => listFailed(db, kind),
    async failedPage({ kind, limit, offset }) {
      const [jobs, total] = await Promise.all([
        listFailed(db, kind, { limit, offset }),
        countFailed(db, kind),
      ]);
      return { jobs, total };
    },
    retry(id, o = {}) {
      const exec = o.tx ? transactionExecutor(database, o.tx) : db;
      return onFailed(exec, id, (kind) => boss.retry(kind, id, { db: exec } as PgBoss.ConnectionOptions));
    },
    discard(id, o = {}) {
      const exec = o.tx ? transactionExecutor(database, o.tx) : db;
      return onFailed(exec, id, (kind) => boss.deleteJob(kind, id, { db: exec } as PgBoss.ConnectionOptions));
    },
    async stats() {
      const rows = await kindStats(db);
      const seen = new Set(rows.map((r) => r.kind));
      const idle = [...defined].filter((k) => !seen.has(k));
      const zeros = idle.map((kind) => ({ kind, queued: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 }));
      return [...rows, ...zeros].sort((a, b) => a.kind.localeCompare(b.kind));
    },
    due: () => dueCount(db),
    wake() {
      for (const id of workers) boss.notifyWorker(id);
    },
    async stop({ graceful = true, timeout = 30_000 } = {}) {
      await boss.stop({ graceful, timeout, wait: true, close: false });
      // the ends of the jobs that finished in time, sent by pg-boss without awaiting them
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      stopped = true;
      await pool?.end();
    },
  };
}

/** the kind's queue, with this code's options */
async function ensureQueue(boss: PgBoss, kind: string, kindOpts: KindOptions): Promise<void> {
  const queueOptions = {
    name: kind,
    retryLimit: kindOpts.retryLimit ?? 5,
    retryDelay: kindOpts.retryDelay ?? 10,
    retryBackoff: kindOpts.retryBackoff ?? true,
    expireInSeconds: kindOpts.expireIn ?? 900,
  };
  // instances that start together create the same queues at once: PostgreSQL may end one of
  // them as a deadlock (40P01), which is then tried again (the queue is there by then)
  await retryOnDeadlock(() => boss.createQueue(kind, queueOptions));
  // an existing queue keeps its row: the options of this code apply to new jobs from now on
  await retryOnDeadlock(() => boss.updateQueue(kind, queueOptions));
}

/** `step` again after a deadlock PostgreSQL broke (at most five times, after a short random wait) */
export async function retryOnDeadlock<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}

function ownPool(opts: JobQueueOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4, application_name: 'job-queue' });
  pool.on('error', (err) => opts.onError?.(err));
  return pool;
}

async function enqueue(boss: PgBoss, database: Database, kind: string, payload: object, o: EnqueueOptions) {
  const db: SqlExecutor | undefined = o.tx ? transactionExecutor(database, o.tx) : undefined;
  const id = await boss.send(kind, payload, {
    ...(db ? { db } : {}),
    ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
    ...(o.singletonSeconds ? { singletonSeconds: o.singletonSeconds } : {}),
    ...(o.singletonNextSlot ? { singletonNextSlot: true } : {}),
    ...(o.startAfter ? { startAfter: o.startAfter } : {}),
  } as PgBoss.SendOptions);
  // pg-boss answers null for a kind without its queue (never defined): the job would be lost
  if (!id && !o.singletonKey) throw new Error(`job kind ${kind} is not defined: define it before enqueuing`);
  return id;
}

async function onFailed(
  db: SqlExecutor,
  id: string,
  act: (kind: string) => Promise<unknown>,
): Promise<string | null> {
  const kind = await failedKindOf(db, id);
  if (!kind) return null;
  await act(kind);
  return kind;
}
