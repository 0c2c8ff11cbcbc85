import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/** `DELETE /api/chapters/link/{id}/delete` → 204. */
export const deleteLink = ({ id }: { id: number; seminarId: number }) =>
  api.delete<void>(`/api/chapters/link/${id}/delete`);

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
