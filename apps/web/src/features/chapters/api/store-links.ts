import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MediaLink } from '../types';
import { chapterKeys } from './keys';

/** `POST /api/chapters/storeLinks {chapter_id, links: [{label, url}]}` (http/https only). */
export const storeLinks = ({
  chapterId,
  links,
}: {
  chapterId: number;
  seminarId: number;
  links: { label: string; url: string }[];
}) =>
  api.post<{ data: { chapter_id: number; links: MediaLink[] } }>('/api/chapters/storeLinks', {
    chapter_id: chapterId,
    links,
  });

export function useStoreLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeLinks,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
