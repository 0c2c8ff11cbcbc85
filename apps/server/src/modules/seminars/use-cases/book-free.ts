import type { BookingDto } from '@elearn/shared';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { iso, type SeminarsContext } from '../seminars.context.ts';
import { bookingStatusOf } from '../seminars.dto.ts';
import { accessSeminar } from './access-seminar.ts';

/** @throws booking.not_free, booking.own_seminar (409); 404 for seminars the caller may not see */
export async function bookFree(
  ctx: SeminarsContext,
  actor: AuthUser,
  seminarId: number,
): Promise<{ booking: BookingDto; created: boolean }> {
  const { seminar } = await accessSeminar(ctx, actor, seminarId);
  if (seminar.ownerId === actor.id) throw conflict('booking.own_seminar', 'booking.own_seminar');
  // only a public, free seminar is booked for free; a priced one is bought (held or not: a
  // purchase or an assignment is no free booking, and answering it here would show price 0)
  if (!seminar.isPublic || seminar.isCompany || seminar.price > 0) {
    throw conflict('booking.not_free', 'booking.not_free');
  }
  // one `free` grant per seminar and user: booked already answers that same booking
  const { grant, created } = await ctx.enrolments.grantFree(actor.id, seminarId, new Date(ctx.now()));
  if (created) ctx.invalidateTotal();
  return {
    created,
    booking: {
      id: grant.id,
      seminar_id: grant.seminarId,
      user_id: grant.userId,
      status: bookingStatusOf(grant),
      price: 0,
      currency: seminar.currency,
      created_at: iso(grant.grantedAt),
    },
  };
}
