import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { bookingDtos } from '../company-bookings.dto.ts';
import { companyGrants, companyBookingsRepository as repo } from '../company-bookings.repository.ts';
import { managedCompany } from '../company-guards.ts';

/*
 * Company bookings (free or bought by a manager through payments) and the assignment of
 * employees to them. An assignment is a company grant of the enrolments module: it grants the
 * seminar whatever personal booking the employee has (issue 11.1).
 */

/** @throws booking.not_free (409); 404 for a seminar the company may not see */
export async function bookFreeForCompany(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; companyId: number },
) {
  await managedCompany(ctx, actor, body.companyId);
  const seminar = await ctx.seminars.access(actor, body.seminarId).catch(() => null);
  const s = seminar?.seminar;
  if (!s || !companyPolicy.books(s, body.companyId)) throw notFound();
  if (s.price > 0) throw conflict('booking.not_free', 'booking.not_free');
  const { booking, created } = await repo.insertFree(ctx.db, {
    companyId: body.companyId,
    seminarId: s.id,
    bookedBy: actor.id,
    currency: s.currency,
  });
  const rows = await repo.listForCompanies(ctx.db, { ids: [booking.id] });
  const [dto] = await bookingDtos(ctx, rows, actor, false);
  return { created, booking: dto! };
}

/**
 * Checks before a manager pays for a priced seminar on behalf of the company (the payments
 * flow does the rest and grants the company booking once paid).
 * @throws booking.already_booked (409) when the company holds it already; 404 for a seminar
 *   the company may not book
 */
export async function checkCompanyPurchase(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; companyId: number },
): Promise<void> {
  await managedCompany(ctx, actor, body.companyId);
  const s = (await ctx.seminars.access(actor, body.seminarId).catch(() => null))?.seminar;
  if (!s || !companyPolicy.books(s, body.companyId)) throw notFound();
  const held = await repo.find(ctx.db, body.companyId, body.seminarId);
  if (held && companyGrants(held.status)) {
    throw conflict('booking.already_booked', 'booking.already_booked');
  }
}

/** a paid company purchase (payments, inside its grant transaction) */
export const grantCompanyPurchase = (
  tx: Tx,
  purchase: { seminarId: number; userId: number; price: number; currency: string },
  companyId: number,
  at: Date,
) => repo.grantPurchase(tx, purchase, companyId, at);
