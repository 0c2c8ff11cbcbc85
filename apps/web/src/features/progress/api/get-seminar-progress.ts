import type { SeminarProgressDetailDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `GET /api/progress/seminars/{id}`: the caller's progress in one seminar, per chapter, test and video. */
export const getSeminarProgress = (id: number) =>
  api.get<SeminarProgressDetailDto>(`/api/progress/seminars/${id}`);

export const seminarProgressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: progressKeys.seminar(id),
    queryFn: () => getSeminarProgress(id),
  });
export const useSeminarProgress = (id: number | null, enabled = true) =>
  useQuery({ ...seminarProgressQueryOptions(id ?? 0), enabled: enabled && id !== null });
