import type { GrantTimeResult } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/**
 * `POST /api/mc_tests/{id}/grant-time {userId, minutes}`: extra minutes on the time limit for that
 * user (accessibility, audited; issue 37), adding to earlier grants and moving an open run's end.
 */
export const grantTime = ({
  mcTestId,
  userId,
  minutes,
}: {
  mcTestId: number;
  userId: number;
  minutes: number;
}) => api.post<GrantTimeResult>(`/api/mc_tests/${mcTestId}/grant-time`, { userId, minutes });

export function useGrantTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
