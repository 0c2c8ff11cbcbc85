import { encodeMessage, type McTestDto, type McTestMode, type OwnerChapter } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { mcTestChaptersRepository as chaptersRepo } from '../mc-tests-chapters.repository.ts';
import { requireManaged, requireManagedChapter } from './manage-access.ts';
import { testDetail } from './read-tests.ts';

/** puts the test on a chapter of a seminar the caller manages (both ends are checked) */
export async function assignTest(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
  chapterId: number,
): Promise<McTestDto> {
  const test = await requireManaged(ctx, actor, testId);
  await requireManagedChapter(ctx, actor, chapterId);
  await repo.update(ctx.db, test.id, { chapterId });
  return testDetail(ctx, test.id);
}

export async function unassignTest(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
  chapterId?: number,
): Promise<McTestDto> {
  const test = await requireManaged(ctx, actor, testId);
  if (chapterId !== undefined && test.chapterId !== chapterId) {
    throw validation({ 'chapterTest.chapterId': [encodeMessage('validation.invalid')] });
  }
  await repo.update(ctx.db, test.id, { chapterId: null });
  return testDetail(ctx, test.id);
}

/** the chapters of the caller's seminars (every seminar for an admin) with the tests on each */
export async function ownerChapters(
  ctx: McTestsContext,
  actor: AuthUser,
  seminarId?: number,
): Promise<OwnerChapter[]> {
  const rows = await chaptersRepo.ownerChapters(
    ctx.db,
    mcTestPolicy.managesEvery(actor) ? null : actor.id,
    seminarId,
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    chapter_id: r.chapterId,
    unlocked: r.unlocked as 0 | 1,
    position: r.position,
    seminar: r.seminar,
    mc_tests: r.tests.map((t) => ({
      id: t.id,
      label: t.label,
      enabled: t.enabled as 0 | 1,
      mode: t.mode as McTestMode,
    })),
  }));
}
