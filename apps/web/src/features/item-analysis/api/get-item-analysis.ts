import type { ItemAnalysis, McTestMode } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ItemAnalysisFilter {
  from?: string;
  to?: string;
  mode?: McTestMode;
}

export const itemAnalysisKeys = {
  all: ['itemAnalysis'] as const,
  one: (id: number, filter: ItemAnalysisFilter) => ['itemAnalysis', id, filter] as const,
};

/** `GET /api/mc_tests/{id}/item-analysis?from=&to=&mode=` (docs/api/item-analysis.md). */
export const getItemAnalysis = (id: number, filter: ItemAnalysisFilter) =>
  api.get<ItemAnalysis>(`/api/mc_tests/${id}/item-analysis`, {
    query: { from: filter.from || undefined, to: filter.to || undefined, mode: filter.mode },
  });

export const itemAnalysisQueryOptions = (id: number, filter: ItemAnalysisFilter) =>
  queryOptions({
    queryKey: itemAnalysisKeys.one(id, filter),
    queryFn: () => getItemAnalysis(id, filter),
    placeholderData: keepPreviousData,
  });

export const useItemAnalysis = (id: number, filter: ItemAnalysisFilter) =>
  useQuery(itemAnalysisQueryOptions(id, filter));
