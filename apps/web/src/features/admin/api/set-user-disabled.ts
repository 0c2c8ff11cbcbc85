import type { AdminUserDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useUserChanged } from './user-changed';

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
