import { encodeMessage } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { requireManaged } from './manage-access.ts';

/** one more exam run for `userId` (repeatable) */
export async function grantRun(ctx: McTestsContext, actor: AuthUser, testId: number, userId: number) {
  const { db } = ctx;
  const test = await requireManaged(ctx, actor, testId);
  if (!(await repo.userExists(db, userId))) {
    throw validation({ userId: [encodeMessage('validation.invalid')] });
  }
  const extra = await repo.grantRun(db, test.id, userId, actor.id);
  return {
    mc_test_id: test.id,
    user_id: userId,
    runs_used: await repo.examRunsOf(db, test.id, userId),
    runs_allowed: 1 + extra,
  };
}
