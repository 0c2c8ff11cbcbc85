import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/query-helpers.ts';
import { graduateItems } from '../graduate/graduate.items.ts';
import type { AskedQuestion, ResponseGroup } from './item-analysis.stats.ts';

export interface ItemAnalysisFilter {
  testId: number;
  /** runs started at or after */
  from: Date | null;
  /** runs started before */
  until: Date | null;
  mode: 'exam' | 'practice' | null;
}

/**
 * The only place that builds queries for the item analysis. Two statements whatever the number
 * of runs: the aggregation over `mc_item_responses` (one row per question of a scored run, derived
 * from its snapshot and choices, item-rows.ts) and the questions as asked in each item's newest run.
 */
export const itemAnalysisRepository = {
  /**
   * The runs in the filter, the score cut-offs of the upper and lower 27 % (the k-th best and
   * k-th worst score, k = round(0.27 × runs), at least 1; runs tied with the cut-off belong to
   * the group) and the responses grouped by question form, rightness, chosen answers and group.
   */
  async groups(db: DbOrTx, f: ItemAnalysisFilter) {
    const where = sql`mc_test_id = ${f.testId}
          and (${f.from}::timestamptz is null or started_at >= ${f.from}::timestamptz)
          and (${f.until}::timestamptz is null or started_at < ${f.until}::timestamptz)
          and (${f.mode}::text is null or mode = ${f.mode}::text)`;
    // the runs' scores from their first rows (a partial index), the cut-offs and group sizes once,
    // then one pass over the responses grouped by form, rightness, chosen answers and group
    const res = await db.execute(sql`with ordered as materialized (
        select score, row_number() over (order by score desc) as rd,
          row_number() over (order by score asc) as ra, count(*) over () as total
        from mc_item_responses where n = 1 and ${where}
      ),
      cuts as materialized (
        select coalesce(max(total), 0)::int as runs,
          min(score) filter (where rd = greatest(1, round(0.27 * total))) as upper_cut,
          max(score) filter (where ra = greatest(1, round(0.27 * total))) as lower_cut
        from ordered
      ),
      sizes as materialized (
        select c.runs, c.upper_cut, c.lower_cut,
          count(o.score) filter (where o.score >= c.upper_cut)::int as upper_runs,
          count(o.score) filter (where o.score <= c.lower_cut)::int as lower_runs
        from cuts c left join ordered o on true
        group by c.runs, c.upper_cut, c.lower_cut
      )
      select s.runs, s.upper_runs, s.lower_runs, g.* from sizes s left join lateral (
        select question_id, item_key::text as item_key, "right", chosen,
          score >= s.upper_cut as upper, score <= s.lower_cut as lower,
          count(*)::int as count, count(rest)::int as rest_count,
          coalesce(sum(rest), 0)::float8 as rest_sum, coalesce(sum(rest * rest), 0)::float8 as rest_squares,
          min(run_id)::int as first_run, max(run_id)::int as last_run, min(n)::int as position
        from mc_item_responses
        where ${where}
        group by question_id, item_key, "right", chosen, score >= s.upper_cut, score <= s.lower_cut
      ) g on true`);
    const rows = rowsOf(res);
    const runs = Number(rows[0]?.runs ?? 0);
    const upperRuns = Number(rows[0]?.upper_runs ?? 0);
    const lowerRuns = Number(rows[0]?.lower_runs ?? 0);
    const groups: ResponseGroup[] = rows
      .filter((r) => r.question_id != null)
      .map((r) => ({
        questionId: Number(r.question_id),
        itemKey: String(r.item_key),
        right: r.right === true || r.right === 't',
        chosen: Number(r.chosen),
        upper: r.upper === true || r.upper === 't',
        lower: r.lower === true || r.lower === 't',
        count: Number(r.count),
        restCount: Number(r.rest_count),
        restSum: Number(r.rest_sum),
        restSquares: Number(r.rest_squares),
        firstRun: Number(r.first_run),
        lastRun: Number(r.last_run),
        position: Number(r.position),
      }));
    return { runs, upperRuns, lowerRuns, groups };
  },

  /**
   * The questions of the given runs as asked (text, answers with their key, from graduate's
   * snapshots), by run and question id, and whether each question is still in the pool.
   */
  async askedIn(db: DbOrTx, runIds: number[]): Promise<Map<string, AskedQuestion>> {
    const out = new Map<string, AskedQuestion>();
    if (runIds.length === 0) return out;
    const res = await db.execute(sql`select a.run_id, a.question,
        exists (select 1 from questions p where p.id = (a.question->>'id')::int) as in_pool
      from (${graduateItems.askedQuestionsSql(runIds)}) a`);
    for (const r of rowsOf(res)) {
      const raw = r.question;
      const q = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
        id: number;
        label: string;
        answers: { id: number; label: string; correct: boolean }[];
      };
      out.set(`${Number(r.run_id)}/${q.id}`, {
        label: q.label,
        inPool: r.in_pool === true || r.in_pool === 't',
        answers: q.answers.map((a) => ({ id: a.id, label: a.label, correct: a.correct })),
      });
    }
    return out;
  },
};
