import type { SeminarBookingsPage } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { iso, type SeminarsContext } from '../seminars.context.ts';
import { requireManage } from './access-seminar.ts';

/**
 * One page of the people who booked a seminar themselves (free or paid), newest first, for its
 * owner or an admin: the seminar page's bookings without loading every seminar's every booking
 * (the spec's `GET /api/seminars/users/booked` answers all of them at once).
 */
export async function seminarBookingsPage(
  ctx: SeminarsContext,
  actor: AuthUser,
  id: number,
  q: { page: number; per_page: number; q?: string },
): Promise<SeminarBookingsPage> {
  await requireManage(ctx, actor, id);
  const { rows, total } = await ctx.enrolments.personalBookings(id, q);
  return {
    data: rows.map((u) => ({
      id: u.user.id,
      first_name: u.user.firstName,
      last_name: u.user.lastName,
      email: u.user.email,
      booked_at: iso(u.enrolment.createdAt),
      status: u.enrolment.source === 'free' ? 'free' : 'paid',
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}
