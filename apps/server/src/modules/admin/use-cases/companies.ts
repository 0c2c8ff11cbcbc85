import { type AdminCompanyDto, encodeMessage, type Paginated } from '@elearn/shared';
import { conflict, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type AdminContext, actorOf, type PageQuery, page, paginator } from '../admin.context.ts';
import { companyDto, companyDtos, companyRow } from '../admin.dto.ts';

export async function listCompanies(
  ctx: AdminContext,
  q: PageQuery & { q?: string },
): Promise<Paginated<AdminCompanyDto>> {
  const { rows, total } = await ctx.membership.list({ q: q.q }, page(q));
  return paginator(q, await companyDtos(ctx, rows), total);
}

/** @throws company.short_name_taken (422) */
export async function createCompany(
  ctx: AdminContext,
  actor: AuthUser,
  body: { name: string; shortName: string },
): Promise<AdminCompanyDto> {
  if (await ctx.membership.shortNameTaken(body.shortName, null)) {
    throw validation({ shortName: [encodeMessage('company.short_name_taken')] }, 'company.short_name_taken');
  }
  const company = await ctx.db.transaction(async (tx) => {
    const row = await ctx.membership.create(tx, body);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.created',
      targetType: 'company',
      targetId: row.id,
      targetLabel: row.name,
      after: { name: row.name, shortName: row.shortName },
    });
    return row;
  });
  return companyDto(ctx, company.id);
}

/** @throws company.short_name_taken (422) */
export async function updateCompany(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  body: { name?: string; shortName?: string },
): Promise<AdminCompanyDto> {
  const before = await companyRow(ctx, id);
  // an empty change (`{}` or the current values) changes nothing and leaves no audit entry
  if (
    (body.name === undefined || body.name === before.name) &&
    (body.shortName === undefined || body.shortName === before.shortName)
  ) {
    return companyDto(ctx, id);
  }
  if (body.shortName && (await ctx.membership.shortNameTaken(body.shortName, id))) {
    throw validation({ shortName: [encodeMessage('company.short_name_taken')] }, 'company.short_name_taken');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.membership.rename(tx, id, before, body);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.updated',
      targetType: 'company',
      targetId: id,
      targetLabel: body.name ?? before.name,
      before: { name: before.name, shortName: before.shortName },
      after: { name: body.name ?? before.name, shortName: body.shortName ?? before.shortName },
    });
  });
  return companyDto(ctx, id);
}

/** @throws company.not_empty (409) */
export async function deleteCompany(ctx: AdminContext, actor: AuthUser, id: number): Promise<void> {
  const company = await companyRow(ctx, id);
  const [usage, seminarCounts] = await Promise.all([
    ctx.membership.usage(id),
    ctx.seminars.admin.countsByCompany([id]),
  ]);
  if (usage.members + usage.bookings + (seminarCounts.get(id) ?? 0) > 0) {
    throw conflict('company.not_empty', 'company.not_empty');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.membership.delete(tx, id);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.deleted',
      targetType: 'company',
      targetId: id,
      targetLabel: company.name,
      before: { name: company.name, shortName: company.shortName },
    });
  });
}
