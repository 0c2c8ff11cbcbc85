import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { QuestionsContext } from '../questions.context.ts';
import { type QuestionRow, questionsRepository as repo } from '../questions.repository.ts';

/** a question the caller manages; 404 when it does not exist or belongs to someone else */
export async function requireManagedQuestion(
  ctx: QuestionsContext,
  actor: AuthUser,
  id: number,
): Promise<QuestionRow> {
  const q = await repo.findById(ctx.db, id);
  if (!q || !mcTestPolicy.manage(actor, q)) throw notFound();
  return q;
}

/** an answer whose question the caller manages */
export async function requireManagedAnswer(ctx: QuestionsContext, actor: AuthUser, id: number) {
  const found = await repo.findAnswer(ctx.db, id);
  if (!found || !mcTestPolicy.manage(actor, { ownerId: found.ownerId })) throw notFound();
  return found.answer;
}
