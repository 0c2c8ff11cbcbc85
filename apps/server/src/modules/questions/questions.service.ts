import {
  ANSWERS_PER_QUESTION_MAX,
  type AnswerDto,
  type CreateAnswerBody,
  encodeMessage,
  type McTestDto,
  type Paginated,
  type QuestionDto,
  type UpdateAnswerBody,
  type UpdateQuestionBody,
} from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound, validation } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { mcTestPolicy } from '../../policies/mc-test.policy.ts';
import { questionsPersonalData } from './questions.personal-data.ts';
import { toAnswerDto, toQuestionDto } from './questions.presenter.ts';
import { type QuestionRow, questionsRepository as repo } from './questions.repository.ts';

export type QuestionsService = ReturnType<typeof createQuestionsService>;

const tooManyAnswers = (field: string) =>
  validation(
    { [field]: [encodeMessage('question.too_many_answers', { max: ANSWERS_PER_QUESTION_MAX })] },
    'question.too_many_answers',
    'question.too_many_answers',
  );

/**
 * The question pool of each owner and the answers of its questions. A question of another owner
 * is not found for the caller (admins manage all).
 */
/** what the question pool needs of the tests (the mc-tests service, wired in app.ts; no import back) */
export interface TestQuestionLinks {
  requireRoom(actor: AuthUser, testId: number, extra: number): Promise<unknown>;
  attach(actor: AuthUser, testId: number, questionIds: number[]): Promise<McTestDto>;
  unattach(actor: AuthUser, testId: number, questionId: number): Promise<McTestDto>;
}

export function createQuestionsService(deps: { db: Db; mcTests: TestQuestionLinks }) {
  const { db, mcTests } = deps;

  /** sanitized question text; 422 when nothing visible is left */
  function cleanLabel(label: string): string {
    const clean = sanitizeRichText(label);
    if (
      clean
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim() === '' &&
      !/<img\s/i.test(clean)
    ) {
      throw validation({ label: [encodeMessage('validation.required')] });
    }
    return clean;
  }

  async function requireManaged(actor: AuthUser, id: number): Promise<QuestionRow> {
    const q = await repo.findById(db, id);
    if (!q || !mcTestPolicy.manage(actor, q)) throw notFound();
    return q;
  }

  async function dto(id: number): Promise<QuestionDto> {
    const row = await repo.findWithAnswers(db, id);
    if (!row) throw notFound();
    return toQuestionDto(row);
  }

  /** an answer whose question the caller manages */
  async function requireManagedAnswer(actor: AuthUser, id: number) {
    const found = await repo.findAnswer(db, id);
    if (!found || !mcTestPolicy.manage(actor, { ownerId: found.ownerId })) throw notFound();
    return found.answer;
  }

  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: questionsPersonalData(db),
    async list(
      actor: AuthUser,
      q: { page: number; per_page: number; q?: string; exclude_mc_test_id?: number; id?: number },
    ): Promise<Paginated<QuestionDto>> {
      const { rows, total } = await repo.page(db, {
        ownerId: mcTestPolicy.managesEvery(actor) ? null : actor.id,
        q: q.q?.trim() || undefined,
        excludeTestId: q.exclude_mc_test_id,
        id: q.id,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return {
        data: rows.map(toQuestionDto),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    /** a new pool question, optionally appended to a test the caller manages at once */
    async create(
      actor: AuthUser,
      body: {
        label: string;
        points?: number | null;
        answers: { label: string; correct: boolean }[];
        mcTestId?: number;
      },
    ): Promise<QuestionDto> {
      if (!mcTestPolicy.author(actor)) throw forbidden();
      // checked before anything is written
      if (body.mcTestId !== undefined) await mcTests.requireRoom(actor, body.mcTestId, 1);
      const label = cleanLabel(body.label);
      const id = await db.transaction(async (tx) => {
        const q = await repo.insert(tx, {
          ownerId: actor.id,
          label,
          points: body.points ?? null,
        });
        await repo.insertAnswers(tx, q.id, body.answers);
        return q.id;
      });
      if (body.mcTestId !== undefined) await mcTests.attach(actor, body.mcTestId, [id]);
      return dto(id);
    },

    async update(actor: AuthUser, body: UpdateQuestionBody): Promise<QuestionDto> {
      const q = await requireManaged(actor, body.id);
      await repo.update(db, q.id, {
        label: cleanLabel(body.label),
        ...(body.points !== undefined ? { points: body.points } : {}),
      });
      return dto(q.id);
    },

    async remove(actor: AuthUser, id: number): Promise<void> {
      const q = await requireManaged(actor, id);
      await repo.delete(db, q.id);
    },

    /** @throws question.too_many_answers (422) */
    async createAnswer(actor: AuthUser, body: CreateAnswerBody): Promise<AnswerDto> {
      const q = await requireManaged(actor, body.question_id);
      const stats = await repo.answerStats(db, q.id);
      if (stats.count >= ANSWERS_PER_QUESTION_MAX) throw tooManyAnswers('question_id');
      const [row] = await repo.insertAnswers(
        db,
        q.id,
        [{ label: body.label, correct: body.correct }],
        stats.maxPosition + 1,
      );
      await repo.touch(db, q.id);
      return toAnswerDto(row!);
    },

    async updateAnswer(actor: AuthUser, body: UpdateAnswerBody): Promise<AnswerDto> {
      const answer = await requireManagedAnswer(actor, body.id);
      const row = await repo.updateAnswer(db, answer.id, {
        ...(body.label !== undefined ? { label: body.label.trim() } : {}),
        ...(body.correct !== undefined ? { correct: body.correct } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
      });
      if (!row) throw notFound();
      await repo.touch(db, answer.questionId);
      return toAnswerDto(row);
    },

    async removeAnswer(actor: AuthUser, id: number): Promise<void> {
      const answer = await requireManagedAnswer(actor, id);
      await repo.deleteAnswer(db, answer.id);
      await repo.touch(db, answer.questionId);
    },
  };
}
