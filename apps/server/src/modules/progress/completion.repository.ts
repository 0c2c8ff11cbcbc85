import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  certificates,
  chapterCompletionRules,
  chapters,
  mcTests,
  seminarCompletionSettings,
  seminarCompletions,
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

  /** the seminars of tests, by test (tests on no chapter left out) */
  async seminarsOfTests(db: DbOrTx, mcTestIds: number[]): Promise<Map<number, number>> {
    if (mcTestIds.length === 0) return new Map();
    const rows = await db
      .select({ id: mcTests.id, seminarId: chapters.seminarId })
      .from(mcTests)
      .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .where(inArray(mcTests.id, mcTestIds));
    return new Map(rows.map((r) => [r.id, r.seminarId]));
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
