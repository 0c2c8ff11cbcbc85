import type { Paginated, PendingDeletionDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** `GET /api/admin/deletions?page=&per_page=` (admins): the pending erasures, earliest due first. */
export const getPendingDeletions = (query: { page: number; per_page?: number }) =>
  api.get<Paginated<PendingDeletionDto>>('/api/admin/deletions', { query });

export const pendingDeletionsQuery = (query: { page: number; per_page?: number }) =>
  queryOptions({
    queryKey: privacyKeys.pending(query),
    queryFn: () => getPendingDeletions(query),
    placeholderData: keepPreviousData,
  });

export const usePendingDeletions = (query: { page: number; per_page?: number }) =>
  useQuery(pendingDeletionsQuery(query));
