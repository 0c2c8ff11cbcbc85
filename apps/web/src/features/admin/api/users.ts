import type { AdminUserDetailDto, AdminUserDto, Paginated, Scope } from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListQuery, USER_FILTERS } from '../filters';
import { adminKeys, CURRENT_USER_KEY } from './keys';

export type AdminUserQuery = ListQuery<typeof USER_FILTERS> & { per_page?: number };

/** `GET /api/admin/users?q=&scope=&company_id=&status=&page=`: a paginator of users. */
export const getAdminUsers = (query: AdminUserQuery) =>
  api.get<Paginated<AdminUserDto>>('/api/admin/users', { query });

export const adminUsersQueryOptions = (query: AdminUserQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: AdminUserQuery, enabled = true) =>
  useQuery({ ...adminUsersQueryOptions(query), enabled });

/** `GET /api/admin/users/{id}`: the user with bookings, company assignments and test results. */
export const getAdminUser = (id: number) => api.get<AdminUserDetailDto>(`/api/admin/users/${id}`);

export const adminUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getAdminUser(id) });

export const useAdminUser = (id: number) => useQuery(adminUserQueryOptions(id));

/** After a change of a user: the lists, the detail, the audit trail (and oneself, if changed). */
function useUserChanged() {
  const queryClient = useQueryClient();
  return (user: AdminUserDto | { id: number }, currentUserId: number | null) => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
    if (user.id === currentUserId) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/**
 * `PATCH /api/admin/users/{id}/scopes {scopes}` → the user; 422 unknown scope, 409
 * `admin.last_admin` when no active admin would remain.
 */
export const setUserScopes = (id: number, scopes: Scope[]) =>
  api.patch<AdminUserDto>(`/api/admin/users/${id}/scopes`, { scopes });

export function useSetUserScopes(currentUserId: number | null) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, scopes }: { id: number; scopes: Scope[] }) => setUserScopes(id, scopes),
    onSuccess: (user) => changed(user, currentUserId),
  });
}

/**
 * `POST /api/admin/users/{id}/disable` (every session of the user ends at once; 409
 * `admin.last_admin`) or `…/enable`.
 */
export const setUserDisabled = (id: number, disabled: boolean) =>
  api.post<AdminUserDto>(`/api/admin/users/${id}/${disabled ? 'disable' : 'enable'}`);

export function useSetUserDisabled(currentUserId: number | null) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => setUserDisabled(id, disabled),
    onSuccess: (user) => changed(user, currentUserId),
  });
}

/** `POST /api/admin/users/{id}/verification` → 202 `{message}`; 409 `admin.already_verified`. */
export const resendUserVerification = (id: number) =>
  api.post<{ message: string }>(`/api/admin/users/${id}/verification`);

/** `POST /api/admin/users/{id}/password-reset` → 202 `{message}` (the reset mail is on its way). */
export const startUserPasswordReset = (id: number) =>
  api.post<{ message: string }>(`/api/admin/users/${id}/password-reset`);

export function useUserMail() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, kind }: { id: number; kind: 'verification' | 'password-reset' }) =>
      kind === 'verification' ? resendUserVerification(id) : startUserPasswordReset(id),
    onSuccess: (_, { id }) => changed({ id }, null),
  });
}
