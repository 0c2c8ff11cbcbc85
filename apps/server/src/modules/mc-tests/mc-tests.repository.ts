import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapters,
  mcTestGrants,
  mcTestQuestions,
  mcTests,
  questions,
  seminars,
  userGraduateMctests,
  users,
} from '../../db/schema/index.ts';
import { holdsSql } from '../enrolments/enrolments.sql.ts';
import { type QuestionWithAnswers, questionWithAnswers } from '../questions/questions.read-model.ts';

export type McTestRow = typeof mcTests.$inferSelect;
export interface ChapterRefRow {
  id: number;
  label: string;
  chapterId: number | null;
  unlocked: number;
}
export interface SeminarRefRow {
  id: number;
  title: string;
  slug: string;
}
export interface McTestItemRow {
  test: McTestRow;
  chapter: ChapterRefRow | null;
  seminar: SeminarRefRow | null;
  owner: { id: number; username: string; firstName: string; lastName: string };
  questionsCount: number;
  runsCount: number;
}
export interface StudentTestRow {
  test: McTestRow;
  chapter: ChapterRefRow | null;
  seminar: SeminarRefRow | null;
  questionsCount: number;
  examRuns: number;
  allRuns: number;
  openRunId: number | null;
  accomp: boolean;
  bestPercent: number | null;
  passed: number;
  extraRuns: number;
}

// qualified explicitly: Drizzle renders columns of a one-table select without their table name
const testIdCol = sql.raw('"mc_tests"."id"');
const parent = alias(chapters, 'parent_chapter');

const testItem = {
  test: mcTests,
  chapter: {
    id: chapters.id,
    label: chapters.label,
    chapterId: chapters.chapterId,
    unlocked: chapters.unlocked,
  },
  seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
  owner: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName },
  questionsCount: sql<number>`(select count(*)::int from ${mcTestQuestions} tq where tq.mc_test_id = ${testIdCol})`,
  runsCount: sql<number>`(select count(*)::int from ${userGraduateMctests} r where r.mc_test_id = ${testIdCol})`,
};

/** a test with what one user did with it (assigned list, chapter play page) */
const studentTest = (userId: number) => ({
  test: mcTests,
  chapter: {
    id: chapters.id,
    label: chapters.label,
    chapterId: chapters.chapterId,
    unlocked: chapters.unlocked,
  },
  seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
  questionsCount: sql<number>`(select count(*)::int from ${mcTestQuestions} tq where tq.mc_test_id = ${testIdCol})`,
  examRuns: sql<number>`(select count(*)::int from ${userGraduateMctests} r where r.mc_test_id = ${testIdCol}
    and r.user_id = ${userId} and r.mode = 'exam')`,
  allRuns: sql<number>`(select count(*)::int from ${userGraduateMctests} r where r.mc_test_id = ${testIdCol}
    and r.user_id = ${userId})`,
  openRunId: sql<number | null>`(select r.id from ${userGraduateMctests} r where r.mc_test_id = ${testIdCol}
    and r.user_id = ${userId} and r.stopped_at is null limit 1)`,
  accomp: sql<boolean>`exists (select 1 from ${userGraduateMctests} r where r.mc_test_id = ${testIdCol}
    and r.user_id = ${userId} and r.accomp)`,
  bestPercent: sql<number | null>`(select max(r.achieved_percent) from ${userGraduateMctests} r
    where r.mc_test_id = ${testIdCol} and r.user_id = ${userId})`,
  passed: sql<number>`coalesce((select max(r.passed)::int from ${userGraduateMctests} r
    where r.mc_test_id = ${testIdCol} and r.user_id = ${userId}), 0)`,
  extraRuns: sql<number>`coalesce((select g.extra_runs from ${mcTestGrants} g where g.mc_test_id = ${testIdCol}
    and g.user_id = ${userId}), 0)`,
});

/**
 * The seminars a user may play, as SQL (the list counterpart of the seminar policy's `play`):
 * any grant (enrolments module: a free booking, a settled purchase, a company assignment).
 */
