import type { RevenueDto } from '@elearn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';

/** the query of the overview as in the address: `from`, `to` (`YYYY-MM`), `group` */
export interface RevenueFilter {
  from?: string;
  to?: string;
  group?: string;
}

/** only what is set (the server fills in the defaults) */
const queryOf = (f: RevenueFilter) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Record<string, string>;

/** `GET /api/admin/revenue?from=&to=&group=` */
export const useRevenue = (f: RevenueFilter) =>
  useQuery({
    queryKey: ['revenue', queryOf(f)] as const,
    queryFn: () => api.get<RevenueDto>('/api/admin/revenue', { query: queryOf(f) }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** the export of the same query (a plain link: the browser downloads it with the session cookie) */
export const revenueExportUrl = (f: RevenueFilter) => {
  const q = new URLSearchParams(queryOf(f)).toString();
  return apiUrl(`/api/admin/revenue/export${q ? `?${q}` : ''}`);
};
