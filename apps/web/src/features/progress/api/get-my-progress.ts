import type { SeminarProgressDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `GET /api/progress/seminars`: the progress of every seminar the caller holds. */
export const getMyProgress = () => api.get<SeminarProgressDto[]>('/api/progress/seminars');

export const myProgressQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.mine,
    queryFn: getMyProgress,
  });
export const useMyProgress = (enabled = true) => useQuery({ ...myProgressQueryOptions(), enabled });
