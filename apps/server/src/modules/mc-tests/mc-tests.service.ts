import {
  type AssignedTestDto,
  type ChapterRef,
  type CreateMcTestBody,
  encodeMessage,
  type McTestDto,
  type McTestListItem,
  type McTestMode,
  type OwnerChapter,
  type Paginated,
  QUESTIONS_PER_TEST_MAX,
  type QuestionDto,
  type UpdateMcTestBody,
} from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../../errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { mcTestPolicy, type TakeFacts } from '../../policies/mc-test.policy.ts';
import { toQuestionDto } from '../questions/questions.presenter.ts';
import type { QuestionWithAnswers } from '../questions/questions.read-model.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { mcTestsPersonalData } from './mc-tests.personal-data.ts';
import {
  type ChapterRefRow,
  type McTestItemRow,
  type McTestRow,
  mcTestsRepository as repo,
  type SeminarRefRow,
  type StudentTestRow,
} from './mc-tests.repository.ts';

const iso = (d: Date) => d.toISOString();

export type McTestsService = ReturnType<typeof createMcTestsService>;

const chapterRef = (c: ChapterRefRow | null, s: SeminarRefRow | null): ChapterRef | null =>
  c && s
    ? { id: c.id, label: c.label, chapter_id: c.chapterId, unlocked: c.unlocked as 0 | 1, seminar: s }
    : null;

