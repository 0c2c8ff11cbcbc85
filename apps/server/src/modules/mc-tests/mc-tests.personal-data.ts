import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mcTestGrants, mcTests } from '../../db/schema/index.ts';

/**
 * Issue 19: the tests a trainer owns (exported; they stay with the anonymised account after an
 * erasure, because students' runs belong to them) and the extra runs granted to a person
 * (exported; deleted with the account), extra runs and extra minutes alike.
 */
export function mcTestsPersonalData(db: Db) {
  return {
    async collectOwned(ownerId: number) {
      return db
        .select({
          id: mcTests.id,
          label: mcTests.label,
          mode: mcTests.mode,
          percent_to_accomplish: mcTests.percentToAccomplish,
          enabled: mcTests.enabled,
          chapter_id: mcTests.chapterId,
          created_at: mcTests.createdAt,
          updated_at: mcTests.updatedAt,
        })
        .from(mcTests)
        .where(eq(mcTests.ownerId, ownerId))
        .orderBy(asc(mcTests.id));
    },
    async collectGrants(userId: number) {
      return db
        .select({
          mc_test_id: mcTestGrants.mcTestId,
          extra_runs: mcTestGrants.extraRuns,
          extra_minutes: mcTestGrants.extraMinutes,
          granted_by: mcTestGrants.grantedBy,
          updated_at: mcTestGrants.updatedAt,
        })
        .from(mcTestGrants)
        .where(eq(mcTestGrants.userId, userId))
        .orderBy(asc(mcTestGrants.mcTestId));
    },
    async eraseGrants(userId: number) {
      await db.delete(mcTestGrants).where(eq(mcTestGrants.userId, userId));
    },
  };
}
