import { type AssignBody, encodeMessage } from '@elearn/shared';
import { conflict, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companiesRepository as companies } from '../companies.repository.ts';
import { companyGrants, companyBookingsRepository as repo } from '../company-bookings.repository.ts';
import { managedCompany } from '../company-guards.ts';

/** the company booking that assignments go to; 409 company.not_booked unless it grants the seminar */
async function grantingBooking(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; companyId: number },
) {
  await managedCompany(ctx, actor, body.companyId);
  const booking = await repo.find(ctx.db, body.companyId, body.seminarId);
  if (!booking || !companyGrants(booking.status)) {
    throw conflict('company.not_booked', 'company.not_booked');
  }
  return booking;
}

/**
 * Assigns members to the company's booking of a seminar: each gets a company grant, whatever
 * personal booking (pending, failed, canceled, expired) they have. The answer lists exactly
 * the users who hold the seminar through this assignment, with their grant's id.
 * @throws company.not_member (422), company.not_booked (409)
 */
export async function assignSeminar(ctx: CompaniesContext, actor: AuthUser, body: AssignBody) {
  const booking = await grantingBooking(ctx, actor, body);
  const userIds = [...new Set(body.users)];
  const members = await companies.memberIds(ctx.db, body.companyId, userIds);
  if (members.size !== userIds.length) {
    throw validation({ users: [encodeMessage('company.not_member')] }, 'company.not_member');
  }
  const rows = await ctx.enrolments.assign({
    companyBookingId: booking.id,
    companyId: booking.companyId,
    seminarId: booking.seminarId,
    userIds,
    grantedBy: actor.id,
    at: new Date(ctx.now()),
  });
  ctx.seminars.contentChanged();
  return { assigned: rows.map((r) => ({ user_id: r.userId, booking_id: r.enrolmentId })) };
}

export async function unassignSeminar(ctx: CompaniesContext, actor: AuthUser, body: AssignBody) {
  await managedCompany(ctx, actor, body.companyId);
  const booking = await repo.find(ctx.db, body.companyId, body.seminarId);
  if (!booking) throw conflict('company.not_booked', 'company.not_booked');
  const removed = await ctx.enrolments.unassign(booking.id, [...new Set(body.users)]);
  ctx.seminars.contentChanged();
  return { unassigned: removed };
}
