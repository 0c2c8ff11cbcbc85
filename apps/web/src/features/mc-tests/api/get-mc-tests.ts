import type { McTestListItem, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys, type PageParams } from './keys';

/** `GET /api/mc_tests?page=&per_page=&q=`: the caller's tests (admin: all), newest first. */
export const getMcTests = ({ page, q, perPage }: PageParams & { perPage?: number }) =>
  api.get<Paginated<McTestListItem>>('/api/mc_tests', {
    query: { page, q: q || undefined, per_page: perPage },
  });

export const mcTestsQueryOptions = (params: PageParams & { perPage?: number }) =>
  queryOptions({
    queryKey: mcTestKeys.list(params),
    queryFn: () => getMcTests(params),
    placeholderData: keepPreviousData,
  });

export const useMcTests = (params: PageParams & { perPage?: number }, enabled = true) =>
  useQuery({ ...mcTestsQueryOptions(params), enabled });
