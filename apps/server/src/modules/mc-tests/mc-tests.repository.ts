import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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
import { type QuestionWithAnswers, questionWithAnswers } from '../questions/questions.read-model.ts';
import { type McTestItemRow, type McTestRow, testIdCol } from './mc-tests.rows.ts';

export type {
  ChapterRefRow,
  McTestItemRow,
  McTestRow,
  SeminarRefRow,
  StudentTestRow,
} from './mc-tests.rows.ts';

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

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The only place that builds queries on tests, their question links and granted runs (the tests
 * as they sit on chapters, for managers and learners: mc-tests-chapters.repository.ts).
 */
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
  /** `minutes` more for a user on a test; returns all extra minutes granted */
  async grantMinutes(
    db: DbOrTx,
    testId: number,
    userId: number,
    minutes: number,
    grantedBy: number,
    at: Date,
  ): Promise<number> {
    const [row] = await db
      .insert(mcTestGrants)
      .values({ mcTestId: testId, userId, extraMinutes: minutes, grantedBy, updatedAt: at })
      .onConflictDoUpdate({
        target: [mcTestGrants.mcTestId, mcTestGrants.userId],
        set: { extraMinutes: sql`${mcTestGrants.extraMinutes} + ${minutes}`, grantedBy, updatedAt: at },
      })
      .returning({ extraMinutes: mcTestGrants.extraMinutes });
    return row?.extraMinutes ?? minutes;
  },
  /** the extra minutes granted to a user on a test (0 without a grant) */
  async extraMinutes(db: DbOrTx, testId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ m: mcTestGrants.extraMinutes })
      .from(mcTestGrants)
      .where(and(eq(mcTestGrants.mcTestId, testId), eq(mcTestGrants.userId, userId)))
      .limit(1);
    return row?.m ?? 0;
  },
  /** moves the deadline of the user's open timed run of the test; returns it (undefined: none) */
  async extendOpenRun(
    db: DbOrTx,
    testId: number,
    userId: number,
    minutes: number,
  ): Promise<Date | undefined> {
    const [row] = await db
      .update(userGraduateMctests)
      // never past the test's close (issue 37 item 4): least() passes over a null close
      .set({
        deadline: sql`least(${userGraduateMctests.deadline} + make_interval(mins => ${minutes}::int),
          (select closes_at from mc_tests where id = ${testId}))`,
      })
      .where(
        and(
          eq(userGraduateMctests.mcTestId, testId),
          eq(userGraduateMctests.userId, userId),
          isNull(userGraduateMctests.stoppedAt),
          isNotNull(userGraduateMctests.deadline),
        ),
      )
      .returning({ deadline: userGraduateMctests.deadline });
    return row?.deadline ?? undefined;
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
  async userRef(db: DbOrTx, id: number): Promise<{ firstName: string; lastName: string } | undefined> {
    const [row] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
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
