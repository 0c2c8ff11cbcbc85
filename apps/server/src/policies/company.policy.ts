import type { AuthUser } from '../plugins/session.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'>;

const isAdmin = (a: Actor) => a.scopes.includes('admin');

/** the companies the actor manages; null = every company (admin) */
const managedIds = (a: Actor): number[] | null =>
  isAdmin(a)
    ? null
    : a.scopes.includes('corporateTraining')
      ? a.companies.filter((c) => c.manager).map((c) => c.id)
      : [];

const manage = (a: Actor, companyId: number) =>
  isAdmin(a) ||
  (a.scopes.includes('corporateTraining') && a.companies.some((c) => c.id === companyId && c.manager));

/**
 * Company rules as pure functions of the actor's memberships (loaded with the session). A manager
 * is a corporateTraining user whom the company names as manager; admins may do what managers may,
 * for every company.
 */
export const companyPolicy = {
  /** admins see and manage every company (a company list is not narrowed to memberships) */
  seesEvery: isAdmin,
  member: (a: Actor, companyId: number) => isAdmin(a) || a.companies.some((c) => c.id === companyId),
  manage,
  managedIds,
  /** the actor manages at least one company (every one: admin) */
  managesAny: (a: Actor) => {
    const ids = managedIds(a);
    return ids === null || ids.length > 0;
  },
  /**
   * Which companies' side of a seminar the actor sees (its company bookings and assigned
   * employees): every company (null) when they manage the seminar (its owner, an admin), else
   * the companies they manage; none ([]) is a 403.
   */
  seminarCompanies: (a: Actor, managesSeminar: boolean): number[] | null =>
    managesSeminar ? null : (managedIds(a) ?? []),
  /** a company books public seminars and the company seminars made for it */
  books: (seminar: { isPublic: boolean; isCompany: boolean; companyId: number | null }, companyId: number) =>
    seminar.isCompany ? seminar.companyId === companyId : seminar.isPublic,
  /**
   * An access link plays one employee's seminar: it is made from a company grant of that seminar,
   * by a manager of the grant's company.
   */
  makeAccessLink: (
    a: Actor,
    grant: { source: string; companyId: number | null; seminarId: number },
    seminarId: number,
  ) =>
    grant.source === 'company' &&
    grant.companyId !== null &&
    grant.seminarId === seminarId &&
    manage(a, grant.companyId),
  /**
   * The company's postal address (its invoices' buyer, the QR-bill's debtor; issue 38): read and
   * changed by its managers and admins, not by its other members
   */
  address: manage,
  /** a member invitation is accepted by the holder of the invited address only */
  acceptInvitation: (a: Pick<AuthUser, 'email'>, invitation: { email: string }) =>
    a.email === invitation.email,
};
