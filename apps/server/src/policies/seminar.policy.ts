import type { AuthUser } from '../plugins/session.ts';

/** What a policy needs to know about a seminar (already loaded by the service). */
export interface SeminarFacts {
  ownerId: number;
  isPublic: boolean;
  isCompany: boolean;
  companyId: number | null;
}

export type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'> | null;

const isAdmin = (a: Actor) => !!a && a.scopes.includes('admin');
const member = (a: Actor, companyId: number | null) =>
  !!a && companyId !== null && a.companies.some((c) => c.id === companyId);

/**
 * Seminar rules as pure functions of (actor, seminar, booked). Owners are the creator and every
 * admin. Company seminars are visible to members of their company only.
 */
export const seminarPolicy = {
  manage: (a: Actor, s: SeminarFacts) => !!a && (isAdmin(a) || s.ownerId === a.id),
  /** the part of `manage` that needs no seminar: admins manage and play every one (for rules the database checks) */
  managesEvery: (a: Actor) => isAdmin(a),
  view: (a: Actor, s: SeminarFacts, booked: boolean) =>
    (s.isPublic && !s.isCompany) ||
    booked ||
    seminarPolicy.manage(a, s) ||
    (s.isCompany && member(a, s.companyId)),
  play: (a: Actor, s: SeminarFacts, booked: boolean) => booked || seminarPolicy.manage(a, s),
  bookFree: (a: Actor, s: SeminarFacts, booked: boolean) =>
    !!a && s.isPublic && !s.isCompany && !booked && s.ownerId !== a.id,
  /** only an admin deletes a seminar that has bookings (and only when they confirm it) */
  removeBooked: (a: Actor) => isAdmin(a),
  /** trainers and admins create seminars */
  create: (a: Actor) => !!a && (isAdmin(a) || a.scopes.includes('trainer')),
};
