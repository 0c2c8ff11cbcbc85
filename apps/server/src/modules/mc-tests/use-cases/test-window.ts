import {
  type CreateMcTestBody,
  encodeMessage,
  type UpdateMcTestBody,
  windowState,
  zonedLocalOf,
} from '@elearn/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { userGraduateMctests } from '../../../db/schema/index.ts';
import { AppError, validation } from '../../../errors.ts';
import type { McTestRow } from '../mc-tests.rows.ts';

type WindowBody = Pick<CreateMcTestBody, 'opens_at' | 'closes_at' | 'review_content' | 'review_when'>;
type WindowColumns = Partial<Pick<McTestRow, 'opensAt' | 'closesAt' | 'reviewContent' | 'reviewWhen'>>;

const instant = (v: string | null) => (v === null ? null : new Date(v));

/**
 * The window and review columns a create or update writes (absent fields: unchanged), checked
 * together with what the test keeps (issue 37 items 4 and 5).
 * @throws 422 closes_at mc_test.window_order (closes at or before it opens), review_when
 *   mc_test.review_needs_close (a review after the close of a test that never closes)
 */
export function windowColumns(body: WindowBody | UpdateMcTestBody, current?: McTestRow): WindowColumns {
  const out: WindowColumns = {
    ...(body.opens_at !== undefined && { opensAt: instant(body.opens_at) }),
    ...(body.closes_at !== undefined && { closesAt: instant(body.closes_at) }),
    ...(body.review_content !== undefined && { reviewContent: body.review_content }),
    ...(body.review_when !== undefined && { reviewWhen: body.review_when }),
  };
  const opensAt = out.opensAt !== undefined ? out.opensAt : (current?.opensAt ?? null);
  const closesAt = out.closesAt !== undefined ? out.closesAt : (current?.closesAt ?? null);
  const when = out.reviewWhen !== undefined ? out.reviewWhen : (current?.reviewWhen ?? null);
  if (opensAt && closesAt && opensAt.getTime() >= closesAt.getTime()) {
    throw validation({ closes_at: [encodeMessage('mc_test.window_order')] });
  }
  if (when === 'after_close' && !closesAt) {
    throw validation({ review_when: [encodeMessage('mc_test.review_needs_close')] });
  }
  return out;
}

/** a moment as the learner reads it in a message: the Zurich wall clock, `YYYY-MM-DD HH:mm` */
const wallClock = (at: Date) => zonedLocalOf(at).replace('T', ' ');

/**
 * A run may start only inside the test's window (issue 37 item 4).
 * @throws 403 mc_test.not_open_yet / mc_test.closed, each with the moment in Zurich time
 */
export function requireWindowOpen(test: Pick<McTestRow, 'opensAt' | 'closesAt'>, now: number): void {
  const state = windowState(test.opensAt, test.closesAt, new Date(now));
  if (state === 'not_yet_open' && test.opensAt) {
    throw new AppError(403, 'mc_test.not_open_yet', 'mc_test.not_open_yet', { at: wallClock(test.opensAt) });
  }
  if (state === 'closed' && test.closesAt) {
    throw new AppError(403, 'mc_test.closed', 'mc_test.closed', { at: wallClock(test.closesAt) });
  }
}

/**
 * A close set or moved earlier ends the test's open runs at it at the latest (their deadline); a
 * close moved later does not lengthen runs already started (docs/decisions.md).
 */
export async function endOpenRunsBy(db: DbOrTx, testId: number, closesAt: Date): Promise<void> {
  const g = userGraduateMctests;
  await db
    .update(g)
    .set({ deadline: sql`least(${g.deadline}, ${closesAt.toISOString()}::timestamptz)` })
    .where(sql`${g.mcTestId} = ${testId} and ${g.stoppedAt} is null`);
}
