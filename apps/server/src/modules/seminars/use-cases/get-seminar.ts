import type { SeminarDto } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { Actor, SeminarsContext } from '../seminars.context.ts';
import { toDto } from '../seminars.dto.ts';
import { seminarsRepository as repo } from '../seminars.repository.ts';

/** one seminar by id or slug; 404 when the caller may not see it */
export async function getSeminar(
  ctx: SeminarsContext,
  actor: Actor,
  where: { id?: number; slug?: string },
): Promise<SeminarDto> {
  const row = await repo.findListRow(ctx.db, where);
  if (!row) throw notFound();
  const booked = actor ? await ctx.enrolments.holds(actor.id, row.seminar.id) : false;
  if (!seminarPolicy.view(actor, row.seminar, booked)) throw notFound();
  return toDto(row, actor, booked);
}
