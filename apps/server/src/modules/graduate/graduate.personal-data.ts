import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mcTests, userGraduateMctests, userGraduateResults } from '../../db/schema/index.ts';
import { codingOf } from './answer-coding.ts';

/**
 * Issue 19: a person's test runs with their answers as stored (the run's snapshot and the scored
 * answer coding). They stay after the account is erased, anonymised with it (the test's owner
 * keeps the statistics and item analysis of the test; the runs name only the anonymised account).
 */
export function graduatePersonalData(db: Db) {
  /** one page of runs after `afterId`, oldest first */
  async function page(userId: number, afterId: number, limit: number) {
    const rows = await db
      .select({
        id: userGraduateMctests.id,
        mc_test_id: userGraduateMctests.mcTestId,
        mc_test_label: mcTests.label,
        mode: userGraduateMctests.mode,
        started_at: userGraduateMctests.startedAt,
        stopped_at: userGraduateMctests.stoppedAt,
        achieved_percent: userGraduateMctests.achievedPercent,
        accomplished: userGraduateMctests.accomp,
        right_count: userGraduateMctests.rightCount,
        total_count: userGraduateMctests.totalCount,
        passed: userGraduateMctests.passed,
        confirmed_by: userGraduateMctests.confirmedBy,
        confirmed_at: userGraduateMctests.confirmedAt,
        snapshot: userGraduateMctests.snapshot,
        choices: userGraduateResults.choices,
        scored_at: userGraduateResults.createdAt,
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .leftJoin(userGraduateResults, eq(userGraduateResults.userGraduateMctestId, userGraduateMctests.id))
      .where(and(eq(userGraduateMctests.userId, userId), gt(userGraduateMctests.id, afterId)))
      .orderBy(asc(userGraduateMctests.id))
      .limit(limit);
    return rows.map(({ choices, scored_at, ...run }) => ({
      ...run,
      result: choices ? { answer_coding: codingOf(run.snapshot, choices), created_at: scored_at } : null,
    }));
  }
  /** the runs page by page (a learner may have thousands: the export writes them as they come) */
  async function* pages(userId: number, size = 100) {
    let after = 0;
    for (;;) {
      const rows = await page(userId, after, size);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.id;
    }
  }
  return {
    pages,
    async collect(userId: number) {
      const all = [];
      for await (const rows of pages(userId)) all.push(...rows);
      return all;
    },
  };
}
