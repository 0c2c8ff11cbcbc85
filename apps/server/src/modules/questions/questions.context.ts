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

/** nothing a reader would see: no text, no image */
const blank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img\s/i.test(html);

/**
 * A sanitized explanation (the same rich-text rules as the question text); null when none is
 * given or nothing visible is left. `undefined` stays undefined (unchanged).
 */
export function cleanExplanation(html: string | null | undefined): string | null | undefined {
  if (html === undefined) return undefined;
  if (html === null) return null;
  const clean = sanitizeRichText(html);
  return blank(clean) ? null : clean;
}

/** sanitized question text; 422 when nothing visible is left */
export function cleanLabel(label: string): string {
  const clean = sanitizeRichText(label);
  if (blank(clean)) {
    throw validation({ label: [encodeMessage('validation.required')] });
  }
  return clean;
}
