import type { ScopedUser } from './scopes.ts';

/**
 * Where a user lands after login (issue 36 item 1), without the language prefix: learners
 * (students and company employees, no scope) on "Mein Lernen"; company managers (corporateTraining)
 * on their team's overview: the one company they manage `/company/{short_name}/team`, several on
 * "Mein Lernen" (a card per team); trainers, admins and a corporateTraining account that manages
 * no company on the home page, where the spec sends everyone after login. An explicit `redirect`
 * on this site wins over all of them.
 *
 * @param managed the short names of the companies the user manages (their memberships as manager)
 */
export function landingPath(
  user: ScopedUser,
  redirect?: string | null,
  managed: readonly string[] = [],
): string {
  const safe = safeRedirectPath(redirect);
  if (safe) return safe;
  if (user.scope.length === 0) return '/learn';
  const owner = user.scope.includes('admin') || user.scope.includes('trainer');
  if (owner || !user.scope.includes('corporateTraining') || managed.length === 0) return '/';
  return managed.length === 1 ? `/company/${encodeURIComponent(managed[0]!)}/team` : '/learn';
}

/** a redirect target is followed only when it stays on this site (a path, not `//host`) */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
