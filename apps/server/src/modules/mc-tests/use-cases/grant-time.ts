import type { GrantTimeResult } from '@elearn/shared';
import { encodeMessage } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { requireManaged } from './manage-access.ts';

/**
 * `minutes` more on the test's time limit for one learner (accessibility, issue 37 item 1): they
 * add to earlier grants, count for every later run, and move the deadline of the learner's open
 * timed run at once. The grant and its audit entry are one transaction.
 * @throws 404 for a test the caller does not manage, 422 for an unknown user
 */
export async function grantTime(
  ctx: McTestsContext,
  actor: AuthUser,
  testId: number,
  userId: number,
  minutes: number,
): Promise<GrantTimeResult> {
  const { db } = ctx;
  const test = await requireManaged(ctx, actor, testId);
  const user = await repo.userRef(db, userId);
  if (!user) throw validation({ userId: [encodeMessage('validation.invalid')] });
  // the server's clock, as the deadlines it moves (tests move it)
  const at = new Date(ctx.now());
  return db.transaction(async (tx) => {
    const extra = await repo.grantMinutes(tx, test.id, userId, minutes, actor.id, at);
    const deadline = await repo.extendOpenRun(tx, test.id, userId, minutes);
    await auditRepository.record(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'mc_test.time_granted',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${test.label}: ${user.firstName} ${user.lastName}`.trim(),
        before: { extra_minutes: extra - minutes },
        after: {
          extra_minutes: extra,
          mc_test_id: test.id,
          open_run_deadline: deadline?.toISOString() ?? null,
        },
      },
      at,
    );
    return {
      mc_test_id: test.id,
      user_id: userId,
      extra_minutes: extra,
      open_run_deadline: deadline ? deadline.toISOString() : null,
    };
  });
}
