import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/** `DELETE /api/chapters/doc/{id}/delete` → 204. */
export const deleteDoc = ({ id }: { id: number; seminarId: number }) =>
  api.delete<void>(`/api/chapters/doc/${id}/delete`);

export function useDeleteDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoc,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
