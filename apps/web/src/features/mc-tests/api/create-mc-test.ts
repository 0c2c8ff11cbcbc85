import type { CreateMcTestBody, McTestDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `POST /api/mc_tests` → 201 the new test (disabled unless `enabled: 1`). */
export const createMcTest = (body: CreateMcTestBody) => api.post<McTestDto>('/api/mc_tests', body);

export function useCreateMcTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMcTest,
    onSuccess: (test) => {
      queryClient.setQueryData(mcTestKeys.detail(test.id), test);
      void queryClient.invalidateQueries({ queryKey: mcTestKeys.all });
    },
  });
}
