import { hasScope, isOwnerRole, type SeminarTab, type User } from '@/lib/auth';

/** The company's pages (`/company/{shortName}/…`), for links. */
export const companyPaths = {
  home: (shortName: string) => `/company/${encodeURIComponent(shortName)}`,
  seminars: (shortName: string) => `/company/${encodeURIComponent(shortName)}/seminar`,
  booked: (shortName: string) => `/company/${encodeURIComponent(shortName)}/seminar/booked`,
  own: (shortName: string) => `/company/${encodeURIComponent(shortName)}/seminar/own`,
  newSeminar: (shortName: string) => `/company/${encodeURIComponent(shortName)}/seminar/new`,
  seminar: (shortName: string, id: number) => `/company/${encodeURIComponent(shortName)}/seminar/${id}`,
  register: (shortName: string) => `/company/${encodeURIComponent(shortName)}/register`,
  team: (shortName: string) => `/company/${encodeURIComponent(shortName)}/team`,
  assign: (seminarId: number) => `/seminar/id/${seminarId}/assign-user-company`,
};

/**
 * Spec section 2, seminar tabs with a company (the `/company/{name}/seminar…` pages): trainers and
 * admins get own, new, bookable, booked; corporateTraining all, booked and the booked links
 * (tempList) as without a company; everyone else (students of the company) booked only. The
 * order of the role checks is the one of the tabs without a company (`seminarTabs`).
 */
export function companySeminarTabs(user: User, shortName: string): SeminarTab[] {
  if (isOwnerRole(user)) {
    return [
      { id: 'own', to: companyPaths.own(shortName) },
      { id: 'new', to: companyPaths.newSeminar(shortName) },
      { id: 'bookable', to: companyPaths.seminars(shortName) },
      { id: 'booked', to: companyPaths.booked(shortName) },
    ];
  }
  if (hasScope(user, 'corporateTraining')) {
    return [
      { id: 'all', to: companyPaths.seminars(shortName) },
      { id: 'booked', to: companyPaths.booked(shortName) },
      { id: 'tempList', to: '/seminar/tempList' },
    ];
  }
  return [{ id: 'booked', to: companyPaths.booked(shortName) }];
}

/** Students of a company see only the booked tab: the company's seminar list sends them there. */
export const seesOnlyBooked = (user: User) => !isOwnerRole(user) && !hasScope(user, 'corporateTraining');
