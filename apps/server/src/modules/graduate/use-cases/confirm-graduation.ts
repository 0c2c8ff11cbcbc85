import type { ConfirmGraduationBody, OwnerRow } from '@elearn/shared';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { toOwnerRow } from '../graduate.dto.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';

/**
 * Sets (or with passed 0 undoes) the graduation of an accomplished run; idempotent.
 * @throws 404 for runs of tests the caller does not manage, 409 mc_test.not_accomplished
 */
export async function confirmGraduation(
  ctx: GraduateContext,
  actor: AuthUser,
  body: ConfirmGraduationBody & { passed?: number },
): Promise<OwnerRow> {
  const { db } = ctx;
  const found = await repo.runWithTestOwner(db, body.userGraduateId);
  if (!found || !mcTestPolicy.manage(actor, { ownerId: found.ownerId })) throw notFound();
  const passed = body.passed === 0 ? 0 : 1;
  const { run } = found;
  if (passed === 1 && (!run.stoppedAt || !run.accomp)) {
    throw conflict('mc_test.not_accomplished', 'mc_test.not_accomplished');
  }
  if (run.passed !== passed) {
    // the change and its audit entry (docs/api/admin.md) in one transaction; a repeat writes neither
    const at = new Date(ctx.now());
    await db.transaction(async (tx) => {
      await repo.setPassed(tx, run.id, passed, actor.id, at);
      await auditRepository.record(
        tx,
        {
          actor: { id: actor.id, username: actor.username },
          action: passed ? 'graduation.confirmed' : 'graduation.unconfirmed',
          targetType: 'graduation',
          targetId: run.id,
          targetLabel: `${found.label}: ${found.user.firstName} ${found.user.lastName}`.trim(),
          before: { passed: run.passed },
          after: { passed },
        },
        at,
      );
      // a confirmed graduation may complete the learner's seminar, dated now (issue 36 item 3)
      if (passed) await ctx.completionChanged?.(tx, run.userId, run.mcTestId, at);
    });
  }
  const row = await repo.ownerRowById(db, run.id);
  if (!row) throw notFound();
  return toOwnerRow(row, ctx.now());
}
