import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapterFiles,
  chapters,
  chapterUsers,
  mcTests,
  userGraduateMctests,
  videoProgress,
} from '../../db/schema/index.ts';

/**
 * Learners' last activity and best test result per seminar (the company's team view, issue 36
 * item 7), in one statement for any number of learners and seminars. Activity: a done mark, a
 * video position saved, a test run started or finished. The best result: the highest score of a
 * finished run of a test on a chapter of the seminar.
 */
export async function activityOf(
  db: DbOrTx,
  userIds: number[],
  seminarIds: number[],
): Promise<{ userId: number; seminarId: number; lastActivity: Date | null; bestResult: number | null }[]> {
  if (userIds.length === 0 || seminarIds.length === 0) return [];
  const marks = db
    .select({
      userId: chapterUsers.userId,
      seminarId: chapters.seminarId,
      at: sql<Date>`${chapterUsers.doneAt}`.as('at'),
      score: sql<number | null>`null::double precision`.as('score'),
    })
    .from(chapterUsers)
    .innerJoin(chapters, eq(chapters.id, chapterUsers.chapterId))
    .where(and(inArray(chapterUsers.userId, userIds), inArray(chapters.seminarId, seminarIds)));
  const videos = db
    .select({
      userId: videoProgress.userId,
      seminarId: chapters.seminarId,
      at: sql<Date>`${videoProgress.updatedAt}`.as('at'),
      score: sql<number | null>`null::double precision`.as('score'),
    })
    .from(videoProgress)
    .innerJoin(chapterFiles, eq(chapterFiles.id, videoProgress.fileId))
    .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
    .where(and(inArray(videoProgress.userId, userIds), inArray(chapters.seminarId, seminarIds)));
  const runs = db
    .select({
      userId: userGraduateMctests.userId,
      seminarId: chapters.seminarId,
      at: sql<Date>`coalesce(${userGraduateMctests.stoppedAt}, ${userGraduateMctests.startedAt})`.as('at'),
      score: sql<
        number | null
      >`case when ${isNotNull(userGraduateMctests.stoppedAt)} then ${userGraduateMctests.achievedPercent}::double precision end`.as(
        'score',
      ),
    })
    .from(userGraduateMctests)
    .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
    .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
    .where(and(inArray(userGraduateMctests.userId, userIds), inArray(chapters.seminarId, seminarIds)));
  const all = marks.unionAll(videos).unionAll(runs).as('activity');
  const rows = await db
    .select({
      userId: all.userId,
      seminarId: all.seminarId,
      lastActivity: sql<Date | null>`max(${all.at})`.mapWith(videoProgress.updatedAt),
      bestResult: sql<number | null>`max(${all.score})`,
    })
    .from(all)
    .groupBy(all.userId, all.seminarId);
  return rows.map((r) => ({
    userId: r.userId,
    seminarId: r.seminarId,
    lastActivity: r.lastActivity ?? null,
    bestResult: r.bestResult === null ? null : Number(r.bestResult),
  }));
}
