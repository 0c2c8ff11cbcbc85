import type { OwnerRow, Paginated } from '@elearn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HISTORY_PER_PAGE } from './get-student-history';
import { mcTestKeys, type PageParams } from './keys';

export type OwnerHistoryParams = PageParams & { testId?: number | null; perPage?: number };

/** `GET /api/graduate/history/owner/?page=&mc_test_id=&q=`: runs of the caller's tests. */
export const getOwnerHistory = ({ page, q, testId, perPage }: OwnerHistoryParams) =>
  api.get<Paginated<OwnerRow>>('/api/graduate/history/owner/', {
    query: {
      page,
      q: q || undefined,
      mc_test_id: testId ?? undefined,
      per_page: perPage ?? HISTORY_PER_PAGE,
    },
  });

export const useOwnerHistory = (params: OwnerHistoryParams) =>
  useQuery({
    queryKey: mcTestKeys.ownerHistory(params),
    queryFn: () => getOwnerHistory(params),
    placeholderData: keepPreviousData,
  });
