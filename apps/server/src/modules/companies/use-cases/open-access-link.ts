import type { AccessLinkPlay } from '@elearn/shared';
import { AppError } from '../../../errors.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { accessLinksRepository as repo } from '../access-links.repository.ts';
import { type CompaniesContext, iso } from '../companies.context.ts';
import { companyGrants } from '../company-bookings.repository.ts';
import { foundToken, guardTokenGuessing } from '../company-guards.ts';

/** a live link by its token; counts failures against the caller's IP */
async function liveLink(ctx: CompaniesContext, token: string, ip: string) {
  await guardTokenGuessing(ctx, ip);
  const row = token.length <= 100 ? await repo.findWhere(ctx.db, { tokenHash: sha256Hex(token) }) : undefined;
  if (!row) throw new AppError(404, 'access_link.invalid', 'access_link.invalid');
  await foundToken(ctx, ip);
  // a disabled employee's links are revoked when the account is disabled (admin); this also
  // covers any link made while it is disabled
  if (row.link.revokedAt || row.employeeDisabledAt) {
    throw new AppError(410, 'access_link.revoked', 'access_link.revoked');
  }
  if (row.link.expiresAt.getTime() <= ctx.now() || !companyGrants(row.companyBookingStatus)) {
    throw new AppError(410, 'access_link.expired', 'access_link.expired');
  }
  return row;
}

/** the seminar and its chapters for a link holder (no account) */
export async function openAccessLink(
  ctx: CompaniesContext,
  token: string,
  ip: string,
): Promise<AccessLinkPlay> {
  const row = await liveLink(ctx, token, ip);
  await repo.touch(ctx.db, row.link.id, new Date(ctx.now()));
  return {
    seminar: { ...row.seminar, description: row.description },
    // drip (issue 36) counts from the link's employee's first grant of the seminar
    chapters: await ctx.chapters.tree(row.seminar.id, {
      userId: null,
      hideLocked: true,
      dripUserId: row.link.userId,
    }),
    expires_at: iso(row.link.expiresAt),
    employee: { first_name: row.employee.firstName },
  };
}

/** the seminar a live link opens and its employee (media of link holders; drip counts for them) */
export async function seminarOfAccessLink(
  ctx: CompaniesContext,
  token: string,
  ip: string,
): Promise<{ seminarId: number; userId: number }> {
  const row = await liveLink(ctx, token, ip);
  return { seminarId: row.seminar.id, userId: row.link.userId };
}
