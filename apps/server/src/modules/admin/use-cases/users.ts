import type { AdminUserDetailDto, AdminUserDto, Paginated } from '@elearn/shared';
import { type UserFilter, usersService as users } from '../../users/users.service.ts';
import { type AdminContext, iso, type PageQuery, page, paginator } from '../admin.context.ts';
import { userDto, userRow } from '../admin.dto.ts';

export async function listUsers(
  ctx: AdminContext,
  q: PageQuery & UserFilter & { company_id?: number },
): Promise<Paginated<AdminUserDto>> {
  const { rows, total } = await users.listWithMemberships(
    ctx.db,
    { q: q.q, scope: q.scope, companyId: q.company_id, status: q.status },
    page(q),
  );
  return paginator(q, rows.map(userDto), total);
}

export async function userDetail(ctx: AdminContext, id: number): Promise<AdminUserDetailDto> {
  const row = await userRow(ctx, id);
  const [purchases, grants, results] = await Promise.all([
    ctx.payments.admin.purchasesOfUser(id),
    ctx.enrolments.grantsOfUser(id),
    ctx.graduate.stoppedRunsOfUser(id),
  ]);
  // purchases (any payment state) and the grants that are no purchase: free bookings, assignments
  const others = grants.filter((g) => g.source !== 'purchase');
  const seminarRows = await ctx.seminars.listRows([...new Set(others.map((g) => g.seminarId))]);
  const seminarOf = new Map(seminarRows.map((r) => [r.seminar.id, r.seminar]));
  const bookings = [
    ...purchases.map((b) => ({
      id: b.id,
      seminar: b.seminar,
      status: b.status,
      price: b.price,
      currency: b.currency,
      created_at: iso(b.createdAt),
    })),
    ...others.flatMap((g) => {
      const s = seminarOf.get(g.seminarId);
      if (!s) return [];
      return [
        {
          id: g.id,
          seminar: { id: s.id, title: s.title, slug: s.slug },
          status: g.source === 'free' ? 'free' : 'company',
          price: 0,
          currency: s.currency,
          created_at: iso(g.grantedAt),
        },
      ];
    }),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    ...userDto(row),
    bookings,
    test_results: results.map((r) => ({
      run_id: r.runId,
      mc_test: r.mcTest,
      achievedPercent: Number(r.achievedPercent ?? 0),
      accomp: !!r.accomp,
      passed: r.passed === 1,
      stopped_at: iso(r.stoppedAt!),
    })),
  };
}
