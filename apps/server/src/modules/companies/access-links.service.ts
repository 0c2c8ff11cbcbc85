import type { AccessLinkDto, AccessLinkPlay, Paginated } from '@elearn/shared';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { randomToken, seal, sha256Hex, unseal } from '../../lib/crypto.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type AccessLinkListRow, accessLinksRepository as repo } from './access-links.repository.ts';
import { companyGrants } from './company-bookings.repository.ts';
import type { CompanyGuards } from './company-guards.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
export const SEAL_PURPOSE = 'access-link';

/**
 * Temporary access links: a manager makes one for an employee's company grant; its holder plays
 * the seminar without an account while the link is live and the grant stands.
 */
export function createAccessLinksService(deps: {
  db: Db;
  config: AppConfig;
  enrolments: EnrolmentsService;
  chapters: ChaptersService;
  guards: CompanyGuards;
  now: () => number;
}) {
  const { db, config, enrolments, chapters, guards, now } = deps;

  const linkUrl = (token: string) => `${config.appUrl}/seminar/access-link/${token}`;
  const linkStatus = (l: { revokedAt: Date | null; expiresAt: Date }): AccessLinkDto['status'] =>
    l.revokedAt ? 'revoked' : l.expiresAt.getTime() <= now() ? 'expired' : 'active';
  function linkDto(row: AccessLinkListRow, token?: string): AccessLinkDto {
    const l = row.link;
    const plain = token ?? unseal(config.sessionSecret, SEAL_PURPOSE, l.tokenSealed);
    return {
      id: l.id,
      url: plain ? linkUrl(plain) : '',
      status: linkStatus(l),
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

  const disabledUser = async (userId: number) =>
    Boolean((await usersRepository.findById(db, userId))?.disabledAt);

  /** a live link by its token; counts failures against the caller's IP */
  async function liveLink(token: string, ip: string) {
    await guards.guardTokenGuessing(ip);
    const row = token.length <= 100 ? await repo.findWhere(db, { tokenHash: sha256Hex(token) }) : undefined;
    if (!row) throw new AppError(404, 'access_link.invalid', 'access_link.invalid');
    await guards.foundToken(ip);
    // a disabled employee's links are revoked when the account is disabled (admin); this also
    // covers any link made while it is disabled
    if (row.link.revokedAt || row.employeeDisabledAt) {
      throw new AppError(410, 'access_link.revoked', 'access_link.revoked');
    }
    if (row.link.expiresAt.getTime() <= now() || !companyGrants(row.companyBookingStatus)) {
      throw new AppError(410, 'access_link.expired', 'access_link.expired');
    }
    return row;
  }

  return {
    /** 404 unless `userBookedId` is a company grant of `seminarId` in a company the caller manages */
    async generateLink(
      actor: AuthUser,
      body: { seminarId: number; userBookedId: number; expires_in_days: number },
    ): Promise<AccessLinkDto> {
      const grant = await enrolments.find(body.userBookedId);
      if (
        grant?.source !== 'company' ||
        grant.companyId === null ||
        grant.seminarId !== body.seminarId ||
        !companyPolicy.manage(actor, grant.companyId)
      ) {
        throw notFound();
      }
      if (await disabledUser(grant.userId)) throw conflict('company.user_disabled', 'company.user_disabled');
      const token = randomToken(32);
      const link = await repo.insert(db, {
        tokenHash: sha256Hex(token),
        tokenSealed: seal(config.sessionSecret, SEAL_PURPOSE, token),
        enrolmentId: grant.id,
        seminarId: grant.seminarId,
        userId: grant.userId,
        companyId: grant.companyId,
        createdBy: actor.id,
        expiresAt: new Date(now() + body.expires_in_days * DAY_MS),
      });
      const row = await repo.findWhere(db, { id: link.id });
      return linkDto(row!, token);
    },

    async listLinks(actor: AuthUser, page: number, perPage: number): Promise<Paginated<AccessLinkDto>> {
      const ids = companyPolicy.managedIds(actor);
      if (ids !== null && ids.length === 0) throw forbidden();
      const { rows, total } = await repo.list(db, ids, { limit: perPage, offset: (page - 1) * perPage });
      return {
        data: rows.map((r) => linkDto(r)),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      };
    },

    async revokeLink(actor: AuthUser, id: number): Promise<AccessLinkDto> {
      const row = await repo.findWhere(db, { id });
      if (!row) throw notFound();
      if (!companyPolicy.manage(actor, row.company.id)) throw forbidden();
      await repo.revoke(db, id, new Date(now()));
      return linkDto((await repo.findWhere(db, { id }))!);
    },

    /** the seminar and its chapters for a link holder (no account) */
    async openLink(token: string, ip: string): Promise<AccessLinkPlay> {
      const row = await liveLink(token, ip);
      await repo.touch(db, row.link.id, new Date(now()));
      return {
        seminar: { ...row.seminar, description: row.description },
        chapters: await chapters.tree(row.seminar.id, { userId: null, hideLocked: true }),
        expires_at: iso(row.link.expiresAt),
        employee: { first_name: row.employee.firstName },
      };
    },

    /** ends every live link of a user whose account is disabled (admin), inside its transaction */
    revokeLinksOfUser: (tx: DbOrTx, userId: number) => repo.revokeAllOfUser(tx, userId, new Date(now())),

    /** the seminar a live link opens (media of link holders) */
    async seminarOfLink(token: string, ip: string): Promise<number> {
      return (await liveLink(token, ip)).seminar.id;
    },
  };
}
