import { type AdminMemberPage, encodeMessage } from '@elearn/shared';
import { conflict, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { userPolicy } from '../../../policies/user.policy.ts';
import { usersService as users } from '../../users/users.service.ts';
import { type AdminContext, actorOf, label } from '../admin.context.ts';
import { companyRow, memberDto, memberDtos } from '../admin.dto.ts';

/**
 * A page of a company's members sorted by name, `q` in name, username or e-mail (issue 39: every
 * member at once before, 5,000 in the largest company at scale)
 */
export async function listMembers(
  ctx: AdminContext,
  id: number,
  q: { page: number; per_page: number; q?: string },
): Promise<AdminMemberPage> {
  await companyRow(ctx, id);
  const { rows, total } = await ctx.membership.membersPage(
    id,
    { q: q.q?.trim() || undefined },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return {
    data: rows.map(memberDto),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

/** @throws company.user_unknown (422), company.already_member (409), company.manager_scope (422) */
export async function addMember(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  body: { email: string; manager: boolean },
) {
  const company = await companyRow(ctx, id);
  const user = await users.findByEmail(ctx.db, body.email);
  if (!user) throw validation({ email: [encodeMessage('company.user_unknown')] }, 'company.user_unknown');
  if ((await ctx.membership.memberIds(id, [user.id])).size > 0) {
    throw conflict('company.already_member', 'company.already_member');
  }
  if (body.manager && !userPolicy.mayManageCompanies(user)) {
    throw validation({ manager: [encodeMessage('company.manager_scope')] }, 'company.manager_scope');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.membership.add(tx, id, user.id, body.manager);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.member_added',
      targetType: 'company',
      targetId: id,
      targetLabel: company.name,
      after: { user: label(user), manager: body.manager },
    });
  });
  return (await memberDtos(ctx, id)).find((m) => m.id === user.id)!;
}

/** @throws company.manager_scope (422); 404 for a user who is no member */
export async function setManager(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  userId: number,
  manager: boolean,
) {
  const company = await companyRow(ctx, id);
  const member = (await memberDtos(ctx, id)).find((m) => m.id === userId);
  if (!member) throw notFound();
  if (manager && !userPolicy.mayManageCompanies(member)) {
    throw validation({ manager: [encodeMessage('company.manager_scope')] }, 'company.manager_scope');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.membership.setManager(tx, id, userId, manager);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.manager_set',
      targetType: 'company',
      targetId: id,
      targetLabel: company.name,
      before: { user: `${member.username} <${member.email}>`, manager: member.manager },
      after: { user: `${member.username} <${member.email}>`, manager },
    });
  });
  return { ...member, manager };
}

/** 404 for a user who is no member; their assignments of the company's bookings end with it */
export async function removeMember(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  userId: number,
): Promise<void> {
  const company = await companyRow(ctx, id);
  const member = (await memberDtos(ctx, id)).find((m) => m.id === userId);
  if (!member) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await ctx.membership.remove(tx, id, userId);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'company.member_removed',
      targetType: 'company',
      targetId: id,
      targetLabel: company.name,
      before: { user: `${member.username} <${member.email}>`, manager: member.manager },
    });
  });
}
