import type { TeamPage } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/companies/{id}/team?seminar_id=&state=&q=&after=|before=|last=1&per_page=`: one keyset
 * page of the company's team (per employee and seminar), `next`/`prev` cursors. Managers only.
 */
export const getTeam = (companyId: number, query: string) =>
  api.get<TeamPage>(`/api/companies/${companyId}/team`, { query });

export const teamQueryOptions = (companyId: number, query: string) =>
  queryOptions({
    queryKey: companyKeys.team(companyId, query),
    queryFn: () => getTeam(companyId, query),
    placeholderData: keepPreviousData,
  });

export const useTeam = (companyId: number, query: string) => useQuery(teamQueryOptions(companyId, query));
