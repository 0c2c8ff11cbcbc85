import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `GET /api/seminars/{id}` (404 for a seminar the caller may not see). */
export const getSeminar = (id: number) => api.get<SeminarDto>(`/api/seminars/${id}`);

export const seminarQueryOptions = (id: number) =>
  queryOptions({ queryKey: seminarKeys.detail(id), queryFn: () => getSeminar(id) });

export const useSeminar = (id: number | null) =>
  useQuery({ ...seminarQueryOptions(id ?? 0), enabled: id !== null });