const playableBy = (userId: number): SQL => holdsSql(seminars.id, userId);

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only place that builds queries on tests, their question links and granted runs. */
export const mcTestsRepository = {
  async page(
    db: DbOrTx,
    opts: { ownerId: number | null; q?: string; limit: number; offset: number },
  ): Promise<{ rows: McTestItemRow[]; total: number }> {
    const where = and(
      opts.ownerId !== null ? eq(mcTests.ownerId, opts.ownerId) : undefined,
      opts.q ? ilike(mcTests.label, likeOf(opts.q)) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select(testItem)
        .from(mcTests)
        .innerJoin(users, eq(users.id, mcTests.ownerId))
        .leftJoin(chapters, eq(chapters.id, mcTests.chapterId))
        .leftJoin(seminars, eq(seminars.id, chapters.seminarId))
        .where(where)
        .orderBy(desc(mcTests.createdAt), desc(mcTests.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(mcTests).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async findItem(db: DbOrTx, id: number): Promise<McTestItemRow | undefined> {
    const [row] = await db
      .select(testItem)
      .from(mcTests)
      .innerJoin(users, eq(users.id, mcTests.ownerId))
      .leftJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .leftJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(eq(mcTests.id, id))
      .limit(1);
    return row;
  },
  async findById(db: DbOrTx, id: number): Promise<McTestRow | undefined> {
    const [row] = await db.select().from(mcTests).where(eq(mcTests.id, id)).limit(1);
    return row;
  },
  /** the questions of a test in order, with their answers */
  async questionsOf(db: DbOrTx, testId: number): Promise<QuestionWithAnswers[]> {
    return db
      .select(questionWithAnswers)
      .from(mcTestQuestions)
      .innerJoin(questions, eq(questions.id, mcTestQuestions.questionId))
      .where(eq(mcTestQuestions.mcTestId, testId))
      .orderBy(asc(mcTestQuestions.position), asc(questions.id));
  },
  async insert(db: DbOrTx, values: typeof mcTests.$inferInsert): Promise<McTestRow> {
    const [row] = await db.insert(mcTests).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async update(db: DbOrTx, id: number, values: Partial<typeof mcTests.$inferInsert>): Promise<void> {
    await db
      .update(mcTests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mcTests.id, id));
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(mcTests).where(eq(mcTests.id, id));
  },
  async countRuns(db: DbOrTx, testId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.mcTestId, testId));
    return row?.n ?? 0;
  },

  /** question ids already in the test and the last position */
  async links(db: DbOrTx, testId: number): Promise<{ ids: Set<number>; maxPosition: number }> {
    const rows = await db
      .select({ questionId: mcTestQuestions.questionId, position: mcTestQuestions.position })
      .from(mcTestQuestions)
      .where(eq(mcTestQuestions.mcTestId, testId));
    return {
      ids: new Set(rows.map((r) => r.questionId)),
      maxPosition: rows.reduce((m, r) => Math.max(m, r.position), -1),
    };
  },
  async attach(db: DbOrTx, testId: number, questionIds: number[], firstPosition: number): Promise<void> {
    if (questionIds.length === 0) return;
    await db
      .insert(mcTestQuestions)
      .values(
        questionIds.map((questionId, i) => ({ mcTestId: testId, questionId, position: firstPosition + i })),
      )
      .onConflictDoNothing();
  },
  async unattach(db: DbOrTx, testId: number, questionId: number): Promise<number> {
    const rows = await db
      .delete(mcTestQuestions)
      .where(and(eq(mcTestQuestions.mcTestId, testId), eq(mcTestQuestions.questionId, questionId)))
      .returning({ id: mcTestQuestions.questionId });
    return rows.length;
  },

  /** a chapter with its seminar id (for attaching a test) */
  async findChapter(db: DbOrTx, id: number): Promise<{ id: number; seminarId: number } | undefined> {
    const [row] = await db
      .select({ id: chapters.id, seminarId: chapters.seminarId })
      .from(chapters)
      .where(eq(chapters.id, id))
      .limit(1);
    return row;
  },
  /** chapters of the owner's seminars (every seminar when ownerId is null) with their tests */
  async ownerChapters(db: DbOrTx, ownerId: number | null, seminarId?: number) {
    const chapterIdCol = sql.raw('"chapters"."id"');
    return db
      .select({
        id: chapters.id,
        label: chapters.label,
        chapterId: chapters.chapterId,
        unlocked: chapters.unlocked,
        position: chapters.position,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        tests: sql<{ id: number; label: string; enabled: number; mode: string }[]>`coalesce((select
          json_agg(json_build_object('id', t.id, 'label', t.label, 'enabled', t.enabled, 'mode', t.mode)
          order by t.id) from ${mcTests} t where t.chapter_id = ${chapterIdCol}), '[]'::json)`,
      })
      .from(chapters)
      .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .where(
        and(
          ownerId !== null ? eq(seminars.ownerId, ownerId) : undefined,
          seminarId !== undefined ? eq(seminars.id, seminarId) : undefined,
        ),
      )
      .orderBy(
        asc(seminars.title),
        asc(seminars.id),
        sql`coalesce(${parent.position}, ${chapters.position})`,
        sql`coalesce(${parent.id}, ${chapters.id})`,
        sql`${chapters.chapterId} is not null`,
        asc(chapters.position),
        asc(chapters.id),
      );
  },

  /**
   * Everything the take rule needs about a test for one user, in one query: the test, its
   * chapter and parent flags, the seminar's facts and whether the user booked it.
   */
  async takeFacts(db: DbOrTx, testId: number, userId: number) {
    const [row] = await db
      .select({
        test: mcTests,
        chapterUnlocked: chapters.unlocked,
        parentUnlocked: parent.unlocked,
        seminar: {
          id: seminars.id,
          ownerId: seminars.ownerId,
          isPublic: seminars.isPublic,
          isCompany: seminars.isCompany,
          companyId: seminars.companyId,
        },
        booked: sql<boolean>`${holdsSql(seminars.id, userId)}`,
      })
      .from(mcTests)
      .leftJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .leftJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(eq(mcTests.id, testId))
      .limit(1);
    return row;
  },

  /** enabled tests on unlocked chapters of seminars the user may play, with the user's runs */
  async assignedTo(db: DbOrTx, userId: number): Promise<StudentTestRow[]> {
    return db
      .select(studentTest(userId))
      .from(mcTests)
      .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(
        and(
          eq(mcTests.enabled, 1),
          eq(chapters.unlocked, 1),
          or(isNull(parent.id), eq(parent.unlocked, 1)),
          playableBy(userId),
        ),
      )
      .orderBy(
        asc(seminars.title),
        asc(seminars.id),
        asc(chapters.position),
        asc(chapters.id),
        asc(mcTests.id),
      );
  },
  /** the tests on one chapter (only enabled ones unless `all`), with the user's runs */
  async onChapter(db: DbOrTx, chapterId: number, userId: number, all: boolean): Promise<StudentTestRow[]> {
    return db
      .select(studentTest(userId))
      .from(mcTests)
      .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(and(eq(mcTests.chapterId, chapterId), all ? undefined : eq(mcTests.enabled, 1)))
      .orderBy(asc(mcTests.id));
  },
  /** a chapter's flags and seminar id (for the chapter play list) */
  async chapterFlags(db: DbOrTx, chapterId: number) {
    const [row] = await db
      .select({
        id: chapters.id,
        seminarId: chapters.seminarId,
        unlocked: chapters.unlocked,
        parentUnlocked: parent.unlocked,
      })
      .from(chapters)
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .where(eq(chapters.id, chapterId))
      .limit(1);
    return row;
  },

  /** one more exam run for a user; returns the new number of extra runs */
  async grantRun(db: DbOrTx, testId: number, userId: number, grantedBy: number): Promise<number> {
    const [row] = await db
      .insert(mcTestGrants)
      .values({ mcTestId: testId, userId, extraRuns: 1, grantedBy })
      .onConflictDoUpdate({
        target: [mcTestGrants.mcTestId, mcTestGrants.userId],
        set: { extraRuns: sql`${mcTestGrants.extraRuns} + 1`, grantedBy, updatedAt: new Date() },
      })
      .returning({ extraRuns: mcTestGrants.extraRuns });
    return row?.extraRuns ?? 1;
  },
  async examRunsOf(db: DbOrTx, testId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userGraduateMctests)
      .where(
        and(
          eq(userGraduateMctests.mcTestId, testId),
          eq(userGraduateMctests.userId, userId),
          eq(userGraduateMctests.mode, 'exam'),
        ),
      );
    return row?.n ?? 0;
  },
  async runBudget(
    db: DbOrTx,
    testId: number,
    userId: number,
  ): Promise<{ examRuns: number; extraRuns: number }> {
    const result = await db.execute(sql`select
      (select count(*)::int from ${userGraduateMctests} r where r.mc_test_id = ${testId} and r.user_id = ${userId}
        and r.mode = 'exam') as exam_runs,
      coalesce((select g.extra_runs from ${mcTestGrants} g where g.mc_test_id = ${testId}
        and g.user_id = ${userId}), 0) as extra_runs`);
    const row = (result as unknown as { rows: { exam_runs: number; extra_runs: number }[] }).rows[0];
    return { examRuns: Number(row?.exam_runs ?? 0), extraRuns: Number(row?.extra_runs ?? 0) };
  },
  async questionOwners(db: DbOrTx, ids: number[]): Promise<{ id: number; ownerId: number }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: questions.id, ownerId: questions.ownerId })
      .from(questions)
      .where(inArray(questions.id, ids));
  },
  async userExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return !!row;
  },
  async testsByIds(db: DbOrTx, ids: number[]): Promise<McTestRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(mcTests).where(inArray(mcTests.id, ids));
  },
};
