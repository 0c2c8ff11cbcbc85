import { conflict } from '../../../errors.ts';
import { removeStored } from '../../../lib/storage.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { SeminarsContext } from '../seminars.context.ts';
import { seminarsRepository as repo } from '../seminars.repository.ts';
import { requireManage } from './access-seminar.ts';

/** @throws seminar.has_bookings (409) unless an admin confirms */
export async function removeSeminar(
  ctx: SeminarsContext,
  actor: AuthUser,
  id: number,
  confirm: boolean,
  beforeDelete: (id: number) => Promise<string[]>,
) {
  const seminar = await requireManage(ctx, actor, id);
  const count = await ctx.enrolments.countOfSeminar(id);
  if (count > 0 && !(confirm && seminarPolicy.removeBooked(actor))) {
    throw conflict('seminar.has_bookings', 'seminar.has_bookings');
  }
  const files = await beforeDelete(id);
  await repo.delete(ctx.db, id);
  ctx.invalidateTotal();
  for (const f of [...files, seminar.imagePath]) await removeStored(ctx.fileStore, f);
}
