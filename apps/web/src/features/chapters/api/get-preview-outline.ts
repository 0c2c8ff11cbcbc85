import type { ChapterDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

/**
 * `GET /api/chapters/seminar-preview/{id}` (anyone, guests too): the outline of a public seminar,
 * every chapter's label and video length, content and media of the free previews only.
 */
export const getPreviewOutline = (seminarId: number) =>
  api.get<ChapterDto[]>(`/api/chapters/seminar-preview/${seminarId}`);

export const previewOutlineQueryOptions = (seminarId: number) =>
  queryOptions({
    queryKey: chapterKeys.preview(seminarId),
    queryFn: () => getPreviewOutline(seminarId),
  });

export const usePreviewOutline = (seminarId: number, enabled = true) =>
  useQuery({ ...previewOutlineQueryOptions(seminarId), enabled });
