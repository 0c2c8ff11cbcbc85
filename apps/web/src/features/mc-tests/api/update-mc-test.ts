import type { McTestDto, UpdateMcTestBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `PATCH /api/mc_tests/update {id, label, percent_to_accomplish, mode}` → the test. */
export const updateMcTest = (body: UpdateMcTestBody) => api.patch<McTestDto>('/api/mc_tests/update', body);

/** Every mutation that answers with the whole test: store it, refresh the lists. */
export function useTestMutation<V>(fn: (vars: V) => Promise<McTestDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (test) => {
      queryClient.setQueryData(mcTestKeys.detail(test.id), test);
      void queryClient.invalidateQueries({
        queryKey: mcTestKeys.all,
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === test.id),
      });
    },
  });
}

export const useUpdateMcTest = () => useTestMutation(updateMcTest);
