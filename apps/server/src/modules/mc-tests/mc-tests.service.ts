import type { CreateMcTestBody, UpdateMcTestBody } from '@elearn/shared';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { QuestionWithAnswers } from '../questions/questions.read-model.ts';
import type { McTestsContext, McTestsDeps } from './mc-tests.context.ts';
import { mcTestsPersonalData } from './mc-tests.personal-data.ts';
import { type McTestRow, mcTestsRepository as repo } from './mc-tests.repository.ts';
import { assignTest, ownerChapters, unassignTest } from './use-cases/assign-test.ts';
import { questionsForRun } from './use-cases/draw-questions.ts';
import { createTest, removeTest, toggleEnabled, updateTest } from './use-cases/edit-test.ts';
import { grantRun } from './use-cases/grant-run.ts';
import { grantTime } from './use-cases/grant-time.ts';
import { assignedTests, testsOnChapter } from './use-cases/learner-tests.ts';
import { requireManaged, requireRoom } from './use-cases/manage-access.ts';
import { getTest, listTests, testItem, testQuestions } from './use-cases/read-tests.ts';
import { decide, takeAccess } from './use-cases/take-test.ts';
import { attachQuestions, unattachQuestion } from './use-cases/test-questions.ts';
import { requireWindowOpen } from './use-cases/test-window.ts';

export type { McTestsDeps } from './mc-tests.context.ts';
export { toListItem } from './mc-tests.dto.ts';

export type McTestsService = ReturnType<typeof createMcTestsService>;

/**
 * Tests: their settings, their questions (links to the pool), the chapter they sit on, granted
 * exam runs, and who may take them. Managers (owner or admin) edit; a test of another owner is
 * not found for the caller. One use case (or a few related ones) per file under use-cases/.
 */
export function createMcTestsService(deps: McTestsDeps) {
  const ctx: McTestsContext = { ...deps, now: deps.now ?? Date.now, drawPools: new TtlCache(5000, 1000) };
  const { db } = ctx;
  return {
    requireManaged: (actor: AuthUser, id: number) => requireManaged(ctx, actor, id),
    item: (id: number) => testItem(ctx, id),
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: mcTestsPersonalData(db),

    /** a managed test that can take `extra` more questions */
    requireRoom: (actor: AuthUser, id: number, extra: number) => requireRoom(ctx, actor, id, extra),
    list: (actor: AuthUser, q: { page: number; per_page: number; q?: string }) => listTests(ctx, actor, q),
    get: (actor: AuthUser, id: number) => getTest(ctx, actor, id),
    questions: (actor: AuthUser, id: number) => testQuestions(ctx, actor, id),
    create: (actor: AuthUser, body: CreateMcTestBody & { enabled?: number }) => createTest(ctx, actor, body),
    update: (actor: AuthUser, body: UpdateMcTestBody) => updateTest(ctx, actor, body),
    /** @throws mc_test.has_runs (409) while runs exist, unless confirmed */
    remove: (actor: AuthUser, id: number, confirm: boolean) => removeTest(ctx, actor, id, confirm),
    toggleEnabled: (actor: AuthUser, id: number) => toggleEnabled(ctx, actor, id),
    /** puts the test on a chapter of a seminar the caller manages (both ends are checked) */
    assign: (actor: AuthUser, testId: number, chapterId: number) => assignTest(ctx, actor, testId, chapterId),
    unassign: (actor: AuthUser, testId: number, chapterId?: number) =>
      unassignTest(ctx, actor, testId, chapterId),
    /**
     * Appends pool questions to a test. The caller must manage the test and every question.
     * @throws mc_test.too_many_questions (422)
     */
    attach: (actor: AuthUser, testId: number, questionIds: number[]) =>
      attachQuestions(ctx, actor, testId, questionIds),
    unattach: (actor: AuthUser, testId: number, questionId: number) =>
      unattachQuestion(ctx, actor, testId, questionId),
    ownerChapters: (actor: AuthUser, seminarId?: number) => ownerChapters(ctx, actor, seminarId),
    /** one more exam run for `userId` (repeatable) */
    grantRun: (actor: AuthUser, testId: number, userId: number) => grantRun(ctx, actor, testId, userId),
    /**
     * `minutes` more on the time limit for `userId` (accessibility, audited); moves the deadline
     * of the user's open run at once
     */
    grantTime: (actor: AuthUser, testId: number, userId: number, minutes: number) =>
      grantTime(ctx, actor, testId, userId, minutes),
    /** the minutes a run of the user may take: the limit plus grants; null = no limit */
    runMinutes: async (test: { id: number; timeLimitMinutes: number | null }, userId: number) =>
      test.timeLimitMinutes === null
        ? null
        : test.timeLimitMinutes + (await repo.extraMinutes(db, test.id, userId)),
    /** enabled tests on unlocked chapters of seminars the caller may play (/mcTest/assigned) */
    assigned: (actor: AuthUser) => assignedTests(ctx, actor),
    /** the tests of one chapter for its play page */
    onChapter: (actor: AuthUser, chapterId: number) => testsOnChapter(ctx, actor, chapterId),
    /**
     * May the caller take the test now? The one place that decides it (mcTestPolicy.take on facts
     * loaded in one query). Returns the test and whether the caller manages it.
     * @throws 404 not_found, 403 forbidden / mc_test.disabled / chapter.locked
     */
    takeAccess: (actor: AuthUser, testId: number) => takeAccess(ctx, actor, testId),
    decide,
    /**
     * a run may start only inside the test's window (issue 37 item 4)
     * @throws 403 mc_test.not_open_yet / mc_test.closed
     */
    requireWindowOpen: (test: Pick<McTestRow, 'opensAt' | 'closesAt'>) => requireWindowOpen(test, ctx.now()),

    /**
     * the questions of a new run with answers and correct flags (for its snapshot): the linked ones
     * or a fresh draw (issue 37 item 3), in the order the run asks them
     * @throws 409 mc_test.draw_unsatisfiable
     */
    questionsForRun: (test: McTestRow): Promise<QuestionWithAnswers[]> => questionsForRun(ctx, test),
    /** exam runs the user started and extra runs granted */
    runBudget: (testId: number, userId: number) => repo.runBudget(db, testId, userId),
  };
}
