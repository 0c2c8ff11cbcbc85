import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/**
 * `DELETE /api/mc_tests/{id}` → 204; 409 `mc_test.has_runs` while runs exist, unless `confirm`
 * (then the runs and results go with it).
 */
export const deleteMcTest = ({ id, confirm }: { id: number; confirm?: boolean }) =>
  api.delete<void>(`/api/mc_tests/${id}`, { query: confirm ? { confirm: 1 } : undefined });

export function useDeleteMcTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMcTest,
    onSuccess: (_, { id }) => {
      queryClient.removeQueries({ queryKey: mcTestKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: mcTestKeys.all });
    },
  });
}
