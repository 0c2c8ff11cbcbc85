import { type AdminSeminarDto, encodeMessage, type Paginated } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { userPolicy } from '../../../policies/user.policy.ts';
import { usersService as users } from '../../users/users.service.ts';
import { type AdminContext, actorOf, type PageQuery, page, paginator } from '../admin.context.ts';
import { seminarDto, seminarDtos } from '../admin.dto.ts';

export async function listSeminars(
  ctx: AdminContext,
  q: PageQuery & { q?: string; owner_id?: number },
): Promise<Paginated<AdminSeminarDto>> {
  const { rows, total } = await ctx.seminars.admin.page({ q: q.q, ownerId: q.owner_id }, page(q));
  return paginator(q, await seminarDtos(ctx, rows), total);
}

/** @throws admin.owner_not_trainer (422) */
export async function setSeminarOwner(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  ownerId: number,
): Promise<AdminSeminarDto> {
  const before = await seminarDto(ctx, id);
  const owner = await users.findById(ctx.db, ownerId);
  if (!owner || owner.disabledAt || !userPolicy.mayOwnSeminars(owner)) {
    throw validation({ owner_id: [encodeMessage('admin.owner_not_trainer')] }, 'admin.owner_not_trainer');
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.seminars.admin.setOwner(tx, id, ownerId);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'seminar.owner_changed',
      targetType: 'seminar',
      targetId: id,
      targetLabel: before.title,
      before: { owner: before.owner.username },
      after: { owner: owner.username },
    });
  });
  ctx.seminars.contentChanged();
  return seminarDto(ctx, id);
}
