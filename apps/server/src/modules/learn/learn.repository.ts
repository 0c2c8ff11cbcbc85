import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { seminarVisits } from '../../db/schema/index.ts';

export interface VisitRow {
  seminarId: number;
  chapterId: number;
  visitedAt: Date;
}

/** The chapter each learner opened last per seminar (table `seminar_visits`, issue 36). */
export const learnRepository = {
  /** the learner's last chapter in each of `seminarIds` (one statement) */
  async visitsOf(db: DbOrTx, userId: number, seminarIds: number[]): Promise<VisitRow[]> {
    if (seminarIds.length === 0) return [];
    return db
      .select({
        seminarId: seminarVisits.seminarId,
        chapterId: seminarVisits.chapterId,
        visitedAt: seminarVisits.visitedAt,
      })
      .from(seminarVisits)
      .where(and(eq(seminarVisits.userId, userId), inArray(seminarVisits.seminarId, seminarIds)));
  },
  /** records that the learner opened `chapterId` of `seminarId` now (one row per learner and seminar) */
  async saveVisit(db: DbOrTx, v: { userId: number; seminarId: number; chapterId: number; at: Date }) {
    await db
      .insert(seminarVisits)
      .values({ userId: v.userId, seminarId: v.seminarId, chapterId: v.chapterId, visitedAt: v.at })
      .onConflictDoUpdate({
        target: [seminarVisits.userId, seminarVisits.seminarId],
        set: { chapterId: sql`excluded.chapter_id`, visitedAt: sql`excluded.visited_at` },
      });
  },
  async allOf(db: DbOrTx, userId: number) {
    return db
      .select({
        seminar_id: seminarVisits.seminarId,
        chapter_id: seminarVisits.chapterId,
        visited_at: seminarVisits.visitedAt,
      })
      .from(seminarVisits)
      .where(eq(seminarVisits.userId, userId))
      .orderBy(asc(seminarVisits.seminarId));
  },
  async eraseOf(db: DbOrTx, userId: number) {
    await db.delete(seminarVisits).where(eq(seminarVisits.userId, userId));
  },
};
