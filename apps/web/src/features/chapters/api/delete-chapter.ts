import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys, seminarDetailKey } from './keys';

/** `DELETE /api/chapters/{id}/delete` → 204 (sub-chapters and media go with it). */
export const deleteChapter = ({ id }: { id: number; seminarId: number }) =>
  api.delete<void>(`/api/chapters/${id}/delete`);

export function useDeleteChapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChapter,
    onSuccess: (_, { seminarId }) => {
      // the side menu reloads at once; the chapter trees when next shown (the edit page of the
      // deleted chapter is about to be left and would otherwise flash "not found")
      void queryClient.invalidateQueries({ queryKey: chapterKeys.menu(seminarId) });
      void queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: seminarDetailKey(seminarId) });
    },
  });
}
