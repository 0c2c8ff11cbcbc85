import type { ChapterDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/** `PATCH /api/chapters/toggle/locked {id}` → the chapter with `unlocked` flipped. */
export const toggleLocked = (id: number) => api.patch<ChapterDto>('/api/chapters/toggle/locked', { id });

export function useToggleLocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLocked,
    onSuccess: (chapter) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(chapter.seminar_id) }),
  });
}
