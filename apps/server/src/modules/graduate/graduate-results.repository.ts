import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type Page, pagedFromNearerEnd, rowsOf } from '../../db/query-helpers.ts';
import { mcTests, userGraduateMctests, userGraduateResults, users } from '../../db/schema/index.ts';

const confirmer = alias(users, 'confirmer');

/**
 * Graduation, the runs and results of one test and their statistics, a user's stopped runs (part
 * of graduateRepository).
 */
export const resultsRepository = {
  /** a run with its test's owner and label and the run's user (for confirmation and audit) */
  async runWithTestOwner(db: DbOrTx, runId: number) {
    const [row] = await db
      .select({
        run: userGraduateMctests,
        ownerId: mcTests.ownerId,
        label: mcTests.label,
        user: { firstName: users.firstName, lastName: users.lastName },
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .where(eq(userGraduateMctests.id, runId))
      .limit(1);
    return row;
  },
  async setPassed(db: DbOrTx, runId: number, passed: 0 | 1, by: number, at: Date): Promise<void> {
    await db
      .update(userGraduateMctests)
      .set(
        passed
          ? { passed, confirmedBy: by, confirmedAt: at }
          : { passed, confirmedBy: null, confirmedAt: null },
      )
      .where(eq(userGraduateMctests.id, runId));
  },

  /** every run of a test with its user and who confirmed it, newest first */
  async runsOfTest(db: DbOrTx, testId: number) {
    return runsQuery(db, testId).orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id));
  },
  /**
   * One page of a test's runs, newest first, and their number (issue 39): a page in the later half
   * is read from the oldest end, so the last page of a test with thousands of runs costs the first's.
   */
  async runsOfTestPage(db: DbOrTx, testId: number, page: Page) {
    const where = eq(userGraduateMctests.mcTestId, testId);
    return pagedFromNearerEnd(
      db,
      page,
      db.select({ one: sql`1` }).from(userGraduateMctests).where(where),
      (direction, window) =>
        runsQuery(db, testId)
          .orderBy(
            ...(direction === 'forward'
              ? [desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id)]
              : [asc(userGraduateMctests.startedAt), asc(userGraduateMctests.id)]),
          )
          .limit(window.limit)
          .offset(window.offset),
    );
  },
  /**
   * A test's runs counted in the database (the report, issue 39: it loaded every run): per
   * finished or not, accomplished or not and 10 % bucket of the result (0–9 … 90–99, 100), the
   * number of runs and the sum of their percents; at most 44 rows whatever the number of runs.
   */
  async runBuckets(db: DbOrTx, testId: number) {
    const rows = rowsOf(
      await db.execute(sql`select b.finished, b.accomp, b.bucket, count(*)::int as n,
          sum(b.percent)::float8 as percent_sum
        from (select ${userGraduateMctests.stoppedAt} is not null as finished,
            coalesce(${userGraduateMctests.accomp}, false) as accomp,
            coalesce(${userGraduateMctests.achievedPercent}, 0) as percent,
            least(10, greatest(0, floor(coalesce(${userGraduateMctests.achievedPercent}, 0) / 10)))::int as bucket
          from ${userGraduateMctests} where ${userGraduateMctests.mcTestId} = ${testId}) b
        group by 1, 2, 3`),
    );
    return rows.map((r) => ({
      finished: r.finished === true || r.finished === 't',
      accomp: r.accomp === true || r.accomp === 't',
      bucket: Number(r.bucket),
      n: Number(r.n),
      percentSum: Number(r.percent_sum ?? 0),
    }));
  },
  /** the results of the given runs with the snapshots they were scored on, newest first */
  async resultsOfRuns(db: DbOrTx, runIds: number[]) {
    if (runIds.length === 0) return [];
    return db
      .select({
        id: userGraduateResults.id,
        userGraduateMctestId: userGraduateResults.userGraduateMctestId,
        snapshot: userGraduateMctests.snapshot,
        choices: userGraduateResults.choices,
        createdAt: userGraduateResults.createdAt,
      })
      .from(userGraduateResults)
      .innerJoin(userGraduateMctests, eq(userGraduateMctests.id, userGraduateResults.userGraduateMctestId))
      .where(inArray(userGraduateResults.userGraduateMctestId, runIds))
      .orderBy(desc(userGraduateResults.createdAt), desc(userGraduateResults.id));
  },
  /**
   * Per question of a test: in how many finished runs it was asked and how often it was right,
   * from the stored choices (the label of the newest snapshot), in the order first asked. Counted
   * without the snapshots (issue 39: an ordered aggregate over every answer carried each run's
   * snapshot through a sort, 200 ms for 2,600 runs); the newest result per question is the largest
   * [created µs, result id, run id, position], and only those few runs' snapshots are read.
   */
  async questionStats(db: DbOrTx, testId: number) {
    const result = await db.execute(sql`with agg as (
        select (c.v->>'q')::int as question_id,
          count(*)::int as answered,
          count(*) filter (where (c.v->>'r')::boolean)::int as right_count,
          min(c.n) as first_n,
          max(array[(extract(epoch from res.created_at) * 1000000)::bigint, res.id,
            res.user_graduate_mctest_id, c.n]) as newest
        from ${userGraduateResults} res
        join ${userGraduateMctests} r on r.id = res.user_graduate_mctest_id
        cross join lateral jsonb_array_elements(res.choices) with ordinality as c(v, n)
        where r.mc_test_id = ${testId}
        group by 1)
      select agg.question_id, agg.answered, agg.right_count,
        s.snapshot->'questions'->(agg.newest[4]::int - 1)->>'label' as label
      from agg join ${userGraduateMctests} s on s.id = agg.newest[3]
      order by agg.first_n, agg.question_id`);
    return (
      result as unknown as {
        rows: { question_id: number; label: string; answered: number; right_count: number }[];
      }
    ).rows.map((r) => ({
      questionId: Number(r.question_id),
      label: r.label,
      answered: Number(r.answered),
      right: Number(r.right_count),
    }));
  },
  /** the user's stopped runs over all tests, newest first (the admin area's user detail) */
  async stoppedRunsOfUser(db: DbOrTx, userId: number) {
    return db
      .select({
        runId: userGraduateMctests.id,
        mcTest: { id: mcTests.id, label: mcTests.label },
        achievedPercent: userGraduateMctests.achievedPercent,
        accomp: userGraduateMctests.accomp,
        passed: userGraduateMctests.passed,
        stoppedAt: userGraduateMctests.stoppedAt,
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .where(and(eq(userGraduateMctests.userId, userId), isNotNull(userGraduateMctests.stoppedAt)))
      .orderBy(desc(userGraduateMctests.stoppedAt));
  },
};

/** the runs of a test with their users and who confirmed them (order and window added by the caller) */
function runsQuery(db: DbOrTx, testId: number) {
  return db
    .select({
      run: {
        id: userGraduateMctests.id,
        mcTestId: userGraduateMctests.mcTestId,
        mode: userGraduateMctests.mode,
        startedAt: userGraduateMctests.startedAt,
        stoppedAt: userGraduateMctests.stoppedAt,
        achievedPercent: userGraduateMctests.achievedPercent,
        accomp: userGraduateMctests.accomp,
        passed: userGraduateMctests.passed,
        confirmedAt: userGraduateMctests.confirmedAt,
      },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      confirmer: { id: confirmer.id, firstName: confirmer.firstName, lastName: confirmer.lastName },
    })
    .from(userGraduateMctests)
    .innerJoin(users, eq(users.id, userGraduateMctests.userId))
    .leftJoin(confirmer, eq(confirmer.id, userGraduateMctests.confirmedBy))
    .where(eq(userGraduateMctests.mcTestId, testId));
}
