import { notFound } from '../../../errors.ts';
import { userPolicy } from '../../../policies/user.policy.ts';
import { avatarUrl } from '../../users/users.presenter.ts';
import { usersService } from '../../users/users.service.ts';
import type { Actor, SeminarsContext } from '../seminars.context.ts';
import { dtos } from '../seminars.dto.ts';
import { seminarsRepository as repo } from '../seminars.repository.ts';

/** a trainer's public page: the person and their public seminars */
export async function publicProfile(ctx: SeminarsContext, actor: Actor, slug: string) {
  const user = await usersService.findByUsername(ctx.db, slug);
  // only trainers have a public profile; any other account (an admin's too) is not found
  if (!user || !userPolicy.hasPublicProfile(user)) throw notFound();
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar_url: avatarUrl(user.id, user.avatarPath),
    seminars: await dtos(ctx, await repo.listPublicByOwner(ctx.db, user.id), actor),
  };
}
