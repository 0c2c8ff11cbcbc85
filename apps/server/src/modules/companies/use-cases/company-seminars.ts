import type { CompanySeminarDto } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import type { SeminarListRow } from '../../seminars/seminars.service.ts';
import { type CompaniesContext, iso } from '../companies.context.ts';
import { companyBookingsRepository as repo } from '../company-bookings.repository.ts';
import { companyFor } from '../company-guards.ts';

/** `GET /api/companies/{id}/seminars`: the seminars a member's company offers, with its booking */
export async function companySeminars(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
): Promise<CompanySeminarDto[]> {
  const { seminars } = ctx;
  await companyFor(ctx, actor, companyId, companyPolicy.member);
  const booked = await repo.listForCompanies(ctx.db, { companyIds: [companyId] });
  const bookingOf = new Map(booked.map((b) => [b.booking.seminarId, b.booking]));
  const rows = await seminars.companyRows(
    companyId,
    booked.map((b) => b.booking.seminarId),
  );
  const dtos = await seminars.dtos(rows, actor);
  return rows.map((r: SeminarListRow, i) => {
    const booking = bookingOf.get(r.seminar.id);
    return {
      ...dtos[i]!,
      company_booking: booking
        ? { id: booking.id, status: booking.status, created_at: iso(booking.createdAt) }
        : null,
    };
  });
}
