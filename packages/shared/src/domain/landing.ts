import type { ScopedUser } from './scopes.ts';

/**
 * Where a user lands after login (issue 36 item 1), without the language prefix: learners
 * (students and company employees, no scope) on "Mein Lernen"; trainers, admins and company
 * managers (corporateTraining) on the home page, where the spec sends everyone after login. An
 * explicit `redirect` on this site wins over both.
 */
export function landingPath(user: ScopedUser, redirect?: string | null): string {
  const safe = safeRedirectPath(redirect);
  if (safe) return safe;
  return user.scope.length === 0 ? '/learn' : '/';
}

/** a redirect target is followed only when it stays on this site (a path, not `//host`) */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
