export const SCOPES = ['admin', 'trainer', 'corporateTraining'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ScopedUser {
  scope: readonly string[];
}

export const hasScope = (user: ScopedUser | null | undefined, scope: Scope): boolean =>
  !!user && user.scope.includes(scope);

/** Owner = admin or trainer (DESIGN section 5). */
export const isOwnerRole = (user: ScopedUser | null | undefined): boolean =>
  hasScope(user, 'admin') || hasScope(user, 'trainer');

export const isAdmin = (user: ScopedUser | null | undefined): boolean => hasScope(user, 'admin');

/** The corporate-training guard admits corporateTraining OR admin (DESIGN section 5 decision). */
export const isCorporateTraining = (user: ScopedUser | null | undefined): boolean =>
  hasScope(user, 'corporateTraining') || hasScope(user, 'admin');

export const isStudent = (user: ScopedUser | null | undefined): boolean => !!user && user.scope.length === 0;
