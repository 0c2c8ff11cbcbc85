import { VIDEO_DONE_SHARE } from '@elearn/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  certificates,
  chapterCompletionRules,
  chapterFiles,
  chapters,
  mcTests,
  seminarCompletionSettings,
  seminarCompletions,
  videoProgress,
} from '../../db/schema/index.ts';

/** Completion settings and stored completions with their certificates (part of progressRepository). */
export const completionRepository = {
  /** every chapter of a seminar (the owner's settings form) */
  async chapterIdsOf(db: DbOrTx, seminarId: number): Promise<number[]> {
    const rows = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.seminarId, seminarId));
    return rows.map((r) => r.id);
  },

  /** the seminar of a test (through its chapter; none for a test on no chapter) */
  async seminarOfTest(db: DbOrTx, mcTestId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ seminarId: chapters.seminarId })
      .from(mcTests)
      .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .where(eq(mcTests.id, mcTestId));
    return row?.seminarId;
  },

  /**
   * per save (in order): the seminar whose completion the save may have decided (its video is in
   * a chapter done by coverage, the user's coverage of it passes the rule, no completion stored),
   * else null; one statement for all
   */
  async coveragePassed(db: DbOrTx, saves: { userId: number; fileId: number }[]): Promise<(number | null)[]> {
    if (saves.length === 0) return [];
    const rows = await db
      .selectDistinct({
        userId: videoProgress.userId,
        fileId: videoProgress.fileId,
        seminarId: chapters.seminarId,
      })
      .from(videoProgress)
      .innerJoin(chapterFiles, eq(chapterFiles.id, videoProgress.fileId))
      .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
      .innerJoin(
        chapterCompletionRules,
        and(eq(chapterCompletionRules.chapterId, chapters.id), eq(chapterCompletionRules.videoDone, true)),
      )
      .where(
        and(
          inArray(videoProgress.userId, [...new Set(saves.map((s) => s.userId))]),
          inArray(videoProgress.fileId, [...new Set(saves.map((s) => s.fileId))]),
          sql`${videoProgress.durationS} > 0 and ${videoProgress.watchedS} >= ${VIDEO_DONE_SHARE} * ${videoProgress.durationS}`,
          sql`not exists (select 1 from ${seminarCompletions} sc
            where sc.user_id = ${videoProgress.userId} and sc.seminar_id = ${chapters.seminarId})`,
        ),
      );
    const of = new Map(rows.map((r) => [`${r.userId}/${r.fileId}`, r.seminarId]));
    return saves.map((s) => of.get(`${s.userId}/${s.fileId}`) ?? null);
  },

  /** stores completions and their certificates (each once: a second call changes nothing) */
  async complete(
    db: DbOrTx,
    rows: {
      userId: number;
      seminarId: number;
      at: Date;
      certificate: Omit<
        typeof certificates.$inferInsert,
        'userId' | 'seminarId' | 'completedAt' | 'issuedAt'
      >;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.transaction(async (tx) => {
      await tx
        .insert(seminarCompletions)
        .values(rows.map((r) => ({ userId: r.userId, seminarId: r.seminarId, completedAt: r.at })))
        .onConflictDoNothing();
      await tx
        .insert(certificates)
        .values(
          rows.map((r) => ({
            ...r.certificate,
            userId: r.userId,
            seminarId: r.seminarId,
            completedAt: r.at,
            issuedAt: r.at,
          })),
        )
        .onConflictDoNothing();
    });
  },

  async settings(db: DbOrTx, seminarId: number) {
    const [row] = await db
      .select()
      .from(seminarCompletionSettings)
      .where(eq(seminarCompletionSettings.seminarId, seminarId));
    const rules = await db
      .select({ chapterId: chapterCompletionRules.chapterId })
      .from(chapterCompletionRules)
      .innerJoin(chapters, eq(chapters.id, chapterCompletionRules.chapterId))
      .where(and(eq(chapters.seminarId, seminarId), eq(chapterCompletionRules.videoDone, true)))
      .orderBy(asc(chapterCompletionRules.chapterId));
    return {
      hours: row?.hours ?? null,
      requireConfirmation: row?.requireConfirmation ?? false,
      videoDoneChapterIds: rules.map((r) => r.chapterId),
    };
  },

  async saveSettings(
    db: DbOrTx,
    seminarId: number,
    s: { hours: number | null; requireConfirmation: boolean; videoDoneChapterIds: number[] },
    allChapterIds: number[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .insert(seminarCompletionSettings)
        .values({ seminarId, hours: s.hours, requireConfirmation: s.requireConfirmation })
        .onConflictDoUpdate({
          target: seminarCompletionSettings.seminarId,
          set: { hours: s.hours, requireConfirmation: s.requireConfirmation },
        });
      if (allChapterIds.length) {
        await tx
          .delete(chapterCompletionRules)
          .where(inArray(chapterCompletionRules.chapterId, allChapterIds));
      }
      if (s.videoDoneChapterIds.length) {
        await tx
          .insert(chapterCompletionRules)
          .values(s.videoDoneChapterIds.map((chapterId) => ({ chapterId, videoDone: true })));
      }
    });
  },
};
