import { QUESTIONS_PER_TEST_MAX } from '@elearn/shared';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { type McTestsContext, tooManyQuestions } from '../mc-tests.context.ts';
import { type McTestRow, mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { mcTestChaptersRepository as chaptersRepo } from '../mc-tests-chapters.repository.ts';

/** a test the caller manages; 404 when it does not exist or belongs to someone else */
export async function requireManaged(ctx: McTestsContext, actor: AuthUser, id: number): Promise<McTestRow> {
  const test = await repo.findById(ctx.db, id);
  if (!test || !mcTestPolicy.manage(actor, test)) throw notFound();
  return test;
}

/** the chapter must exist and belong to a seminar the caller manages */
export async function requireManagedChapter(ctx: McTestsContext, actor: AuthUser, chapterId: number) {
  const chapter = await chaptersRepo.findChapter(ctx.db, chapterId);
  if (!chapter) throw notFound();
  const access = await ctx.seminars.access(actor, chapter.seminarId);
  if (!access.manage) throw forbidden();
  return chapter;
}

/** a managed test that can take `extra` more questions */
export async function requireRoom(
  ctx: McTestsContext,
  actor: AuthUser,
  id: number,
  extra: number,
): Promise<McTestRow> {
  const test = await requireManaged(ctx, actor, id);
  if ((await repo.links(ctx.db, test.id)).ids.size + extra > QUESTIONS_PER_TEST_MAX) throw tooManyQuestions();
  return test;
}
