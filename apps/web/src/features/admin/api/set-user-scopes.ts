import type { AdminUserDto, Scope } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useUserChanged } from './user-changed';

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
