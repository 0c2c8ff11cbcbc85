import type {
  CreateAnswerBody,
  QuestionCategoriesQuery,
  QuestionExportQuery,
  UpdateAnswerBody,
  UpdateQuestionBody,
} from '@elearn/shared';
import type { AuthUser } from '../../plugins/session.ts';
import type { QuestionsContext, QuestionsDeps } from './questions.context.ts';
import { questionsPersonalData } from './questions.personal-data.ts';
import { createAnswer, removeAnswer, updateAnswer } from './use-cases/edit-answer.ts';
import {
  createQuestion,
  type NewQuestion,
  removeQuestion,
  updateQuestion,
} from './use-cases/edit-question.ts';
import {
  exportQuestions,
  importQuestions,
  listCategories,
  previewImport,
  type QuestionFile,
} from './use-cases/exchange-questions.ts';
import { listQuestions } from './use-cases/list-questions.ts';

export type { QuestionsDeps, TestQuestionLinks } from './questions.context.ts';

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/**
 * The question pool of each owner and the answers of its questions. A question of another owner
 * is not found for the caller (admins manage all). One file per group of use cases under use-cases/.
 */
export function createQuestionsService(deps: QuestionsDeps) {
  const ctx: QuestionsContext = deps;
  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: questionsPersonalData(ctx.db),
    list: (
      actor: AuthUser,
      q: {
        page: number;
        per_page: number;
        q?: string;
        exclude_mc_test_id?: number;
        id?: number;
        category?: string | null;
      },
    ) => listQuestions(ctx, actor, q),
    /** a new pool question, optionally appended to a test the caller manages at once */
    create: (actor: AuthUser, body: NewQuestion) => createQuestion(ctx, actor, body),
    update: (actor: AuthUser, body: UpdateQuestionBody) => updateQuestion(ctx, actor, body),
    remove: (actor: AuthUser, id: number) => removeQuestion(ctx, actor, id),
    /** @throws question.too_many_answers (422) */
    createAnswer: (actor: AuthUser, body: CreateAnswerBody) => createAnswer(ctx, actor, body),
    updateAnswer: (actor: AuthUser, body: UpdateAnswerBody) => updateAnswer(ctx, actor, body),
    removeAnswer: (actor: AuthUser, id: number) => removeAnswer(ctx, actor, id),
    /** Moodle XML or GIFT: what an import would create and skip (issue 37 item 6) */
    previewImport: (actor: AuthUser, file: QuestionFile) => previewImport(actor, file),
    /** @throws validation_failed (422) for an unreadable file or one without importable questions */
    importQuestions: (actor: AuthUser, file: QuestionFile) => importQuestions(ctx, actor, file),
    exportQuestions: (actor: AuthUser, q: QuestionExportQuery) => exportQuestions(ctx, actor, q),
    /** the categories of the caller's pool, or of one owner's, with their ancestors and counts (issue 37 item 3) */
    categories: (actor: AuthUser, q: QuestionCategoriesQuery) => listCategories(ctx, actor, q),
  };
}
