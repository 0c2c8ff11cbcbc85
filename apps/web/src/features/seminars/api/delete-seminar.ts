import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/**
 * `DELETE /api/seminars/{id}` → 204; 409 `seminar.has_bookings` while bookings exist, unless an
 * admin sends `?confirm=1`.
 */
export const deleteSeminar = ({ id, confirm = false }: { id: number; confirm?: boolean }) =>
  api.delete<void>(`/api/seminars/${id}`, { query: confirm ? { confirm: 1 } : undefined });

/** Drops the cached detail of a deleted seminar (after leaving its page). */
export const forgetSeminar = (queryClient: QueryClient, id: number) =>
  queryClient.removeQueries({ queryKey: seminarKeys.detail(id) });

export function useDeleteSeminar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSeminar,
    // the detail query stays until the page has moved on (removing it now would refetch a 404)
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: seminarKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
    },
  });
}
