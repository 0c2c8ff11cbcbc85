import { ANSWERS_PER_QUESTION_MAX, encodeMessage, type McTestDto } from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import { validation } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { AuthUser } from '../../plugins/session.ts';

/** what the question pool needs of the tests (the mc-tests service, wired in app.ts; no import back) */
export interface TestQuestionLinks {
  requireRoom(actor: AuthUser, testId: number, extra: number): Promise<unknown>;
  attach(actor: AuthUser, testId: number, questionIds: number[]): Promise<McTestDto>;
  unattach(actor: AuthUser, testId: number, questionId: number): Promise<McTestDto>;
}

/** what the questions module is built from (wired in app.ts) */
export interface QuestionsDeps {
  db: Db;
  mcTests: TestQuestionLinks;
}

/** what every use case of the module gets */
export type QuestionsContext = QuestionsDeps;

export const tooManyAnswers = (field: string) =>
  validation(
    { [field]: [encodeMessage('question.too_many_answers', { max: ANSWERS_PER_QUESTION_MAX })] },
    'question.too_many_answers',
    'question.too_many_answers',
  );

/** sanitized question text; 422 when nothing visible is left */
export function cleanLabel(label: string): string {
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
