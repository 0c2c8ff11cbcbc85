import {
  type AccessLinkDto,
  type AccessLinkPlay,
  type AssignBody,
  type CompanyAssignment,
  type CompanyBookingDto,
  type CompanyDto,
  type CompanyRegisterBody,
  type CompanySeminarDto,
  type EmployeeDto,
  encodeMessage,
  type Locale,
  type Paginated,
  type SeminarDto,
} from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound, tooManyRequests, validation } from '../../errors.ts';
import { randomToken, seal, sha256Hex, unseal } from '../../lib/crypto.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import { grants } from '../seminars/booking-status.ts';
import { seminarsRepository } from '../seminars/seminars.repository.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type CompanyListRow, companiesRepository as companies } from './companies.repository.ts';
import {
  type AccessLinkListRow,
  type AssignmentRow,
  type CompanyBookingListRow,
  companyBookingsRepository as repo,
} from './company-bookings.repository.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** failed token look-ups (access links, invitations) per IP and minute before 429 (SECURITY A-10, D-14) */
const TOKEN_FAILURES = 30;
const TOKEN_WINDOW_S = 60;
export const SEAL_PURPOSE = 'access-link';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * Companies (docs/api/companies.md): memberships, company bookings and the assignment of
 * employees, invitation links for new employees and temporary access links that play one
 * employee's seminar without an account.
 */
