import { type McTestDto, QUESTIONS_PER_TEST_MAX } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { type McTestsContext, tooManyQuestions } from '../mc-tests.context.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { requireManaged } from './manage-access.ts';
import { testDetail } from './read-tests.ts';

/**
 * Appends pool questions to a test. The caller must manage the test and every question.
 * @throws mc_test.too_many_questions (422)
 */
export async function attachQuestions(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
  questionIds: number[],
): Promise<McTestDto> {
  const { db } = ctx;
  const test = await requireManaged(ctx, actor, testId);
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
  return testDetail(ctx, test.id);
}

export async function unattachQuestion(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
  questionId: number,
): Promise<McTestDto> {
  const test = await requireManaged(ctx, actor, testId);
  if ((await repo.unattach(ctx.db, test.id, questionId)) === 0) throw notFound();
  await repo.update(ctx.db, test.id, {});
  return testDetail(ctx, test.id);
}
