import type { ChapterDto, updateChapterBodySchema } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

export type UpdateChapterBody = z.output<typeof updateChapterBodySchema>;

/** `PATCH /api/chapters/update {id, label, content, description}` → the chapter (HTML sanitized). */
export const updateChapter = (body: UpdateChapterBody) => api.patch<ChapterDto>('/api/chapters/update', body);

export function useUpdateChapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChapter,
    onSuccess: (chapter) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(chapter.seminar_id) }),
  });
}
