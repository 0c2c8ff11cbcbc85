import type { QuestionDto, UpdateQuestionBody } from '@elearn/shared';
import { forbidden } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { cleanExplanation, cleanLabel, type QuestionsContext } from '../questions.context.ts';
import { questionsRepository as repo } from '../questions.repository.ts';
import { questionDto } from './list-questions.ts';
import { requireManagedQuestion } from './manage-access.ts';

/** a new question with its answers; `mcTestId`: the test it is appended to at once */
export interface NewQuestion {
  label: string;
  points?: number | null;
  explanation?: string | null;
  /** validated and normalized by the request schema (questionCategory) */
  category?: string | null;
  answers: { label: string; correct: boolean; explanation?: string | null }[];
  mcTestId?: number;
}

/** a new pool question, optionally appended to a test the caller manages at once */
export async function createQuestion(
  ctx: QuestionsContext,
  actor: AuthUser,
  body: NewQuestion,
): Promise<QuestionDto> {
  if (!mcTestPolicy.author(actor)) throw forbidden();
  const { mcTests } = ctx;
  // checked before anything is written
  if (body.mcTestId !== undefined) await mcTests.requireRoom(actor, body.mcTestId, 1);
  const label = cleanLabel(body.label);
  const id = await ctx.db.transaction(async (tx) => {
    const q = await repo.insert(tx, {
      ownerId: actor.id,
      label,
      points: body.points ?? null,
      explanation: cleanExplanation(body.explanation) ?? null,
      category: body.category ?? null,
    });
    await repo.insertAnswers(
      tx,
      q.id,
      body.answers.map((a) => ({ ...a, explanation: cleanExplanation(a.explanation) ?? null })),
    );
    return q.id;
  });
  if (body.mcTestId !== undefined) await mcTests.attach(actor, body.mcTestId, [id]);
  return questionDto(ctx, id);
}

export async function updateQuestion(
  ctx: QuestionsContext,
  actor: AuthUser,
  body: UpdateQuestionBody,
): Promise<QuestionDto> {
  const q = await requireManagedQuestion(ctx, actor, body.id);
  await repo.update(ctx.db, q.id, {
    label: cleanLabel(body.label),
    ...(body.points !== undefined ? { points: body.points } : {}),
    ...(body.explanation !== undefined ? { explanation: cleanExplanation(body.explanation) } : {}),
    ...(body.category !== undefined ? { category: body.category } : {}),
  });
  return questionDto(ctx, q.id);
}

export async function removeQuestion(ctx: QuestionsContext, actor: AuthUser, id: number): Promise<void> {
  const q = await requireManagedQuestion(ctx, actor, id);
  await repo.delete(ctx.db, q.id);
}
