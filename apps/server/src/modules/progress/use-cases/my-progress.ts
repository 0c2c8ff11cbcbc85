import type { SeminarProgressDetailDto, SeminarProgressDto } from '@elearn/shared';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { ProgressContext } from '../progress.context.ts';
import { computeProgress } from '../progress.read-model.ts';

/** the caller's progress in every seminar they hold (the booked seminars' cards) */
export async function myProgress(ctx: ProgressContext, actor: AuthUser): Promise<SeminarProgressDto[]> {
  const held = await ctx.enrolments.seminarsOf(actor.id);
  const ids = held.map((h) => h.seminarId);
  const computed = await computeProgress(
    ctx,
    ids.map((seminarId) => ({ userId: actor.id, seminarId })),
  );
  return ids.flatMap((id) => {
    const c = computed.get(`${actor.id}/${id}`);
    return c ? [c.summary] : [];
  });
}

/** the caller's progress in one seminar they may play, with chapters, tests and videos */
export async function myProgressIn(
  ctx: ProgressContext,
  actor: AuthUser,
  seminarId: number,
): Promise<SeminarProgressDetailDto> {
  const access = await ctx.seminars.access(actor, seminarId);
  if (!access.play) throw forbidden();
  const computed = await computeProgress(ctx, [{ userId: actor.id, seminarId }]);
  const c = computed.get(`${actor.id}/${seminarId}`);
  if (!c) throw notFound();
  return c.detail;
}