export function createCompaniesService(deps: {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  chapters: ChaptersService;
  auth: AuthService;
  now?: () => number;
}) {
  const { db, config, counter, seminars, chapters } = deps;
  deps.auth.onEmailVerified((userId) => companies.confirmPendingMembers(db, userId));
  const now = deps.now ?? Date.now;

  const companyDto = (c: CompanyListRow): CompanyDto => ({
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    manager: c.manager,
    members_count: c.membersCount,
  });

  /** 404 for an unknown company, 403 unless the actor passes `allowed` */
  async function company(actor: AuthUser, id: number, allowed: (a: AuthUser, id: number) => boolean) {
    const found = await companies.findById(db, id);
    if (!found) throw notFound();
    if (!allowed(actor, id)) throw forbidden();
    return found;
  }
  const managed = (actor: AuthUser, id: number) => company(actor, id, companyPolicy.manage);

  /**
   * Reserves a token look-up of this IP before it runs (atomically, so parallel guesses cannot
   * overtake the count); 429 once the IP failed too often. A look-up that finds its token gives
   * the reservation back, so only failures count.
   */
  async function guardTokenGuessing(ip: string) {
    const r = await counter.reserve(
      `token-guess:${ip}`,
      TOKEN_WINDOW_S,
      TOKEN_FAILURES * config.rateLimitFactor,
    );
    if (!r.allowed) throw tooManyRequests(r.resetInSeconds || TOKEN_WINDOW_S);
  }
  const foundToken = (ip: string) => counter.release(`token-guess:${ip}`);

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

  function bookingDto(row: CompanyBookingListRow, actor: AuthUser, dto?: SeminarDto): CompanyBookingDto {
    return {
      id: row.booking.id,
      status: row.booking.status,
      created_at: iso(row.booking.createdAt),
      company: row.company,
      seminar: dto ?? seminars.toDto(row, actor, false),
      assigned_count: row.assignedCount,
    };
  }

  const assignmentDto = (a: AssignmentRow): CompanyAssignment => ({
    booking_id: a.bookingId,
    assigned_at: iso(a.assignedAt),
    company: a.company,
    user: {
      id: a.user.id,
      username: a.user.username,
      first_name: a.user.firstName,
      last_name: a.user.lastName,
      email: a.user.email,
    },
  });

  /** the company booking that assignments go to; 409 company.not_booked unless it grants the seminar */
  async function grantingBooking(actor: AuthUser, body: { seminarId: number; companyId: number }) {
    await managed(actor, body.companyId);
    const booking = await repo.find(db, body.companyId, body.seminarId);
    if (!booking || !grants(booking.status)) {
      throw conflict('company.not_booked', 'company.not_booked');
    }
    return booking;
  }

  /** what the actor may see of a seminar's company side: all (owner, admin) or own companies */
  async function seminarScope(actor: AuthUser, seminarId: number): Promise<number[] | null> {
    const access = await seminars.access(actor, seminarId);
    if (access.manage) return null;
    const ids = companyPolicy.managedIds(actor);
    if (!ids || ids.length === 0) throw forbidden();
    return ids;
  }

  /** a live link by its token; counts failures against the caller's IP */
  async function liveLink(token: string, ip: string) {
    await guardTokenGuessing(ip);
    const row = token.length <= 100 ? await repo.linkWhere(db, { tokenHash: sha256Hex(token) }) : undefined;
    if (!row) throw new AppError(404, 'access_link.invalid', 'access_link.invalid');
    await foundToken(ip);
    if (row.link.revokedAt) throw new AppError(410, 'access_link.revoked', 'access_link.revoked');
    if (row.link.expiresAt.getTime() <= now() || !grants(row.companyBookingStatus)) {
      throw new AppError(410, 'access_link.expired', 'access_link.expired');
    }
    return row;
  }

  async function liveInvitation(token: string, ip: string) {
    await guardTokenGuessing(ip);
    const row = token.length <= 100 ? await repo.invitationByHash(db, sha256Hex(token)) : undefined;
    if (!row || row.invitation.revokedAt) throw new AppError(404, 'invitation.invalid', 'invitation.invalid');
    await foundToken(ip);
    if (row.invitation.expiresAt.getTime() <= now()) {
      throw new AppError(410, 'invitation.expired', 'invitation.expired');
    }
    return row;
  }

  return {
    async list(actor: AuthUser): Promise<CompanyDto[]> {
      const rows = await companies.listFor(db, companyPolicy.isAdmin(actor) ? null : actor.id);
      if (!companyPolicy.isAdmin(actor)) return rows.map(companyDto);
      // an admin also belongs to some companies: their manager flag still counts
      return rows.map((r) => companyDto({ ...r, manager: true }));
    },

    async byName(actor: AuthUser, shortName: string): Promise<CompanyDto> {
      // a former short name still finds the company (its DTO carries the current one)
      const found = await companies.findByAnyShortName(db, shortName);
      // "no such company" and "not yours" answer alike: a short name reveals no company
      if (!found || !companyPolicy.member(actor, found.id)) throw notFound();
      const [row] = await companies.listFor(db, null, found.id);
      return companyDto({ ...row!, manager: companyPolicy.manage(actor, found.id) });
    },

    async seminars(actor: AuthUser, companyId: number): Promise<CompanySeminarDto[]> {
      await company(actor, companyId, companyPolicy.member);
      const rows = await repo.companySeminars(db, companyId);
      const dtos = await seminars.dtos(rows, actor);
      return rows.map((r, i) => ({
        ...dtos[i]!,
        company_booking: r.booking
          ? { id: r.booking.id, status: r.booking.status, created_at: iso(r.booking.createdAt) }
          : null,
      }));
    },

    async employees(actor: AuthUser, companyId: number): Promise<EmployeeDto[]> {
      await managed(actor, companyId);
      const [members, { assigned, runs }] = await Promise.all([
        companies.members(db, companyId),
        repo.progress(db, companyId),
      ]);
      return members.map((m) => ({
        id: m.id,
        username: m.username,
        first_name: m.firstName,
        last_name: m.lastName,
        email: m.email,
        manager: m.manager,
        seminars: assigned
          .filter((a) => a.userId === m.id)
          .map((a) => ({
            booking_id: a.bookingId,
            seminar: a.seminar,
            chapters_total: a.total,
            chapters_done: a.done,
            tests: runs
              .filter((r) => r.userId === m.id && r.seminarId === a.seminar.id)
              .map((r) => ({
                mc_test_id: r.mcTestId,
                label: r.label,
                achievedPercent: Number(r.achievedPercent ?? 0),
                accomp: !!r.accomp,
                passed: !!r.passed,
              })),
          })),
      }));
    },

    /** @throws company.user_unknown (422), company.already_member (409) */
    async addMember(actor: AuthUser, companyId: number, email: string): Promise<EmployeeDto> {
      await managed(actor, companyId);
      const user = await usersRepository.findByEmail(db, email);
      if (!user || user.disabledAt) {
        throw validation({ email: [encodeMessage('company.user_unknown')] }, 'company.user_unknown');
      }
      if ((await companies.memberIds(db, companyId, [user.id])).size > 0) {
        throw conflict('company.already_member', 'company.already_member');
      }
      await companies.addMember(db, companyId, user.id, false);
      return {
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        manager: false,
        seminars: [],
      };
    },

    /** @throws company.remove_self (409); 404 for a user who is no member */
    async removeMember(actor: AuthUser, companyId: number, userId: number): Promise<void> {
      await managed(actor, companyId);
      if (userId === actor.id) throw conflict('company.remove_self', 'company.remove_self');
      if ((await companies.memberIds(db, companyId, [userId])).size === 0) throw notFound();
      await db.transaction(async (tx) => {
        await repo.unassignAllOf(tx, companyId, userId);
        await companies.removeMember(tx, companyId, userId);
      });
    },

    async createInvitation(actor: AuthUser, companyId: number, days: number) {
      const found = await managed(actor, companyId);
      const token = randomToken(32);
      const row = await repo.replaceInvitation(
        db,
        {
          companyId,
          tokenHash: sha256Hex(token),
          createdBy: actor.id,
          expiresAt: new Date(now() + days * DAY_MS),
        },
        new Date(now()),
      );
      return {
        token,
        url: `${config.appUrl}/company/${encodeURIComponent(found.shortName)}/register?token=${token}`,
        expires_at: iso(row.expiresAt),
      };
    },

    async invitationState(actor: AuthUser, companyId: number) {
      await managed(actor, companyId);
      const row = await repo.currentInvitation(db, companyId, new Date(now()));
      return {
        active: !!row,
        expires_at: row ? iso(row.expiresAt) : null,
        created_at: row ? iso(row.createdAt) : null,
      };
    },

    async revokeInvitation(actor: AuthUser, companyId: number): Promise<void> {
      await managed(actor, companyId);
      await repo.revokeInvitations(db, companyId, new Date(now()));
    },

    /** @throws invitation.invalid (404), invitation.expired (410), 429 after too many guesses */
    async invitationInfo(token: string, ip: string) {
      const { invitation, company: c } = await liveInvitation(token, ip);
      return { company: { name: c.name, shortName: c.shortName }, expires_at: iso(invitation.expiresAt) };
    },

    /** registers a new user into the invitation's company (same rules and mails as /api/register) */
    async register(req: FastifyRequest, reply: FastifyReply, body: CompanyRegisterBody, locale: Locale) {
      const { invitation } = await liveInvitation(body.token, req.ip);
      const { token: _token, ...fields } = body;
      // the membership begins when the new address is verified (the invitation promises so)
      await deps.auth.register(req, reply, fields, locale, async (user) => {
        await companies.addPendingMember(db, invitation.companyId, user.id);
      });
    },

    /** @throws booking.not_free (409); 404 for a seminar the company may not see */
    async bookFree(actor: AuthUser, body: { seminarId: number; companyId: number }) {
      await managed(actor, body.companyId);
      const seminar = await seminars.access(actor, body.seminarId).catch(() => null);
      const s = seminar?.seminar;
      const forCompany = s && (s.isCompany ? s.companyId === body.companyId : s.isPublic);
      if (!s || !forCompany) throw notFound();
      if (s.price > 0) throw conflict('booking.not_free', 'booking.not_free');
      const { booking, created } = await repo.insertFree(db, {
        companyId: body.companyId,
        seminarId: s.id,
        bookedBy: actor.id,
        currency: s.currency,
      });
      const [row] = await repo.listForCompanies(db, [body.companyId], booking.id);
      return { created, booking: bookingDto(row!, actor) };
    },

    /**
     * Checks before a manager pays for a priced seminar on behalf of the company (the payments
     * flow does the rest and grants the company booking once paid).
     * @throws booking.already_booked (409) when the company holds it already; 404 for a seminar
     *   the company may not book
     */
    async checkPurchase(actor: AuthUser, body: { seminarId: number; companyId: number }): Promise<void> {
      await managed(actor, body.companyId);
      const s = (await seminars.access(actor, body.seminarId).catch(() => null))?.seminar;
      if (!s || !(s.isCompany ? s.companyId === body.companyId : s.isPublic)) throw notFound();
      const held = await repo.find(db, body.companyId, body.seminarId);
      if (held && grants(held.status)) {
        throw conflict('booking.already_booked', 'booking.already_booked');
      }
    },

    async bookedForCaller(actor: AuthUser): Promise<CompanyBookingDto[]> {
      const ids = companyPolicy.managedIds(actor);
      const rows =
        ids === null || ids.length > 0
          ? await repo.listForCompanies(db, ids)
          : await repo.listAssignedTo(db, actor.id);
      const dtos = await seminars.dtos(rows, actor);
      return rows.map((r, i) => bookingDto(r, actor, dtos[i]));
    },

    /** @throws company.not_member (422), company.not_booked (409) */
    async assign(actor: AuthUser, body: AssignBody) {
      const booking = await grantingBooking(actor, body);
      const userIds = [...new Set(body.users)];
      const members = await companies.memberIds(db, body.companyId, userIds);
      if (members.size !== userIds.length) {
        throw validation({ users: [encodeMessage('company.not_member')] }, 'company.not_member');
      }
      const rows = await repo.assign(db, booking, userIds);
      seminars.contentChanged();
      return { assigned: rows.map((r) => ({ user_id: r.userId, booking_id: r.bookingId })) };
    },

    async unassign(actor: AuthUser, body: AssignBody) {
      await managed(actor, body.companyId);
      const booking = await repo.find(db, body.companyId, body.seminarId);
      if (!booking) throw conflict('company.not_booked', 'company.not_booked');
      const removed = await repo.unassign(db, booking.id, [...new Set(body.users)]);
      return { unassigned: removed };
    },

    async seminarCompanies(actor: AuthUser, seminarId: number) {
      const scope = await seminarScope(actor, seminarId);
      const rows = await repo.seminarCompanies(db, [seminarId], scope);
      return rows.map((r) => ({
        company: r.company,
        booking_id: r.booking.id,
        status: r.booking.status,
        created_at: iso(r.booking.createdAt),
        assigned_count: r.assignedCount,
      }));
    },

    async bookedCompanyUsers(actor: AuthUser, seminarId: number): Promise<CompanyAssignment[]> {
      const scope = await seminarScope(actor, seminarId);
      return (await repo.assignments(db, [seminarId], scope)).map(assignmentDto);
    },

    /** the caller's own seminars with the companies that booked them and their assigned employees */
    async ownedWithCompanyBookings(actor: AuthUser): Promise<SeminarDto[]> {
      const owned = await seminars.owned(actor);
      const ids = owned.map((s) => s.id);
      const [assigned, booked] = await Promise.all([
        repo.assignments(db, ids, null),
        repo.seminarCompanies(db, ids, null),
      ]);
      return owned.map((s) => ({
        ...s,
        companies: booked.filter((b) => b.booking.seminarId === s.id).map((b) => b.company),
        users_booked_company_seminars: assigned
          .filter((a) => a.seminarId === s.id)
          .map((a) => ({
            id: a.user.id,
            first_name: a.user.firstName,
            last_name: a.user.lastName,
            email: a.user.email,
            booked_at: iso(a.assignedAt),
            status: 'company',
          })),
      }));
    },

    /** 404 unless `userBookedId` is an assignment of `seminarId` in a company the caller manages */
    async generateLink(
      actor: AuthUser,
      body: { seminarId: number; userBookedId: number; expires_in_days: number },
    ): Promise<AccessLinkDto> {
      const found = await repo.findAssignment(db, body.userBookedId);
      if (
        !found ||
        found.booking.seminarId !== body.seminarId ||
        !companyPolicy.manage(actor, found.companyBooking.companyId)
      ) {
        throw notFound();
      }
      const token = randomToken(32);
      const link = await repo.insertLink(db, {
        tokenHash: sha256Hex(token),
        tokenSealed: seal(config.sessionSecret, SEAL_PURPOSE, token),
        bookingId: found.booking.id,
        createdBy: actor.id,
        expiresAt: new Date(now() + body.expires_in_days * DAY_MS),
      });
      const row = await repo.linkWhere(db, { id: link.id });
      return linkDto(row!, token);
    },

    async listLinks(actor: AuthUser, page: number, perPage: number): Promise<Paginated<AccessLinkDto>> {
      const ids = companyPolicy.managedIds(actor);
      if (ids !== null && ids.length === 0) throw forbidden();
      const { rows, total } = await repo.listLinks(db, ids, { limit: perPage, offset: (page - 1) * perPage });
      return {
        data: rows.map((r) => linkDto(r)),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      };
    },

    async revokeLink(actor: AuthUser, id: number): Promise<AccessLinkDto> {
      const row = await repo.linkWhere(db, { id });
      if (!row) throw notFound();
      if (!companyPolicy.manage(actor, row.company.id)) throw forbidden();
      await repo.revokeLink(db, id, new Date(now()));
      return linkDto((await repo.linkWhere(db, { id }))!);
    },

    /** the seminar and its chapters for a link holder (no account) */
    async openLink(token: string, ip: string): Promise<AccessLinkPlay> {
      const row = await liveLink(token, ip);
      await repo.touchLink(db, row.link.id, new Date(now()));
      const full = await seminarsRepository.findById(db, row.seminar.id);
      return {
        seminar: { ...row.seminar, description: full?.description ?? '' },
        chapters: await chapters.tree(row.seminar.id, { userId: null, hideLocked: true }),
        expires_at: iso(row.link.expiresAt),
        employee: { first_name: row.employee.firstName },
      };
    },

    /** the seminar a live link opens (media of link holders) */
    async seminarOfLink(token: string, ip: string): Promise<number> {
      return (await liveLink(token, ip)).seminar.id;
    },
  };
}
