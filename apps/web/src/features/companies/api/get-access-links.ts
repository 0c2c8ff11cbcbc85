import type { AccessLinkDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** `GET /api/companies/access-links?page=`: the links of the caller's companies, newest first. */
export const getAccessLinks = (page: number) =>
  api.get<Paginator<AccessLinkDto>>('/api/companies/access-links', { query: { page } });

export const accessLinksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: companyKeys.accessLinkPage(page),
    queryFn: () => getAccessLinks(page),
    placeholderData: keepPreviousData,
  });

export const useAccessLinks = (page: number) => useQuery(accessLinksQueryOptions(page));
