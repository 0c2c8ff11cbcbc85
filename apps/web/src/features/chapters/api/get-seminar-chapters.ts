import type { ChapterDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/** `GET /api/chapters/seminar/{id}` (owner, admin): every chapter with sub-chapters and media. */
export const getSeminarChapters = (seminarId: number) =>
  api.get<ChapterDto[]>(`/api/chapters/seminar/${seminarId}`);

export const seminarChaptersQueryOptions = (seminarId: number) =>
  queryOptions({ queryKey: chapterKeys.owner(seminarId), queryFn: () => getSeminarChapters(seminarId) });

export const useSeminarChapters = (seminarId: number, enabled = true) =>
  useQuery({ ...seminarChaptersQueryOptions(seminarId), enabled });
