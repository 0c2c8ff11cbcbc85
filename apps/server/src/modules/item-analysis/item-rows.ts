import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { graduateItems } from '../graduate/graduate.items.ts';

/*
 * The item rows (`mc_item_responses`, one per question of a scored run) are derived from the run's
 * snapshot and its stored choices after the stop has answered: a stop only marks its result
 * pending (graduate's `items_pending`, migration 0020; graduate/graduate.items.ts). A job of the queue
 * derives the pending results shortly after stops (`scheduleSoon`), and every item analysis first
 * derives what is still pending (`derivePending`), so it never misses a scored run. Deriving the
 * rows in the stop's own statement cost about as much as the rest of the stop (docs/decisions.md).
 */

/** results per derive statement */
const BATCH = 500;

/**
 * Derives the rows of up to `limit` pending results (oldest runs first) and marks them done, in one
 * transaction: graduate locks the pending results and names their runs, one statement derives the
 * rows from graduate's scored questions, graduate marks them derived. Answers how many results it
 * derived. `skipLocked`: a background pass leaves the results another instance is deriving to it;
 * a reader waits for them (then finds them done).
 */
export async function deriveItemRows(db: DbOrTx, limit = BATCH, skipLocked = false): Promise<number> {
  return db.transaction(async (tx) => {
    const runIds = await graduateItems.claimPending(tx, limit, skipLocked);
    if (runIds.length === 0) return 0;
    // PostgreSQL's planner estimates 100 rows per jsonb_array_elements, so the statement passes
    // jit_above_cost and compiling it took 0.45 s of a 5 ms statement (measured on PostgreSQL 15)
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`insert into mc_item_responses (run_id, n, mc_test_id, mode, started_at, question_id,
        item_key, weight, "right", chosen, score, rest)
      select q.run_id, q.n, q.mc_test_id, q.mode, q.started_at, q.question_id, q.item_key, q.w, q.x, q.chosen,
        case when sum(q.w) over w > 0
          then (sum(case when q.x then q.w else 0 end) over w)::float8 / (sum(q.w) over w) else 0 end,
        case when sum(q.w) over w > q.w
          then (sum(case when q.x then q.w else 0 end) over w - case when q.x then q.w else 0 end)::float8
            / (sum(q.w) over w - q.w) end
      from (${graduateItems.scoredItemsSql(runIds)}) q
      window w as (partition by q.run_id)
      on conflict do nothing`);
    await graduateItems.markDerived(tx, runIds);
    return runIds.length;
  });
}

/**
 * derives every pending result (what an item analysis does first); when none is pending, that
 * costs one look at the pending results' partial index
 */
export async function derivePending(db: DbOrTx, skipLocked = false): Promise<number> {
  if (!(await graduateItems.anyPending(db))) return 0;
  let total = 0;
  for (;;) {
    const n = await deriveItemRows(db, BATCH, skipLocked);
    total += n;
    if (n < BATCH) return total;
  }
}

export interface ItemRowsDeriver {
  /** the deriving job's worker (where the queue's workers run); before the first `scheduleSoon` */
  defineJobs(): Promise<void>;
  /**
   * derive the pending results soon: a job of the queue, so a pass promised before a crash or a
   * restart is made by whichever instance runs jobs next
   */
  scheduleSoon(): void;
  /** no more passes from here (a running one is the queue's: its stop lets it finish) */
  close(): Promise<void>;
}

/** the job kind of the deriving pass */
export const ITEM_ROWS_JOB = 'item-rows';

/**
 * The background deriver, on the job queue (issue 35; before: a timer in every instance). Stops
 * that arrive together are derived together, after their answers: one job per period of
 * `maxDelayMs` (at least a second; pg-boss's debounce: a stop in a period whose job exists already
 * queues the next period's, which runs at that period's start), each `delayMs` after its first stop.
 * A failed pass is logged and retried by the queue; its results stay pending meanwhile, and every
 * analysis derives what is pending first.
 */
export function createItemRowsDeriver(
  db: DbOrTx,
  log: Pick<FastifyBaseLogger, 'error'>,
  jobs: JobQueue,
  opts: { delayMs?: number; maxDelayMs?: number; kind?: string; retryDelay?: number } = {},
): ItemRowsDeriver {
  const delayMs = opts.delayMs ?? 1000;
  const period = Math.max(1, Math.round((opts.maxDelayMs ?? 5000) / 1000));
  const kind = opts.kind ?? ITEM_ROWS_JOB;
  let closed = false;
  return {
    async defineJobs() {
      await jobs.define(
        kind,
        async () => {
          try {
            await derivePending(db, true);
          } catch (error) {
            log.error({ err: error }, 'deriving the item rows failed; the queue retries it');
            throw error;
          }
        },
        { retryLimit: 5, retryDelay: opts.retryDelay ?? 10, retryBackoff: true, expireIn: 600 },
      );
    },
    scheduleSoon() {
      if (closed) return;
      jobs
        .enqueue(
          kind,
          {},
          {
            singletonKey: kind,
            singletonSeconds: period,
            singletonNextSlot: true,
            startAfter: new Date(Date.now() + delayMs),
          },
        )
        .catch((error: unknown) => log.error({ err: error }, 'queueing the item rows pass failed'));
    },
    async close() {
      closed = true;
    },
  };
}
