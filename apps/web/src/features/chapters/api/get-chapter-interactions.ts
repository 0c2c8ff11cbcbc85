import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserInteraction } from '../types';
import { chapterKeys } from './keys';

/** `GET /api/chapters/{id}/user-interaction`: who marked the chapter done, and when (owner, admin). */
export const getChapterInteractions = (chapterId: number) =>
  api.get<UserInteraction[]>(`/api/chapters/${chapterId}/user-interaction`);

export const chapterInteractionsQueryOptions = (seminarId: number, chapterId: number) =>
  queryOptions({
    queryKey: chapterKeys.interactions(seminarId, chapterId),
    queryFn: () => getChapterInteractions(chapterId),
  });

export const useChapterInteractions = (seminarId: number, chapterId: number) =>
  useQuery(chapterInteractionsQueryOptions(seminarId, chapterId));