export function toListItem(r: McTestItemRow): McTestListItem {
  const t = r.test;
  return {
    id: t.id,
    label: t.label,
    percent_to_accomplish: t.percentToAccomplish,
    mode: t.mode as McTestMode,
    enabled: t.enabled as 0 | 1,
    chapter_id: t.chapterId,
    chapter: chapterRef(r.chapter, r.seminar),
    owner: {
      id: r.owner.id,
      username: r.owner.username,
      first_name: r.owner.firstName,
      last_name: r.owner.lastName,
    },
    questions_count: r.questionsCount,
    runs_count: r.runsCount,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

/**
 * Tests: their settings, their questions (links to the pool), the chapter they sit on, granted
 * exam runs, and who may take them. Managers (owner or admin) edit; a test of another owner is
 * not found for the caller.
 */
export function createMcTestsService(deps: { db: Db; seminars: SeminarsService }) {
  const { db, seminars } = deps;

  /** a test the caller manages; 404 when it does not exist or belongs to someone else */
  async function requireManaged(actor: AuthUser, id: number): Promise<McTestRow> {
    const test = await repo.findById(db, id);
    if (!test || !mcTestPolicy.manage(actor, test)) throw notFound();
    return test;
  }

  async function item(id: number): Promise<McTestListItem> {
    const row = await repo.findItem(db, id);
    if (!row) throw notFound();
    return toListItem(row);
  }

  async function detail(id: number): Promise<McTestDto> {
    const [base, qs] = await Promise.all([item(id), repo.questionsOf(db, id)]);
    return { ...base, questions: qs.map(toQuestionDto) };
  }

  /** the chapter must exist and belong to a seminar the caller manages */
  async function requireManagedChapter(actor: AuthUser, chapterId: number) {
    const chapter = await repo.findChapter(db, chapterId);
    if (!chapter) throw notFound();
    const access = await seminars.access(actor, chapter.seminarId);
    if (!access.manage) throw forbidden();
    return chapter;
  }

  const tooManyQuestions = () =>
    validation(
      { questions: [encodeMessage('mc_test.too_many_questions', { max: QUESTIONS_PER_TEST_MAX })] },
      'mc_test.too_many_questions',
      'mc_test.too_many_questions',
    );

  /**
   * Applies mcTestPolicy.take to loaded facts; returns whether the caller manages the test.
   * @throws 404 not_found, 403 forbidden / mc_test.disabled / chapter.locked
   */
  function decide(actor: AuthUser, facts: TakeFacts): boolean {
    switch (mcTestPolicy.take(actor, facts)) {
      case 'ok':
        return mcTestPolicy.manage(actor, facts);
      case 'not_found':
        throw notFound();
      case 'forbidden':
        throw forbidden();
      case 'disabled':
        throw new AppError(403, 'mc_test.disabled', 'mc_test.disabled');
      case 'locked':
        throw new AppError(403, 'chapter.locked', 'chapter.locked');
    }
  }

  function studentDto(r: StudentTestRow, manage: boolean): AssignedTestDto {
    const t = r.test;
    const mode = t.mode as McTestMode;
    const allowed = manage ? null : mcTestPolicy.runsAllowed(mode, r.extraRuns);
    const used = mode === 'exam' ? r.examRuns : r.allRuns;
    return {
      id: t.id,
      label: t.label,
      percent_to_accomplish: t.percentToAccomplish,
      mode,
      enabled: t.enabled as 0 | 1,
      chapter_id: t.chapterId,
      chapter: chapterRef(r.chapter, r.seminar),
      questions_count: r.questionsCount,
      runs_used: used,
      runs_allowed: allowed,
      open_run_id: r.openRunId,
      can_start: r.questionsCount > 0 && (r.openRunId !== null || allowed === null || r.examRuns < allowed),
      accomp: !!r.accomp,
      best_percent: r.bestPercent === null ? null : Number(r.bestPercent),
      passed: (Number(r.passed) === 1 ? 1 : 0) as 0 | 1,
    };
  }

  return {
    requireManaged,
    item,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: mcTestsPersonalData(db),

    /** a managed test that can take `extra` more questions */
    async requireRoom(actor: AuthUser, id: number, extra: number): Promise<McTestRow> {
      const test = await requireManaged(actor, id);
      if ((await repo.links(db, test.id)).ids.size + extra > QUESTIONS_PER_TEST_MAX) throw tooManyQuestions();
      return test;
    },

    async list(
      actor: AuthUser,
      q: { page: number; per_page: number; q?: string },
    ): Promise<Paginated<McTestListItem>> {
      const { rows, total } = await repo.page(db, {
        ownerId: mcTestPolicy.managesEvery(actor) ? null : actor.id,
        q: q.q?.trim() || undefined,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return {
        data: rows.map(toListItem),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    async get(actor: AuthUser, id: number): Promise<McTestDto> {
      await requireManaged(actor, id);
      return detail(id);
    },

    async questions(actor: AuthUser, id: number): Promise<QuestionDto[]> {
      await requireManaged(actor, id);
      return (await repo.questionsOf(db, id)).map(toQuestionDto);
    },

    async create(actor: AuthUser, body: CreateMcTestBody & { enabled?: number }): Promise<McTestDto> {
      if (!mcTestPolicy.author(actor)) throw forbidden();
      const chapterId = body.chapter_id ?? null;
      if (chapterId !== null) await requireManagedChapter(actor, chapterId);
      const row = await repo.insert(db, {
        ownerId: actor.id,
        label: body.label,
        percentToAccomplish: body.percent_to_accomplish,
        mode: body.mode,
        enabled: body.enabled === 1 ? 1 : 0,
        chapterId,
      });
      return detail(row.id);
    },

    async update(actor: AuthUser, body: UpdateMcTestBody): Promise<McTestDto> {
      const test = await requireManaged(actor, body.id);
      await repo.update(db, test.id, {
        label: body.label,
        percentToAccomplish: body.percent_to_accomplish,
        mode: body.mode,
      });
      return detail(test.id);
    },

    /** @throws mc_test.has_runs (409) while runs exist, unless confirmed */
    async remove(actor: AuthUser, id: number, confirm: boolean): Promise<void> {
      const test = await requireManaged(actor, id);
      if (!confirm && (await repo.countRuns(db, test.id)) > 0) {
        throw conflict('mc_test.has_runs', 'mc_test.has_runs');
      }
      await repo.delete(db, test.id);
    },

    async toggleEnabled(actor: AuthUser, id: number): Promise<McTestDto> {
      const test = await requireManaged(actor, id);
      await repo.update(db, test.id, { enabled: test.enabled === 1 ? 0 : 1 });
      return detail(test.id);
    },

    /** puts the test on a chapter of a seminar the caller manages (both ends are checked) */
    async assign(actor: AuthUser, testId: number, chapterId: number): Promise<McTestDto> {
      const test = await requireManaged(actor, testId);
      await requireManagedChapter(actor, chapterId);
      await repo.update(db, test.id, { chapterId });
      return detail(test.id);
    },

    async unassign(actor: AuthUser, testId: number, chapterId?: number): Promise<McTestDto> {
      const test = await requireManaged(actor, testId);
      if (chapterId !== undefined && test.chapterId !== chapterId) {
        throw validation({ 'chapterTest.chapterId': [encodeMessage('validation.invalid')] });
      }
      await repo.update(db, test.id, { chapterId: null });
      return detail(test.id);
    },

    /**
     * Appends pool questions to a test. The caller must manage the test and every question.
     * @throws mc_test.too_many_questions (422)
     */
    async attach(actor: AuthUser, testId: number, questionIds: number[]): Promise<McTestDto> {
      const test = await requireManaged(actor, testId);
      const unique = [...new Set(questionIds)];
      const found = await repo.questionOwners(db, unique);
      if (found.length !== unique.length || found.some((q) => !mcTestPolicy.manage(actor, q))) {
        throw notFound();
      }
      const links = await repo.links(db, test.id);
      const fresh = unique.filter((id) => !links.ids.has(id));
      if (links.ids.size + fresh.length > QUESTIONS_PER_TEST_MAX) throw tooManyQuestions();
      await repo.attach(db, test.id, fresh, links.maxPosition + 1);
      await repo.update(db, test.id, {});
      return detail(test.id);
    },

    async unattach(actor: AuthUser, testId: number, questionId: number): Promise<McTestDto> {
      const test = await requireManaged(actor, testId);
      if ((await repo.unattach(db, test.id, questionId)) === 0) throw notFound();
      await repo.update(db, test.id, {});
      return detail(test.id);
    },

    async ownerChapters(actor: AuthUser, seminarId?: number): Promise<OwnerChapter[]> {
      const rows = await repo.ownerChapters(
        db,
        mcTestPolicy.managesEvery(actor) ? null : actor.id,
        seminarId,
      );
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        chapter_id: r.chapterId,
        unlocked: r.unlocked as 0 | 1,
        position: r.position,
        seminar: r.seminar,
        mc_tests: r.tests.map((t) => ({
          id: t.id,
          label: t.label,
          enabled: t.enabled as 0 | 1,
          mode: t.mode as McTestMode,
        })),
      }));
    },

    /** one more exam run for `userId` (repeatable) */
    async grantRun(actor: AuthUser, testId: number, userId: number) {
      const test = await requireManaged(actor, testId);
      if (!(await repo.userExists(db, userId))) {
        throw validation({ userId: [encodeMessage('validation.invalid')] });
      }
      const extra = await repo.grantRun(db, test.id, userId, actor.id);
      return {
        mc_test_id: test.id,
        user_id: userId,
        runs_used: await repo.examRunsOf(db, test.id, userId),
        runs_allowed: 1 + extra,
      };
    },

    /** enabled tests on unlocked chapters of seminars the caller may play (/mcTest/assigned) */
    async assigned(actor: AuthUser): Promise<AssignedTestDto[]> {
      return (await repo.assignedTo(db, actor.id)).map((r) => studentDto(r, false));
    },

    /** the tests of one chapter for its play page */
    async onChapter(actor: AuthUser, chapterId: number): Promise<AssignedTestDto[]> {
      const chapter = await repo.chapterFlags(db, chapterId);
      if (!chapter) throw notFound();
      const access = await seminars.access(actor, chapter.seminarId);
      if (!access.play) throw forbidden();
      if (!access.manage && (chapter.unlocked !== 1 || (chapter.parentUnlocked ?? 1) !== 1)) {
        throw new AppError(403, 'chapter.locked', 'chapter.locked');
      }
      const rows = await repo.onChapter(db, chapterId, actor.id, access.manage);
      return rows.map((r) => studentDto(r, mcTestPolicy.manage(actor, r.test)));
    },

    /**
     * May the caller take the test now? The one place that decides it (mcTestPolicy.take on facts
     * loaded in one query). Returns the test and whether the caller manages it.
     * @throws 404 not_found, 403 forbidden / mc_test.disabled / chapter.locked
     */
    async takeAccess(actor: AuthUser, testId: number): Promise<{ test: McTestRow; manage: boolean }> {
      const facts = await repo.takeFacts(db, testId, actor.id);
      if (!facts) throw notFound();
      const { test } = facts;
      const manage = decide(actor, {
        ownerId: test.ownerId,
        enabled: test.enabled,
        chapter:
          facts.seminar && facts.chapterUnlocked !== null
            ? {
                unlocked: facts.chapterUnlocked,
                parentUnlocked: facts.parentUnlocked,
                seminar: facts.seminar,
                booked: !!facts.booked,
              }
            : null,
      });
      return { test, manage };
    },
    decide,

    /** the questions of a test with answers and correct flags (for a run's snapshot) */
    questionsForRun: (testId: number): Promise<QuestionWithAnswers[]> => repo.questionsOf(db, testId),
    /** exam runs the user started and extra runs granted */
    runBudget: (testId: number, userId: number) => repo.runBudget(db, testId, userId),
  };
}
