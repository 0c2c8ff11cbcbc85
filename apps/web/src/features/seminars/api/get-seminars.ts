import type { Paginated, SeminarDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SeminarListParams, seminarKeys } from './keys';

export const SEMINARS_PER_PAGE = 12;

/** `GET /api/seminars?page=&per_page=&q=`: public seminars, newest first (a paginator). */
export const getSeminars = ({ page, q }: SeminarListParams) =>
  api.get<Paginated<SeminarDto>>('/api/seminars', {
    query: { page, per_page: SEMINARS_PER_PAGE, q: q || undefined },
  });

export const seminarsQueryOptions = (params: SeminarListParams) =>
  queryOptions({
    queryKey: seminarKeys.list(params),
    queryFn: () => getSeminars(params),
    placeholderData: keepPreviousData,
  });

export const useSeminars = (params: SeminarListParams) => useQuery(seminarsQueryOptions(params));
