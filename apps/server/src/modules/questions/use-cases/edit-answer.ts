import {
  ANSWERS_PER_QUESTION_MAX,
  type AnswerDto,
  type CreateAnswerBody,
  type UpdateAnswerBody,
} from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { cleanExplanation, type QuestionsContext, tooManyAnswers } from '../questions.context.ts';
import { toAnswerDto } from '../questions.presenter.ts';
import { questionsRepository as repo } from '../questions.repository.ts';
import { requireManagedAnswer, requireManagedQuestion } from './manage-access.ts';

/** @throws question.too_many_answers (422) */
export async function createAnswer(
  ctx: QuestionsContext,
  actor: AuthUser,
  body: CreateAnswerBody,
): Promise<AnswerDto> {
  const { db } = ctx;
  const q = await requireManagedQuestion(ctx, actor, body.question_id);
  const stats = await repo.answerStats(db, q.id);
  if (stats.count >= ANSWERS_PER_QUESTION_MAX) throw tooManyAnswers('question_id');
  const [row] = await repo.insertAnswers(
    db,
    q.id,
    [{ label: body.label, correct: body.correct, explanation: cleanExplanation(body.explanation) ?? null }],
    stats.maxPosition + 1,
  );
  await repo.touch(db, q.id);
  return toAnswerDto(row!);
}

export async function updateAnswer(
  ctx: QuestionsContext,
  actor: AuthUser,
  body: UpdateAnswerBody,
): Promise<AnswerDto> {
  const answer = await requireManagedAnswer(ctx, actor, body.id);
  const row = await repo.updateAnswer(ctx.db, answer.id, {
    ...(body.label !== undefined ? { label: body.label.trim() } : {}),
    ...(body.correct !== undefined ? { correct: body.correct } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
    ...(body.explanation !== undefined ? { explanation: cleanExplanation(body.explanation) } : {}),
  });
  if (!row) throw notFound();
  await repo.touch(ctx.db, answer.questionId);
  return toAnswerDto(row);
}

export async function removeAnswer(ctx: QuestionsContext, actor: AuthUser, id: number): Promise<void> {
  const answer = await requireManagedAnswer(ctx, actor, id);
  await repo.deleteAnswer(ctx.db, answer.id);
  await repo.touch(ctx.db, answer.questionId);
}
