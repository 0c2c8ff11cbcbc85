import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/** `DELETE /api/chapters/video/{id}/delete` → 204. */
export const deleteVideo = ({ id }: { id: number; seminarId: number }) =>
  api.delete<void>(`/api/chapters/video/${id}/delete`);

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
