import type {
  AssignBody,
  AssignSeminarBody,
  CompanyRegisterBody,
  DueDateBody,
  Locale,
  SeatPurchaseBody,
  TeamQuery,
} from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { SeatRefund } from '../payments/payments.service.ts';
import { type CompaniesDeps, createCompaniesContext } from './companies.context.ts';
import { companyExists, companyManagers } from './companies.managers.ts';
import { companyMembership } from './companies.membership.ts';
import { companiesPersonalData } from './companies.personal-data.ts';
import { companiesRepository as companies } from './companies.repository.ts';
import type { SeatPackageRow } from './seat-packages.repository.ts';
import { seatHolders, seatRefund } from './use-cases/assign-seats.ts';
import { assignSeminar, unassignSeminar } from './use-cases/assign-seminar.ts';
import {
  bookFreeForCompany,
  checkCompanyPurchase,
  grantCompanyPurchase,
} from './use-cases/book-for-company.ts';
import { companyAddressOf, getCompanyAddress, setCompanyAddress } from './use-cases/company-address.ts';
import {
  bookedCompanyUsers,
  bookedForCaller,
  ownedWithCompanyBookings,
  seminarCompanies,
} from './use-cases/company-bookings-lists.ts';
import {
  createInvitation,
  invitationInfo,
  invitationState,
  registerWithInvitation,
  revokeInvitation,
} from './use-cases/company-invitations.ts';
import { companyProgress } from './use-cases/company-progress.ts';
import { companySeminars } from './use-cases/company-seminars.ts';
import { setDueDate } from './use-cases/due-dates.ts';
import { listEmployees, removeMember } from './use-cases/employees.ts';
import { companyByName, listCompanies } from './use-cases/list-companies.ts';
import {
  generateAccessLink,
  listAccessLinks,
  revokeAccessLink,
  revokeAccessLinksOfUser,
} from './use-cases/manage-access-links.ts';
import {
  acceptMemberInvitation,
  inviteMember,
  listMemberInvitations,
  memberInvitationInfo,
  revokeMemberInvitation,
} from './use-cases/member-invitations.ts';
import { openAccessLink, seminarOfAccessLink } from './use-cases/open-access-link.ts';
import { checkInvoicePurchase, getPayByInvoice, setPayByInvoice } from './use-cases/pay-by-invoice.ts';
import {
  listSeatPackages,
  packagesEndingBetween,
  seatPackageOf,
  seatPackagePaid,
  startSeatPurchase,
} from './use-cases/seat-packages.ts';
import { exportTeam, teamPage } from './use-cases/team.ts';

export { SEAL_PURPOSE } from './access-links.dto.ts';
export type { CompaniesDeps } from './companies.context.ts';
export type { CompanyManager } from './companies.managers.ts';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

type CompanySeminar = { seminarId: number; companyId: number };
type CompanyAddressInput = Parameters<typeof setCompanyAddress>[3];

/**
 * Companies (docs/api/companies.md): memberships and invitation links for new employees,
 * invitations of members by e-mail, company bookings and the assignment of employees and
 * temporary access links that play one employee's seminar without an account. The use cases are
 * in use-cases/ (a file per group); this builds their context once.
 */
