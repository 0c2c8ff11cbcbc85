import { type AssignBody, type AssignSeminarBody, encodeMessage } from '@elearn/shared';
import { conflict, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companiesRepository as companies } from '../companies.repository.ts';
import { companyGrants, companyBookingsRepository as repo } from '../company-bookings.repository.ts';
import { managedCompany } from '../company-guards.ts';
import { assignSeatsIn, checkSeatsTakenBack } from './assign-seats.ts';
import { auditDueDate, dueAtFor } from './due-dates.ts';

/** a company booking whose assignments take seats of the company's packages (issue 38 item 4) */
const SEATS = 'seats';

/** the company booking that assignments go to; 409 company.not_booked unless it grants the seminar */
async function grantingBooking(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; companyId: number },
) {
  await managedCompany(ctx, actor, body.companyId);
  const booking = await repo.find(ctx.db, body.companyId, body.seminarId);
  if (!booking || !(companyGrants(booking.status) || booking.status === SEATS)) {
    throw conflict('company.not_booked', 'company.not_booked');
  }
  return booking;
}

/**
 * Assigns members to the company's booking of a seminar: each gets a company grant, whatever
 * personal booking (pending, failed, canceled, expired) they have. With `due_date` (issue 36
 * item 5) every named employee's assignment gets that due date (null clears it; audited). The
 * answer lists exactly the users who hold the seminar through this assignment, with their
 * grant's id.
 * On a `seats` booking each new employee takes a seat of the company's valid packages.
 * @throws company.not_member (422), company.not_booked, seats.none_left (409), validation.date_past (422)
 */
export async function assignSeminar(ctx: CompaniesContext, actor: AuthUser, body: AssignSeminarBody) {
  const booking = await grantingBooking(ctx, actor, body);
  const userIds = [...new Set(body.users)];
  const members = await companies.memberIds(ctx.db, body.companyId, userIds);
  if (members.size !== userIds.length) {
    throw validation({ users: [encodeMessage('company.not_member')] }, 'company.not_member');
  }
  const at = new Date(ctx.now());
  const dueAt = body.due_date ? dueAtFor(ctx, body.due_date) : null;
  const rows = await ctx.db.transaction(async (tx) => {
    const assigned =
      booking.status === SEATS
        ? await assignSeatsIn(ctx, tx, actor, booking, userIds, at)
        : await ctx.enrolments.assign(
            {
              companyBookingId: booking.id,
              companyId: booking.companyId,
              seminarId: booking.seminarId,
              userIds,
              grantedBy: actor.id,
              at,
            },
            tx,
          );
    if (body.due_date !== undefined) {
      await ctx.enrolments.team(tx).setDueAt(booking.companyId, booking.seminarId, userIds, dueAt);
      await auditDueDate(tx, actor, at, {
        companyId: booking.companyId,
        seminarId: booking.seminarId,
        userIds,
        dueDate: body.due_date,
      });
    }
    return assigned;
  });
  ctx.seminars.contentChanged();
  return { assigned: rows.map((r) => ({ user_id: r.userId, booking_id: r.enrolmentId })) };
}

export async function unassignSeminar(ctx: CompaniesContext, actor: AuthUser, body: AssignBody) {
  await managedCompany(ctx, actor, body.companyId);
  const booking = await repo.find(ctx.db, body.companyId, body.seminarId);
  if (!booking) throw conflict('company.not_booked', 'company.not_booked');
  // a package's seat comes back only while its employee has not started (issue 38 item 4)
  if (booking.status === SEATS) await checkSeatsTakenBack(ctx, booking, [...new Set(body.users)]);
  const removed = await ctx.enrolments.unassign(booking.id, [...new Set(body.users)]);
  ctx.seminars.contentChanged();
  return { unassigned: removed };
}
