import type { AdminSeminarDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** `PATCH /api/admin/seminars/{id}/owner {owner_id}`; 422 `admin.owner_not_trainer`. */
export const setSeminarOwner = (id: number, ownerId: number) =>
  api.patch<AdminSeminarDto>(`/api/admin/seminars/${id}/owner`, { owner_id: ownerId });

export function useSetSeminarOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: number; ownerId: number }) => setSeminarOwner(id, ownerId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.seminars() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      // the seminar pages of the app show the owner and their abilities
      void queryClient.invalidateQueries({ queryKey: ['seminars'] });
    },
  });
}
