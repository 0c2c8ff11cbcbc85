import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userGraduateMctests } from '../../db/schema/index.ts';

/** What the learners' reviews depend on besides their runs (issue 37 item 5; part of graduateRepository). */
export const reviewRepository = {
  /** which of the users have an accomplished run of the test (the review policy's "after passing") */
  async accomplishedLearners(db: DbOrTx, testId: number, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ userId: userGraduateMctests.userId })
      .from(userGraduateMctests)
      .where(
        and(
          eq(userGraduateMctests.mcTestId, testId),
          inArray(userGraduateMctests.userId, [...new Set(userIds)]),
          eq(userGraduateMctests.accomp, true),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  },
};
