import type { AccessLinkDto, Paginated } from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, forbidden, notFound } from '../../../errors.ts';
import { randomToken, seal, sha256Hex } from '../../../lib/crypto.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { usersService } from '../../users/users.service.ts';
import { linkDto, SEAL_PURPOSE } from '../access-links.dto.ts';
import { accessLinksRepository as repo } from '../access-links.repository.ts';
import { type CompaniesContext, DAY_MS } from '../companies.context.ts';

/*
 * Temporary access links: a manager makes one for an employee's company grant; its holder plays
 * the seminar without an account while the link is live and the grant stands
 * (use-cases/open-access-link.ts). Here: the manager's side.
 */

const disabledUser = async (ctx: CompaniesContext, userId: number) =>
  Boolean((await usersService.findById(ctx.db, userId))?.disabledAt);

/** 404 unless `userBookedId` is a company grant of `seminarId` in a company the caller manages */
export async function generateAccessLink(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; userBookedId: number; expires_in_days: number },
): Promise<AccessLinkDto> {
  const { db, config } = ctx;
  const grant = await ctx.enrolments.find(body.userBookedId);
  if (!grant || grant.companyId === null || !companyPolicy.makeAccessLink(actor, grant, body.seminarId)) {
    throw notFound();
  }
  if (await disabledUser(ctx, grant.userId)) throw conflict('company.user_disabled', 'company.user_disabled');
  const token = randomToken(32);
  const link = await repo.insert(db, {
    tokenHash: sha256Hex(token),
    tokenSealed: seal(config.sessionSecret, SEAL_PURPOSE, token),
    enrolmentId: grant.id,
    seminarId: grant.seminarId,
    userId: grant.userId,
    companyId: grant.companyId,
    createdBy: actor.id,
    expiresAt: new Date(ctx.now() + body.expires_in_days * DAY_MS),
  });
  const row = await repo.findWhere(db, { id: link.id });
  return linkDto(ctx, row!, token);
}

/** the links of the companies the caller manages (every company: admin); 403 for anyone else */
export async function listAccessLinks(
  ctx: CompaniesContext,
  actor: AuthUser,
  page: number,
  perPage: number,
): Promise<Paginated<AccessLinkDto>> {
  if (!companyPolicy.managesAny(actor)) throw forbidden();
  const ids = companyPolicy.managedIds(actor);
  const { rows, total } = await repo.list(ctx.db, ids, { limit: perPage, offset: (page - 1) * perPage });
  return {
    data: rows.map((r) => linkDto(ctx, r)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

export async function revokeAccessLink(
  ctx: CompaniesContext,
  actor: AuthUser,
  id: number,
): Promise<AccessLinkDto> {
  const row = await repo.findWhere(ctx.db, { id });
  if (!row) throw notFound();
  if (!companyPolicy.manage(actor, row.company.id)) throw forbidden();
  await repo.revoke(ctx.db, id, new Date(ctx.now()));
  return linkDto(ctx, (await repo.findWhere(ctx.db, { id }))!);
}

/** ends every live link of a user whose account is disabled (admin), inside its transaction */
export const revokeAccessLinksOfUser = (ctx: CompaniesContext, tx: DbOrTx, userId: number) =>
  repo.revokeAllOfUser(tx, userId, new Date(ctx.now()));
