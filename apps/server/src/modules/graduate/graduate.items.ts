import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf, sqlList } from '../../db/query-helpers.ts';

/*
 * What the item analysis (issue 17) reads of the scored runs, and the flag that says whose item
 * rows are still to be derived (`user_graduate_results.items_pending`, migration 0020). The runs,
 * their snapshots and choices are graduate's: their storage (the snapshot's JSON, the choices in
 * its order, graduate/answer-coding.ts) is known here only; item-analysis asks through these
 * functions and owns what it derives from them (docs/decisions.md).
 */

export const graduateItems = {
  /** whether any scored run's item rows are still to be derived (one look at a partial index) */
  async anyPending(db: DbOrTx): Promise<boolean> {
    const res = await db.execute(sql`select 1 from user_graduate_results where items_pending limit 1`);
    return rowsOf(res).length > 0;
  },

  /**
   * Locks up to `limit` results still to be derived, oldest runs first, for the caller's
   * transaction, and answers their runs. `skipLocked`: leave the results another transaction
   * holds to it (a background pass); otherwise wait for them (a reader, which then finds them done).
   */
  async claimPending(tx: DbOrTx, limit: number, skipLocked: boolean): Promise<number[]> {
    const lock = skipLocked ? sql.raw('for update skip locked') : sql.raw('for update');
    const res = await tx.execute(sql`select user_graduate_mctest_id as run_id from user_graduate_results
      where items_pending order by user_graduate_mctest_id limit ${limit} ${lock}`);
    return rowsOf(res).map((r) => Number(r.run_id));
  },

  /** marks the results of these runs derived */
  async markDerived(tx: DbOrTx, runIds: number[]): Promise<void> {
    if (runIds.length === 0) return;
    await tx.execute(sql`update user_graduate_results set items_pending = false
      where user_graduate_mctest_id in (${sqlList(runIds)})`);
  },

  /**
   * A select of the scored questions of these runs, from each run's snapshot and stored choices,
   * to be used as a subquery in one statement. Columns: `run_id`, `n` (the question's position,
   * 1-based), `mc_test_id`, `mode`, `started_at`, `question_id`, `item_key` (md5 of the question
   * as asked: label, answers with their key), `w` (points, at least 1), `x` (answered right),
   * `chosen` (the answers chosen as bits in the order of their ids, up to 31).
   */
  scoredItemsSql(runIds: number[]): SQL {
    return sql`select r.id as run_id, q.n, r.mc_test_id, r.mode, r.started_at, q.qid as question_id,
        q.item_key, q.w, q.x, q.chosen
      from user_graduate_mctests r
      join user_graduate_results res on res.user_graduate_mctest_id = r.id,
      lateral (
        select e.n::smallint as n, (e.v->>'id')::int as qid,
          md5(concat_ws(E'\\x1e', e.v->>'label', (
            select string_agg(concat_ws(E'\\x1f', a.v->>'id', a.v->>'correct', a.v->>'label'), E'\\x1e'
              order by (a.v->>'id')::int)
            from jsonb_array_elements(e.v->'answers') a(v))))::uuid as item_key,
          case when (e.v->>'points')::int > 0 then (e.v->>'points')::int else 1 end as w,
          coalesce((c.v->>'r')::boolean, false) as x,
          coalesce((
            select sum(1 << (o.k - 1)::int)
            from (select a.v, row_number() over (order by (a.v->>'id')::int) as k
              from jsonb_array_elements(e.v->'answers') a(v)) o
            where o.k <= 31 and coalesce(c.v->'a' @> (o.v->'id'), false)), 0)::int as chosen
        from jsonb_array_elements(r.snapshot->'questions') with ordinality e(v, n)
        -- the choices are stored in the snapshot's order (answer-coding.ts)
        left join lateral (select res.choices->(e.n::int - 1) as v) c on c.v->>'q' = e.v->>'id'
      ) q
      where r.id in (${sqlList(runIds)})`;
  },

  /**
   * A select of the questions of these runs as asked (columns `run_id`, `question`: the
   * snapshot's question as JSON), to be used as a subquery in one statement
   */
  askedQuestionsSql(runIds: number[]): SQL {
    return sql`select r.id as run_id, q.v as question
      from user_graduate_mctests r
      cross join lateral jsonb_array_elements(r.snapshot->'questions') q(v)
      where r.id in (${sqlList(runIds)})`;
  },
};
