import type { ChapterDto, reorderChaptersBodySchema } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

export type ReorderBody = z.output<typeof reorderChaptersBodySchema>;

/** `PATCH /api/chapters/reorder {seminar_id, order}`: every chapter once → the new tree. */
export const reorderChapters = (body: ReorderBody) => api.patch<ChapterDto[]>('/api/chapters/reorder', body);

export function useReorderChapters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderChapters,
    onSuccess: (tree, { seminar_id }) => {
      queryClient.setQueryData(chapterKeys.owner(seminar_id), tree);
      void queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminar_id) });
    },
  });
}
