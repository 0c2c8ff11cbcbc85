import type { ChapterDto, createChapterBodySchema } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { chapterKeys, seminarDetailKey } from './keys';

export type CreateChapterBody = z.output<typeof createChapterBodySchema>;

/** `POST /api/chapters` → 201 the chapter, appended at the end of its siblings (locked). */
export const createChapter = (body: CreateChapterBody) => api.post<ChapterDto>('/api/chapters', body);

export function useCreateChapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChapter,
    onSuccess: (chapter) => {
      void queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(chapter.seminar_id) });
      void queryClient.invalidateQueries({ queryKey: seminarDetailKey(chapter.seminar_id) });
    },
  });
}
