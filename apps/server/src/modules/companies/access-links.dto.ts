import type { AccessLinkDto } from '@elearn/shared';
import { unseal } from '../../lib/crypto.ts';
import type { AccessLinkListRow } from './access-links.repository.ts';
import { type CompaniesContext, iso, isoOrNull } from './companies.context.ts';

export const SEAL_PURPOSE = 'access-link';

export const linkUrl = (ctx: CompaniesContext, token: string) =>
  `${ctx.config.appUrl}/seminar/access-link/${token}`;

const linkStatus = (
  ctx: CompaniesContext,
  l: { revokedAt: Date | null; expiresAt: Date },
): AccessLinkDto['status'] =>
  l.revokedAt ? 'revoked' : l.expiresAt.getTime() <= ctx.now() ? 'expired' : 'active';

export function linkDto(ctx: CompaniesContext, row: AccessLinkListRow, token?: string): AccessLinkDto {
  const l = row.link;
  const plain = token ?? unseal(ctx.config.sessionSecret, SEAL_PURPOSE, l.tokenSealed);
  return {
    id: l.id,
    url: plain ? linkUrl(ctx, plain) : '',
    status: linkStatus(ctx, l),
    expires_at: iso(l.expiresAt),
    created_at: iso(l.createdAt),
    revoked_at: isoOrNull(l.revokedAt),
    last_used_at: isoOrNull(l.lastUsedAt),
    seminar: row.seminar,
    employee: {
      id: row.employee.id,
      first_name: row.employee.firstName,
      last_name: row.employee.lastName,
      username: row.employee.username,
    },
    company: row.company,
  };
}
