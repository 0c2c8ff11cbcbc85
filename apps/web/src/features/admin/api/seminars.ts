import type { AdminSeminarDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `PATCH /api/admin/seminars/{id}/owner {owner_id}`; 422 `admin.owner_not_trainer`. */
export const setSeminarOwner = (id: number, ownerId: number) =>
  api.patch<AdminSeminarDto>(`/api/admin/seminars/${id}/owner`, { owner_id: ownerId });

export function useSetSeminarOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: number; ownerId: number }) => setSeminarOwner(id, ownerId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.seminars() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      // the seminar pages of the app show the owner and their abilities
      void queryClient.invalidateQueries({ queryKey: ['seminars'] });
    },
  });
}
