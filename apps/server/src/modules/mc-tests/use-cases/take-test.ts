import { AppError, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy, type TakeFacts } from '../../../policies/mc-test.policy.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import type { McTestRow } from '../mc-tests.repository.ts';
import { mcTestChaptersRepository as chaptersRepo } from '../mc-tests-chapters.repository.ts';

/**
 * Applies mcTestPolicy.take to loaded facts; returns whether the caller manages the test.
 * @throws 404 not_found, 403 forbidden / mc_test.disabled / chapter.locked
 */
export function decide(actor: AuthUser, facts: TakeFacts): boolean {
  switch (mcTestPolicy.take(actor, facts)) {
    case 'ok':
      return mcTestPolicy.manage(actor, facts);
    case 'not_found':
      throw notFound();
    case 'forbidden':
      throw forbidden();
    case 'disabled':
      throw new AppError(403, 'mc_test.disabled', 'mc_test.disabled');
    case 'locked':
      throw new AppError(403, 'chapter.locked', 'chapter.locked');
  }
}

/**
 * May the caller take the test now? The one place that decides it (mcTestPolicy.take on facts
 * loaded in one query). Returns the test and whether the caller manages it.
 * @throws 404 not_found, 403 forbidden / mc_test.disabled / chapter.locked
 */
export async function takeAccess(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
): Promise<{ test: McTestRow; manage: boolean }> {
  const facts = await chaptersRepo.takeFacts(ctx.db, testId, actor.id);
  if (!facts) throw notFound();
  const { test } = facts;
  const manage = decide(actor, {
    ownerId: test.ownerId,
    enabled: test.enabled,
    chapter:
      facts.seminar && facts.chapterUnlocked !== null
        ? {
            unlocked: facts.chapterUnlocked,
            parentUnlocked: facts.parentUnlocked,
            seminar: facts.seminar,
            booked: !!facts.booked,
          }
        : null,
  });
  return { test, manage };
}
