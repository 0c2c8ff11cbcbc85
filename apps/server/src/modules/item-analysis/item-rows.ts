import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { graduateItems } from '../graduate/graduate.items.ts';

/*
 * The item rows (`mc_item_responses`, one per question of a scored run) are derived from the run's
 * snapshot and its stored choices after the stop has answered: a stop only marks its result
 * pending (graduate's `items_pending`, migration 0020; graduate/graduate.items.ts). A deriver on every instance
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
  /** derive the pending results soon: `delayMs` after the last call, at most `maxDelayMs` after the first */
  scheduleSoon(): void;
  /** waits for a running pass and drops a scheduled one */
  close(): Promise<void>;
}

/**
 * The background deriver of one instance. Stops that arrive together are derived together, after
 * their answers: the pass waits until stops pause for `delayMs`, but no longer than `maxDelayMs`.
 * A failed pass is logged; its results stay pending for the next pass or the next analysis.
 */
export function createItemRowsDeriver(
  db: DbOrTx,
  log: Pick<FastifyBaseLogger, 'error'>,
  opts: { delayMs?: number; maxDelayMs?: number } = {},
): ItemRowsDeriver {
  const delayMs = opts.delayMs ?? 1000;
  const maxDelayMs = opts.maxDelayMs ?? 5000;
  let timer: NodeJS.Timeout | null = null;
  let firstAt = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const pass = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = derivePending(db, true)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'deriving the item rows failed'))
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          scheduleSoon();
        }
      });
  };
  const scheduleSoon = () => {
    if (closed) return;
    const now = Date.now();
    if (timer) {
      // stops keep coming: wait for a pause, but not past the longest delay
      if (now - firstAt + delayMs > maxDelayMs) return;
      clearTimeout(timer);
    } else {
      firstAt = now;
    }
    timer = setTimeout(pass, delayMs);
    timer.unref();
  };
  return {
    scheduleSoon,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
