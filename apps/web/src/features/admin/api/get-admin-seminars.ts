import type { AdminSeminarDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListQuery, SEMINAR_FILTERS } from '../filters';
import { adminKeys } from './keys';

export type AdminSeminarQuery = ListQuery<typeof SEMINAR_FILTERS> & { per_page?: number };

/** `GET /api/admin/seminars?q=&owner_id=&page=`: every seminar with owner, bookings and revenue. */
export const getAdminSeminars = (query: AdminSeminarQuery) =>
  api.get<Paginated<AdminSeminarDto>>('/api/admin/seminars', { query });

export const adminSeminarsQueryOptions = (query: AdminSeminarQuery) =>
  queryOptions({
    queryKey: adminKeys.seminarList(query),
    queryFn: () => getAdminSeminars(query),
    placeholderData: keepPreviousData,
  });

export const useAdminSeminars = (query: AdminSeminarQuery) => useQuery(adminSeminarsQueryOptions(query));
