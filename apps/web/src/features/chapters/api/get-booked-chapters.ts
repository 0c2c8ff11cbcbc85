import type { ChapterDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/**
 * `GET /api/chapters/seminar-booked/{id}` (booked users): a locked chapter comes with its label
 * only; `done` = the caller marked it done.
 */
export const getBookedChapters = (seminarId: number) =>
  api.get<ChapterDto[]>(`/api/chapters/seminar-booked/${seminarId}`);

export const bookedChaptersQueryOptions = (seminarId: number) =>
  queryOptions({ queryKey: chapterKeys.booked(seminarId), queryFn: () => getBookedChapters(seminarId) });

export const useBookedChapters = (seminarId: number, enabled = true) =>
  useQuery({ ...bookedChaptersQueryOptions(seminarId), enabled });
