import type { EmployeeDto, EmployeePage } from '@elearn/shared';
import { conflict, notFound } from '../../../errors.ts';
import { groupBy } from '../../../lib/group-by.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companiesRepository as companies, type MemberRow } from '../companies.repository.ts';
import { managedCompany } from '../company-guards.ts';
import { membersPage } from '../company-members.repository.ts';
import { companyProgress } from './company-progress.ts';

/**
 * `GET /api/companies/{id}/users?page=&per_page=&q=`: a page of the members sorted by name, with
 * their assigned seminars, progress and tests (those of the page's members only: the whole list
 * of a company of 5,000 employees took seconds, issue 39); `q` in name, username or e-mail.
 */
export async function listEmployees(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  query: { page: number; per_page: number; q?: string },
): Promise<EmployeePage> {
  await managedCompany(ctx, actor, companyId);
  const q = query.q?.trim() || undefined;
  const { rows: members, total } = await membersPage(
    ctx.db,
    companyId,
    { q },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: await withProgress(ctx, companyId, members),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/** the members with their assignments, chapter progress and best test results */
async function withProgress(
  ctx: CompaniesContext,
  companyId: number,
  members: MemberRow[],
): Promise<EmployeeDto[]> {
  if (members.length === 0) return [];
  const { assigned, runs } = await companyProgress(
    ctx,
    companyId,
    members.map((m) => m.id),
  );
  // grouped once: filtering them per member took seconds at scale (issue 39)
  const assignedOf = groupBy(assigned, (a) => a.userId);
  const runsOf = groupBy(runs, (r) => `${r.userId}/${r.seminarId}`);
  return members.map((m) => ({
    id: m.id,
    username: m.username,
    first_name: m.firstName,
    last_name: m.lastName,
    email: m.email,
    manager: m.manager,
    seminars: (assignedOf.get(m.id) ?? []).map((a) => ({
      booking_id: a.bookingId,
      seminar: a.seminar,
      chapters_total: a.total,
      chapters_done: a.done,
      tests: (runsOf.get(`${m.id}/${a.seminar.id}`) ?? []).map((r) => ({
        mc_test_id: r.mcTestId,
        label: r.label,
        achievedPercent: Number(r.achievedPercent ?? 0),
        accomp: !!r.accomp,
        passed: !!r.passed,
      })),
    })),
  }));
}

/** @throws company.remove_self (409); 404 for a user who is no member */
export async function removeMember(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  userId: number,
): Promise<void> {
  const { db, enrolments } = ctx;
  await managedCompany(ctx, actor, companyId);
  if (userId === actor.id) throw conflict('company.remove_self', 'company.remove_self');
  if ((await companies.memberIds(db, companyId, [userId])).size === 0) throw notFound();
  await db.transaction(async (tx) => {
    await enrolments.unassignAllOf(companyId, userId, tx);
    await companies.removeMember(tx, companyId, userId);
  });
}
