/** A test run ends: `PATCH /api/graduate/stopTest/ {resultSet}`. */
import type { StopResult, StopTestBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** Scores on the server → achieved percent, accomplished, and per question rightness in practice mode. */
export const stopTest = (resultSet: StopTestBody['resultSet']) =>
  api.patch<StopResult>('/api/graduate/stopTest/', { resultSet });

export function useStopTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
