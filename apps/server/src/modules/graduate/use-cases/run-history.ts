import type { McTestMode, OwnerRow, Paginated, StudentRow } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { iso, toOwnerRow } from '../graduate.dto.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';
import { reviewAt } from '../graduate-review.ts';

/** the caller's runs, newest first, with the review of finished practice runs */
export async function studentHistory(
  ctx: GraduateContext,
  actor: AuthUser,
  q: { page: number; per_page: number },
): Promise<Paginated<StudentRow>> {
  const { rows, total } = await repo.studentPage(ctx.db, actor.id, q.per_page, (q.page - 1) * q.per_page);
  return {
    data: rows.map((r) => ({
      id: r.id,
      mc_test_id: r.mcTestId,
      label: r.label,
      percent: Number(r.percent),
      mode: r.mode as McTestMode,
      accomp: r.stoppedAt ? r.accomp : null,
      startDateTime: iso(r.startedAt),
      stopDateTime: r.stoppedAt ? iso(r.stoppedAt) : null,
      achievedPercent: r.stoppedAt ? r.achievedPercent : null,
      // as much as the test's review policy shows now (issue 37 item 5)
      result: r.stoppedAt
        ? reviewAt(
            mcTestPolicy.review({ ...r, accomplished: !!r.testAccomplished }, ctx.now()),
            r.snapshot,
            r.choices,
          )
        : null,
      passed: (r.passed === 1 ? 1 : 0) as 0 | 1,
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

/** runs of the caller's tests (admins: all) in two queries whatever the page holds */
export async function ownerHistory(
  ctx: GraduateContext,
  actor: AuthUser,
  q: { page: number; per_page: number; mc_test_id?: number; q?: string },
): Promise<Paginated<OwnerRow>> {
  const ownerId = mcTestPolicy.managesEvery(actor) ? null : actor.id;
  const now = ctx.now();
  const { rows, total } = await repo.ownerPage(
    ctx.db,
    {
      ownerId,
      testId: q.mc_test_id,
      q: q.q?.trim() || undefined,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    },
    ctx.totals,
  );
  return {
    data: rows.map((r) => toOwnerRow(r, now)),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}
