import {
  BOOKERS_PER_SEMINAR,
  type CompanyAssignmentPage,
  type CompanyBookingDto,
  type SeminarDto,
} from '@elearn/shared';
import type { Page } from '../../../db/query-helpers.ts';
import { forbidden } from '../../../errors.ts';
import { groupBy } from '../../../lib/group-by.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { type CompaniesContext, iso } from '../companies.context.ts';
import { assignmentDto, assignmentRows, bookingDtos } from '../company-bookings.dto.ts';
import {
  type CompanyBookingWithCompany,
  companyGrants,
  companyBookingsRepository as repo,
} from '../company-bookings.repository.ts';

/** what the actor may see of a seminar's company side: all (owner, admin) or own companies */
async function seminarScope(
  ctx: CompaniesContext,
  actor: AuthUser,
  seminarId: number,
): Promise<number[] | null> {
  const access = await ctx.seminars.access(actor, seminarId);
  const scope = companyPolicy.seminarCompanies(actor, access.manage);
  if (scope !== null && scope.length === 0) throw forbidden();
  return scope;
}

/**
 * `GET /api/companies/seminars/booked`: a manager's company bookings (every one: admin); an
 * employee's, the company bookings they are assigned to
 */
export async function bookedForCaller(ctx: CompaniesContext, actor: AuthUser): Promise<CompanyBookingDto[]> {
  const { db } = ctx;
  if (companyPolicy.managesAny(actor)) {
    const ids = companyPolicy.managedIds(actor);
    return bookingDtos(ctx, await repo.listForCompanies(db, { companyIds: ids }), actor, true);
  }
  // an employee: the granting company bookings they are assigned to, newest assignment first
  // a seat of a package counts until the package ends (issue 38 item 4)
  const now = ctx.now();
  const grants = (await ctx.enrolments.companyLearners({ userId: actor.id }))
    .filter((g) => !g.enrolment.validUntil || g.enrolment.validUntil.getTime() > now)
    .sort(
      (a, b) =>
        b.enrolment.createdAt.getTime() - a.enrolment.createdAt.getTime() || b.enrolment.id - a.enrolment.id,
    );
  const ids2 = grants.map((g) => g.enrolment.companyBookingId).filter((id): id is number => id !== null);
  const rows = await repo.listForCompanies(db, { ids: ids2 });
  const assigned = (status: string) => companyGrants(status) || status === 'seats';
  const byId = new Map(rows.filter((r) => assigned(r.booking.status)).map((r) => [r.booking.id, r]));
  const ordered = ids2.map((id) => byId.get(id)).filter((r): r is CompanyBookingWithCompany => !!r);
  return bookingDtos(ctx, ordered, actor, true);
}

/** `GET /api/seminars/{id}/companies`: the companies that booked the seminar, as far as the actor may see */
export async function seminarCompanies(ctx: CompaniesContext, actor: AuthUser, seminarId: number) {
  const scope = await seminarScope(ctx, actor, seminarId);
  const rows = await repo.listForCompanies(ctx.db, { seminarIds: [seminarId], companyIds: scope });
  const counts = await ctx.enrolments.assignedCounts(rows.map((r) => r.booking.id));
  return rows
    .sort((a, b) => a.company.name.localeCompare(b.company.name))
    .map((r) => ({
      company: r.company,
      booking_id: r.booking.id,
      status: r.booking.status,
      created_at: iso(r.booking.createdAt),
      assigned_count: counts.get(r.booking.id) ?? 0,
    }));
}

/**
 * `GET /api/seminars/{id}/users/booked-company`: a page of the employees assigned to the seminar
 * (as far as the actor may see), by company and name; `company_id` one company's (another than
 * the actor may see: 403), `users` only those employees', `q` in name, username or e-mail
 * (issue 39: every assignment at once before)
 */
export async function bookedCompanyUsers(
  ctx: CompaniesContext,
  actor: AuthUser,
  seminarId: number,
  query: { page: number; per_page: number; q?: string; company_id?: number; users?: string },
): Promise<CompanyAssignmentPage> {
  const scope = await seminarScope(ctx, actor, seminarId);
  let companyIds = scope;
  if (query.company_id !== undefined) {
    if (scope !== null && !scope.includes(query.company_id)) throw forbidden();
    companyIds = [query.company_id];
  }
  const { rows, total } = await ctx.enrolments.companyLearnersPage(
    seminarId,
    {
      companyIds,
      ...(query.users ? { userIds: [...new Set(query.users.split(',').map(Number))] } : {}),
      ...(query.q?.trim() ? { q: query.q.trim() } : {}),
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  // the page's order is the database's (company name, last and first name); the refs keep it
  const withCompany = await assignmentRows(ctx, rows);
  const order = new Map(rows.map((r, i) => [r.enrolment.id, i]));
  withCompany.sort((a, b) => (order.get(a.enrolment.id) ?? 0) - (order.get(b.enrolment.id) ?? 0));
  return {
    data: withCompany.map(assignmentDto),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/**
 * A page of the caller's own seminars, newest first, with the companies that booked them and
 * their assigned employees: the first {@link BOOKERS_PER_SEMINAR} by name (issue 39; the rest a
 * page at a time from `GET /api/seminars/{id}/users/booked-company`)
 */
export async function ownedWithCompanyBookings(
  ctx: CompaniesContext,
  actor: AuthUser,
  page: Page,
): Promise<SeminarDto[]> {
  const owned = await ctx.seminars.owned(actor, page);
  const ids = owned.map((s) => s.id);
  const [grants, booked] = await Promise.all([
    ctx.enrolments.firstLearners(ids, 'company', BOOKERS_PER_SEMINAR),
    repo.listForCompanies(ctx.db, { seminarIds: ids }),
  ]);
  // grouped once per seminar (a filter per seminar grew with seminars × employees, issue 39)
  const assigned = groupBy(await assignmentRows(ctx, grants), (a) => a.enrolment.seminarId);
  const bookedBy = groupBy(booked, (b) => b.booking.seminarId);
  return owned.map((s) => ({
    ...s,
    companies: (bookedBy.get(s.id) ?? [])
      .sort((a, b) => a.company.name.localeCompare(b.company.name))
      .map((b) => b.company),
    users_booked_company_seminars: (assigned.get(s.id) ?? []).map((a) => ({
      id: a.user.id,
      first_name: a.user.firstName,
      last_name: a.user.lastName,
      email: a.user.email,
      booked_at: iso(a.enrolment.createdAt),
      status: 'company',
    })),
  }));
}
