import type { SeminarDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `PATCH /api/seminars/tooglePublic {id}` (sic, the spec's path) → the seminar, `is_public` flipped. */
export const togglePublic = (id: number) => api.patch<SeminarDto>('/api/seminars/tooglePublic', { id });

export function useTogglePublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePublic,
    onSuccess: (seminar) => {
      queryClient.setQueryData(seminarKeys.detail(seminar.id), seminar);
      queryClient.setQueryData<SeminarDto[]>(seminarKeys.owned(), (list) =>
        list?.map((item) => (item.id === seminar.id ? seminar : item)),
      );
      void queryClient.invalidateQueries({ queryKey: seminarKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: seminarKeys.rise() });
    },
  });
}