export function createCompaniesService(deps: CompaniesDeps) {
  const ctx = createCompaniesContext(deps);
  const { db } = ctx;
  ctx.auth.onEmailVerified((userId) => companies.confirmPendingMembers(db, userId));

  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: companiesPersonalData(db),
    /** companies and memberships without the caller's company rights (the admin area checks its own) */
    membership: companyMembership(ctx),

    // companies and their members (use-cases/list-companies.ts, employees.ts)
    list: (actor: AuthUser) => listCompanies(ctx, actor),
    byName: (actor: AuthUser, shortName: string) => companyByName(ctx, actor, shortName),
    employees: (actor: AuthUser, companyId: number, q: { page: number; per_page: number; q?: string }) =>
      listEmployees(ctx, actor, companyId, q),
    removeMember: (actor: AuthUser, companyId: number, userId: number) =>
      removeMember(ctx, actor, companyId, userId),
    progressOf: (companyId: number) => companyProgress(ctx, companyId),
    /** every company's managers (the notifications' weekly digest) */
    managers: companyManagers(db),
    /** whether the company exists */
    exists: companyExists(db),

    // the invitation link for new employees (use-cases/company-invitations.ts)
    createInvitation: (actor: AuthUser, companyId: number, days: number) =>
      createInvitation(ctx, actor, companyId, days),
    invitationState: (actor: AuthUser, companyId: number) => invitationState(ctx, actor, companyId),
    revokeInvitation: (actor: AuthUser, companyId: number) => revokeInvitation(ctx, actor, companyId),
    invitationInfo: (token: string, ip: string) => invitationInfo(ctx, token, ip),
    register: (req: FastifyRequest, reply: FastifyReply, body: CompanyRegisterBody, locale: Locale) =>
      registerWithInvitation(ctx, req, reply, body, locale),

    // members by e-mail (use-cases/member-invitations.ts)
    inviteMember: (actor: AuthUser, companyId: number, email: string, locale: Locale) =>
      inviteMember(ctx, actor, companyId, email, locale),
    memberInvitations: (actor: AuthUser, companyId: number) => listMemberInvitations(ctx, actor, companyId),
    revokeMemberInvitation: (actor: AuthUser, companyId: number, invitationId: number) =>
      revokeMemberInvitation(ctx, actor, companyId, invitationId),
    memberInvitationInfo: (token: string, ip: string) => memberInvitationInfo(ctx, token, ip),
    acceptMemberInvitation: (actor: AuthUser, token: string, ip: string) =>
      acceptMemberInvitation(ctx, actor, token, ip),

    // company bookings and assignments (use-cases/company-seminars.ts, book-for-company.ts,
    // assign-seminar.ts, company-bookings-lists.ts)
    seminars: (actor: AuthUser, companyId: number) => companySeminars(ctx, actor, companyId),
    bookFree: (actor: AuthUser, body: CompanySeminar) => bookFreeForCompany(ctx, actor, body),
    checkPurchase: (actor: AuthUser, body: CompanySeminar) => checkCompanyPurchase(ctx, actor, body),
    /** pay by invoice (issue 38 item 3; use-cases/pay-by-invoice.ts): the admin's setting, the check */
    payByInvoice: {
      get: (actor: AuthUser, companyId: number) => getPayByInvoice(ctx, actor, companyId),
      set: (actor: AuthUser, companyId: number, enabled: boolean) =>
        setPayByInvoice(ctx, actor, companyId, enabled),
      check: (actor: AuthUser, body: CompanySeminar) => checkInvoicePurchase(ctx, actor, body),
    },
    /** the postal address on its invoices (issue 38; use-cases/company-address.ts) */
    address: {
      get: (actor: AuthUser, companyId: number) => getCompanyAddress(ctx, actor, companyId),
      set: (actor: AuthUser, companyId: number, body: CompanyAddressInput) =>
        setCompanyAddress(ctx, actor, companyId, body),
      /** the address as it is now, without rights (the invoices module's buyer) */
      billing: async (tx: DbOrTx, companyId: number) => {
        const c = await companies.findById(tx, companyId);
        return c ? companyAddressOf(c) : null;
      },
    },
    grantPurchase: grantCompanyPurchase,
    bookedForCaller: (actor: AuthUser) => bookedForCaller(ctx, actor),
    assign: (actor: AuthUser, body: AssignSeminarBody) => assignSeminar(ctx, actor, body),
    unassign: (actor: AuthUser, body: AssignBody) => unassignSeminar(ctx, actor, body),
    seminarCompanies: (actor: AuthUser, seminarId: number) => seminarCompanies(ctx, actor, seminarId),
    bookedCompanyUsers: (
      actor: AuthUser,
      seminarId: number,
      q: { page: number; per_page: number; q?: string; company_id?: number; users?: string },
    ) => bookedCompanyUsers(ctx, actor, seminarId, q),
    /** a page of the caller's own seminars with their company bookings (issue 39) */
    ownedWithCompanyBookings: (actor: AuthUser, page: { limit: number; offset: number }) =>
      ownedWithCompanyBookings(ctx, actor, page),

    // seat packages (use-cases/seat-packages.ts, assign-seats.ts; issue 38 item 4)
    seatPackages: {
      start: (actor: AuthUser, body: SeatPurchaseBody) => startSeatPurchase(ctx, actor, body),
      dto: (pkg: SeatPackageRow, seminar: { id: number; title: string }) => seatPackageOf(ctx, pkg, seminar),
      list: (actor: AuthUser, companyId: number, seminarId?: number) =>
        listSeatPackages(ctx, actor, companyId, seminarId),
      /** payments' hooks (app-modules.ts): a package paid, a refund of one */
      paid: (tx: Tx, packageId: number, at: Date) => seatPackagePaid(ctx, tx, packageId, at),
      refund: (tx: Tx, r: SeatRefund, apply: boolean) => seatRefund(ctx, tx, r, apply),
      holders: (packageId: number) => seatHolders(ctx, packageId),
      /** the paid packages ending in (from, to] (the expiry warnings, notifications) */
      endingBetween: (from: Date, to: Date) => packagesEndingBetween(db, from, to),
    },

    // due dates and the team view (use-cases/due-dates.ts, team.ts; issue 36 items 5 and 7)
    setDueDate: (actor: AuthUser, companyId: number, body: DueDateBody) =>
      setDueDate(ctx, actor, companyId, body),
    team: (actor: AuthUser, companyId: number, q: TeamQuery) => teamPage(ctx, actor, companyId, q),
    exportTeam: (actor: AuthUser, companyId: number, q: TeamQuery, locale: Locale, reply: FastifyReply) =>
      exportTeam(ctx, actor, companyId, q, locale, reply),

    // access links (use-cases/manage-access-links.ts, open-access-link.ts)
    generateLink: (
      actor: AuthUser,
      body: { seminarId: number; userBookedId: number; expires_in_days: number },
    ) => generateAccessLink(ctx, actor, body),
    listLinks: (actor: AuthUser, page: number, perPage: number) => listAccessLinks(ctx, actor, page, perPage),
    revokeLink: (actor: AuthUser, id: number) => revokeAccessLink(ctx, actor, id),
    openLink: (token: string, ip: string) => openAccessLink(ctx, token, ip),
    revokeLinksOfUser: (tx: DbOrTx, userId: number) => revokeAccessLinksOfUser(ctx, tx, userId),
    seminarOfLink: (token: string, ip: string) => seminarOfAccessLink(ctx, token, ip),
  };
}
