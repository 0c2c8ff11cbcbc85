/**
 * The logged-in user (`GET /api/user`) as one TanStack query, plus the role helpers the navbar
 * and the route guards use. A guest is `null` (the server answers 401).
 */
import {
  hasScope,
  isAdmin,
  isCorporateTraining,
  isGuestXsrfToken,
  isOwnerRole,
  type UserDto,
} from '@elearn/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, readXsrfToken } from './api-client';

export type User = UserDto;

export const authKeys = { user: ['auth', 'user'] as const };

/**
 * `GET /api/user`. Without an XSRF cookie there can't be a session (the server sets both
 * together), and a guest session's token starts with `g.`, so a guest is a guest without
 * asking — which also spares the browser console the 401 "failed to load resource" entry.
 */
export async function getUser(): Promise<User | null> {
  // no XSRF cookie, or the one of a guest session (after logout or registration): nobody to load
  const token = readXsrfToken();
  if (token === null || isGuestXsrfToken(token)) return null;
  try {
    return await api.get<User>('/api/user', { ignoreUnauthorized: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: authKeys.user, queryFn: getUser, staleTime: 5 * 60_000, retry: false });

/** The user query; `data` is `null` for guests and `undefined` while loading. */
export function useUser() {
  return useQuery(userQueryOptions());
}

/** The user once known (null for guests and while loading). */
export function useCurrentUser(): User | null {
  return useUser().data ?? null;
}

export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(authKeys.user, user);
}

/** Loads the user for route guards (cached; fetched at most once until invalidated). */
export function ensureUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.ensureQueryData(userQueryOptions());
}

export { hasScope, isAdmin, isCorporateTraining, isOwnerRole };

/** Spec section 2: where the navbar's "Seminars" link goes. */
export function seminarLinkTarget(user: User): string {
  if (hasScope(user, 'corporateTraining')) return '/seminar';
  if (isOwnerRole(user)) return '/seminar/own';
  return '/seminar';
}

export interface NavLink {
  id: 'seminars' | 'employees' | 'companySeminars' | 'tests';
  to: string;
  /** Company name for "company seminars" links when the user belongs to several companies. */
  company?: string;
}

/** The main navbar links of spec section 2, in display order. */
export function navLinks(user: User | null): NavLink[] {
  if (!user) return [];
  const links: NavLink[] = [];
  const corporate = hasScope(user, 'corporateTraining');
  if (user.companies.length === 0 || corporate) links.push({ id: 'seminars', to: seminarLinkTarget(user) });
  if (corporate) links.push({ id: 'employees', to: '/employees' });
  for (const company of user.companies) {
    links.push({
      id: 'companySeminars',
      to: `/company/${encodeURIComponent(company.shortName)}/seminar`,
      ...(user.companies.length > 1 ? { company: company.name } : {}),
    });
  }
  if (!corporate) links.push({ id: 'tests', to: '/mcTest' });
  return links;
}

/**
 * After login or logout: drops every cached answer of the previous session (but the public
 * config) and sets the user in place, so components observing the user query update at once.
 */
export function resetSessionCache(queryClient: QueryClient, user: User | null): void {
  void queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
  queryClient.removeQueries({
    predicate: (q) => q.queryKey[0] !== 'config' && !(q.queryKey[0] === 'auth' && q.queryKey[1] === 'user'),
  });
  queryClient.getMutationCache().clear();
  setCurrentUser(queryClient, user);
}

export type SeminarTabId = 'own' | 'new' | 'bookable' | 'all' | 'booked' | 'tempList';

export interface SeminarTab {
  id: SeminarTabId;
  to: string;
}

/**
 * Spec section 2, seminar tabs. Trainers/admins (with or without a company): own, new, bookable,
 * booked. corporateTraining: all, booked, booked links (tempList) — the scope wins over the
 * company, as for the navbar's seminars link. Students without a company: all and booked; with
 * a company: booked only.
 */
export function seminarTabs(user: User): SeminarTab[] {
  if (isOwnerRole(user)) {
    return [
      { id: 'own', to: '/seminar/own' },
      { id: 'new', to: '/seminar/new' },
      { id: 'bookable', to: '/seminar' },
      { id: 'booked', to: '/seminar/booked' },
    ];
  }
  if (hasScope(user, 'corporateTraining')) {
    return [
      { id: 'all', to: '/seminar' },
      { id: 'booked', to: '/seminar/booked' },
      { id: 'tempList', to: '/seminar/tempList' },
    ];
  }
  if (user.companies.length > 0) return [{ id: 'booked', to: '/seminar/booked' }];
  return [
    { id: 'all', to: '/seminar' },
    { id: 'booked', to: '/seminar/booked' },
  ];
}
