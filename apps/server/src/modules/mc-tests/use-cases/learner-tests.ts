import type { AssignedTestDto } from '@elearn/shared';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { studentDto } from '../mc-tests.dto.ts';
import { mcTestChaptersRepository as chaptersRepo } from '../mc-tests-chapters.repository.ts';

/** enabled tests on unlocked chapters of seminars the caller may play (/mcTest/assigned) */
export async function assignedTests(ctx: McTestsContext, actor: AuthUser): Promise<AssignedTestDto[]> {
  return (await chaptersRepo.assignedTo(ctx.db, actor.id)).map((r) => studentDto(r, false, ctx.now()));
}

/** the tests of one chapter for its play page */
export async function testsOnChapter(
  ctx: McTestsContext,
  actor: AuthUser,
  chapterId: number,
): Promise<AssignedTestDto[]> {
  const chapter = await chaptersRepo.chapterFlags(ctx.db, chapterId);
  if (!chapter) throw notFound();
  const access = await ctx.seminars.access(actor, chapter.seminarId);
  if (!access.play) throw forbidden();
  if (!access.manage && (chapter.unlocked !== 1 || (chapter.parentUnlocked ?? 1) !== 1)) {
    throw new AppError(403, 'chapter.locked', 'chapter.locked');
  }
  const rows = await chaptersRepo.onChapter(ctx.db, chapterId, actor.id, access.manage);
  return rows.map((r) => studentDto(r, mcTestPolicy.manage(actor, r.test), ctx.now()));
}
