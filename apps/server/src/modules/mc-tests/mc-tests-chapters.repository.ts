import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapters,
  mcTestGrants,
  mcTestQuestions,
  mcTests,
  seminars,
  userGraduateMctests,
} from '../../db/schema/index.ts';
import { holdsSql } from '../enrolments/enrolments.sql.ts';
import { parent, type StudentTestRow, testIdCol } from './mc-tests.rows.ts';

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

/**
 * Tests as they sit on chapters: the chapter look-ups of managers, the facts of the take rule and
 * the learners' lists of tests with their runs.
 */
export const mcTestChaptersRepository = {
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
};
