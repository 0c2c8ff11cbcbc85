import type { AuthUser } from '../plugins/session.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'>;

const isAdmin = (a: Actor) => a.scopes.includes('admin');

/**
 * Company rules as pure functions of the actor's memberships (loaded with the session). A manager
 * is a corporateTraining user whom the company names as manager; admins may do what managers may,
 * for every company.
 */
export const companyPolicy = {
  /** admins see and manage every company (a company list is not narrowed to memberships) */
  seesEvery: isAdmin,
  member: (a: Actor, companyId: number) => isAdmin(a) || a.companies.some((c) => c.id === companyId),
  manage: (a: Actor, companyId: number) =>
    isAdmin(a) ||
    (a.scopes.includes('corporateTraining') && a.companies.some((c) => c.id === companyId && c.manager)),
  /** the companies the actor manages; null = every company (admin) */
  managedIds: (a: Actor): number[] | null =>
    isAdmin(a)
      ? null
      : a.scopes.includes('corporateTraining')
        ? a.companies.filter((c) => c.manager).map((c) => c.id)
        : [],
};
