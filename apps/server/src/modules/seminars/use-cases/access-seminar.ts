import { forbidden, notFound, unauthenticated } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { Actor, SeminarsContext } from '../seminars.context.ts';
import { seminarsRepository as repo, type SeminarRow } from '../seminars.repository.ts';

/** A seminar the caller may see, with what the caller may do with it. */
export interface SeminarAccess {
  seminar: SeminarRow;
  manage: boolean;
  booked: boolean;
  play: boolean;
}

/** What the caller may do with a loaded seminar; 404 when the caller may not even see it. */
function grant(actor: Actor, found: { seminar: SeminarRow; booked: boolean } | undefined): SeminarAccess {
  if (!found || !seminarPolicy.view(actor, found.seminar, found.booked)) throw notFound();
  const { seminar, booked } = found;
  return {
    seminar,
    manage: seminarPolicy.manage(actor, seminar),
    booked,
    play: seminarPolicy.play(actor, seminar, booked),
  };
}

/** Loads a seminar for the caller; 404 when the caller may not see it. */
export async function accessSeminar(ctx: SeminarsContext, actor: Actor, id: number): Promise<SeminarAccess> {
  return grant(actor, await repo.findWithBooking(ctx.db, id, actor?.id ?? null));
}

/** access for playing plus the caller's done marks, in one query */
export async function accessForPlay(
  ctx: SeminarsContext,
  actor: AuthUser,
  id: number,
): Promise<SeminarAccess & { doneIds: Set<number> }> {
  const found = await repo.findForPlay(ctx.db, id, actor.id);
  return { ...grant(actor, found), doneIds: new Set(found?.doneIds) };
}

/** the seminar the caller manages; 401 without a session, 403 when the caller may only see it */
export async function requireManage(ctx: SeminarsContext, actor: Actor, id: number): Promise<SeminarRow> {
  if (!actor) throw unauthenticated();
  const a = await accessSeminar(ctx, actor, id);
  if (!a.manage) throw forbidden();
  return a.seminar;
}
