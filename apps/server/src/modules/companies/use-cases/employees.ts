import type { EmployeeDto } from '@elearn/shared';
import { conflict, notFound } from '../../../errors.ts';
import { groupBy } from '../../../lib/group-by.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companiesRepository as companies } from '../companies.repository.ts';
import { managedCompany } from '../company-guards.ts';
import { companyProgress } from './company-progress.ts';

/** `GET /api/companies/{id}/users`: the members with their assigned seminars, progress and tests */
export async function listEmployees(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
): Promise<EmployeeDto[]> {
  await managedCompany(ctx, actor, companyId);
  const [members, { assigned, runs }] = await Promise.all([
    companies.members(ctx.db, companyId),
    companyProgress(ctx, companyId),
  ]);
  // grouped once: a company of 5,000 employees has tens of thousands of assignments and runs
  // (filtering them per member took seconds at scale, issue 39)
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
