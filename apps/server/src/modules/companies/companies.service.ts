import type { CompanyDto, CompanyRegisterBody, EmployeeDto, Locale } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import { conflict, notFound } from '../../errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { createAccessLinksService } from './access-links.service.ts';
import { companiesPersonalData } from './companies.personal-data.ts';
import { type CompanyListRow, companiesRepository as companies } from './companies.repository.ts';
import { companyBookingsRepository } from './company-bookings.repository.ts';
import { createCompanyBookingsService } from './company-bookings.service.ts';
import { createCompanyGuards } from './company-guards.ts';
import { invitationsRepository as invitations } from './invitations.repository.ts';
import { createMemberInvitationsService } from './member-invitations.service.ts';

const iso = (d: Date) => d.toISOString();
const DAY_MS = 86_400_000;

export { SEAL_PURPOSE } from './access-links.service.ts';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * Companies (docs/api/companies.md): memberships and invitation links for new employees (here),
 * invitations of members by e-mail (member-invitations.service.ts),
 * company bookings and the assignment of employees (company-bookings.service.ts) and temporary
 * access links that play one employee's seminar without an account (access-links.service.ts).
 */
export function createCompaniesService(deps: {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  chapters: ChaptersService;
  enrolments: EnrolmentsService;
  auth: AuthService;
  mailer: Mailer;
  now?: () => number;
}) {
  const { db, config, counter, seminars, chapters, enrolments } = deps;
  deps.auth.onEmailVerified((userId) => companies.confirmPendingMembers(db, userId));
  const now = deps.now ?? Date.now;
  const guards = createCompanyGuards({ db, config, counter });
  const { managed } = guards;
  const bookings = createCompanyBookingsService({ db, seminars, enrolments, guards, now });
  const links = createAccessLinksService({ db, config, enrolments, chapters, guards, now });
  const memberInvitations = createMemberInvitationsService({
    db,
    config,
    counter,
    mailer: deps.mailer,
    guards,
    now,
  });

  const companyDto = (actor: AuthUser, c: CompanyListRow): CompanyDto => ({
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    manager: c.manager,
    members_count: c.membersCount,
    abilities: { manage: companyPolicy.manage(actor, c.id) },
  });

  const liveInvitation = (token: string, ip: string) =>
    guards.liveInvitation(token, ip, now(), (hash) => invitations.invitationByHash(db, hash));

  return {
    ...bookings,
    ...links,
    ...memberInvitations,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: companiesPersonalData(db),
    /** companies and memberships without the caller's company rights (the admin area checks its own) */
    membership: {
      find: (id: number) => companies.findById(db, id),
      refs: (ids: number[]) => companies.refsByIds(db, ids),
      list: (f: { q?: string; id?: number }, page: Page) => companies.adminList(db, f, page),
      shortNameTaken: (shortName: string, exceptId: number | null) =>
        companies.shortNameTaken(db, shortName, exceptId),
      create: (tx: DbOrTx, values: { name: string; shortName: string }) => companies.insert(tx, values),
      rename: (
        tx: DbOrTx,
        id: number,
        before: { shortName: string },
        values: { name?: string; shortName?: string },
      ) => companies.rename(tx, id, before, values),
      usage: (id: number) => companies.usage(db, id),
      delete: (tx: DbOrTx, id: number) => companies.delete(tx, id),
      members: (id: number) => companies.members(db, id),
      setManager: (tx: DbOrTx, id: number, userId: number, manager: boolean) =>
        companies.setManager(tx, id, userId, manager),
      /** company bookings per seminar */
      bookingCounts: (seminarIds: number[]) => companyBookingsRepository.countsBySeminar(db, seminarIds),
      memberIds: (id: number, userIds: number[]) => companies.memberIds(db, id, userIds),
      add: (tx: DbOrTx, id: number, userId: number, manager: boolean) =>
        companies.addMember(tx, id, userId, manager),
      /** the member leaves: their company grants (and so their access links) end with it */
      async remove(tx: DbOrTx, id: number, userId: number) {
        await enrolments.unassignAllOf(id, userId, tx);
        await companies.removeMember(tx, id, userId);
      },
    },
    async list(actor: AuthUser): Promise<CompanyDto[]> {
      const every = companyPolicy.seesEvery(actor);
      const rows = await companies.listFor(db, every ? null : actor.id);
      if (!every) return rows.map((r) => companyDto(actor, r));
      // an admin also belongs to some companies: their manager flag still counts
      return rows.map((r) => companyDto(actor, { ...r, manager: true }));
    },

    async byName(actor: AuthUser, shortName: string): Promise<CompanyDto> {
      // a former short name still finds the company (its DTO carries the current one)
      const found = await companies.findByAnyShortName(db, shortName);
      // "no such company" and "not yours" answer alike: a short name reveals no company
      if (!found || !companyPolicy.member(actor, found.id)) throw notFound();
      const [row] = await companies.listFor(db, null, found.id);
      return companyDto(actor, { ...row!, manager: companyPolicy.manage(actor, found.id) });
    },

    async employees(actor: AuthUser, companyId: number): Promise<EmployeeDto[]> {
      await managed(actor, companyId);
      const [members, { assigned, runs }] = await Promise.all([
        companies.members(db, companyId),
        bookings.progressOf(companyId),
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

    /** @throws company.remove_self (409); 404 for a user who is no member */
    async removeMember(actor: AuthUser, companyId: number, userId: number): Promise<void> {
      await managed(actor, companyId);
      if (userId === actor.id) throw conflict('company.remove_self', 'company.remove_self');
      if ((await companies.memberIds(db, companyId, [userId])).size === 0) throw notFound();
      await db.transaction(async (tx) => {
        await enrolments.unassignAllOf(companyId, userId, tx);
        await companies.removeMember(tx, companyId, userId);
      });
    },

    async createInvitation(actor: AuthUser, companyId: number, days: number) {
      const found = await managed(actor, companyId);
      const token = randomToken(32);
      const row = await invitations.replaceInvitation(
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
      const row = await invitations.currentInvitation(db, companyId, new Date(now()));
      return {
        active: !!row,
        expires_at: row ? iso(row.expiresAt) : null,
        created_at: row ? iso(row.createdAt) : null,
      };
    },

    async revokeInvitation(actor: AuthUser, companyId: number): Promise<void> {
      await managed(actor, companyId);
      await invitations.revokeInvitations(db, companyId, new Date(now()));
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
      return deps.auth.register(req, reply, fields, locale, async (user) => {
        await companies.addPendingMember(db, invitation.companyId, user.id);
      });
    },
  };
}
