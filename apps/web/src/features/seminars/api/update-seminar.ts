import type { SeminarDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SeminarInput, seminarFormData } from './create-seminar';
import { seminarKeys } from './keys';

/** `POST /api/seminars/update/{id}` (multipart; optional `image`, `remove_image=1`). */
export const updateSeminar = ({ id, ...input }: SeminarInput & { id: number }) =>
  api.post<SeminarDto>(`/api/seminars/update/${id}`, seminarFormData(input));

export function useUpdateSeminar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSeminar,
    onSuccess: (seminar) => {
      queryClient.setQueryData(seminarKeys.detail(seminar.id), seminar);
      void queryClient.invalidateQueries({
        queryKey: seminarKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
    },
  });
}
