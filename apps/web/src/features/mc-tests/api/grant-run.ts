import type { GrantRunResult } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `POST /api/mc_tests/{id}/grant-run {userId}`: one more exam run for that user. */
export const grantRun = ({ mcTestId, userId }: { mcTestId: number; userId: number }) =>
  api.post<GrantRunResult>(`/api/mc_tests/${mcTestId}/grant-run`, { userId });

export function useGrantRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
