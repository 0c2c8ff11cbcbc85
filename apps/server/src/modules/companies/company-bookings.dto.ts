import { type CompanyAssignment, type CompanyBookingDto, dueDateOf } from '@elearn/shared';
import type { AuthUser } from '../../plugins/session.ts';
import type { LearnerRow } from '../enrolments/enrolments.service.ts';
import { type CompaniesContext, iso } from './companies.context.ts';
import { companiesRepository as companies } from './companies.repository.ts';
import type { CompanyBookingWithCompany } from './company-bookings.repository.ts';

/** company bookings with their seminar rows and assigned counts, in the bookings' order */
async function withSeminars(ctx: CompaniesContext, rows: CompanyBookingWithCompany[]) {
  const [seminarRows, counts] = await Promise.all([
    ctx.seminars.listRows([...new Set(rows.map((r) => r.booking.seminarId))]),
    ctx.enrolments.assignedCounts(rows.map((r) => r.booking.id)),
  ]);
  const byId = new Map(seminarRows.map((s) => [s.seminar.id, s]));
  return rows.flatMap((r) => {
    const s = byId.get(r.booking.seminarId);
    return s ? [{ ...r, seminarRow: s, assignedCount: counts.get(r.booking.id) ?? 0 }] : [];
  });
}

export async function bookingDtos(
  ctx: CompaniesContext,
  rows: CompanyBookingWithCompany[],
  actor: AuthUser,
  withAbilities: boolean,
): Promise<CompanyBookingDto[]> {
  const { seminars } = ctx;
  const full = await withSeminars(ctx, rows);
  const dtos = withAbilities
    ? await seminars.dtos(
        full.map((f) => f.seminarRow),
        actor,
      )
    : full.map((f) => seminars.toDto(f.seminarRow, actor, false));
  return full.map((f, i) => ({
    id: f.booking.id,
    status: f.booking.status,
    created_at: iso(f.booking.createdAt),
    company: f.company,
    seminar: dtos[i]!,
    assigned_count: f.assignedCount,
  }));
}

/** company grants with their company's name, as the assignment lists show them */
export async function assignmentRows(ctx: CompaniesContext, grants: LearnerRow[]) {
  const refs = await companies.refsByIds(ctx.db, [
    ...new Set(grants.map((g) => g.enrolment.companyId).filter((id): id is number => id !== null)),
  ]);
  const byId = new Map(refs.map((c) => [c.id, c]));
  return grants
    .map((g) => ({ ...g, company: byId.get(g.enrolment.companyId ?? 0) }))
    .filter(
      (g): g is LearnerRow & { company: { id: number; name: string; shortName: string } } => !!g.company,
    )
    .sort(
      (a, b) =>
        a.company.name.localeCompare(b.company.name) ||
        a.user.lastName.localeCompare(b.user.lastName) ||
        a.user.firstName.localeCompare(b.user.firstName) ||
        a.user.id - b.user.id,
    );
}

export const assignmentDto = (a: Awaited<ReturnType<typeof assignmentRows>>[number]): CompanyAssignment => ({
  booking_id: a.enrolment.id,
  assigned_at: iso(a.enrolment.createdAt),
  due_date: a.enrolment.dueAt ? dueDateOf(a.enrolment.dueAt) : null,
  company: a.company,
  user: {
    id: a.user.id,
    username: a.user.username,
    first_name: a.user.firstName,
    last_name: a.user.lastName,
    email: a.user.email,
  },
});
