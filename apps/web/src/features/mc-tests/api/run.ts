/** A test run: `POST /api/graduate/startTest/ {id}` and `PATCH /api/graduate/stopTest/ {resultSet}`. */
import type { StartedRun, StopResult, StopTestBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** 201 a new run, or 200 the caller's open run of that test (`resumed: true`); no `correct` flags. */
export const startTest = (id: number) => api.post<StartedRun>('/api/graduate/startTest/', { id });

/** Scores on the server → achieved percent, accomplished, and per question rightness in practice mode. */
export const stopTest = (resultSet: StopTestBody['resultSet']) =>
  api.patch<StopResult>('/api/graduate/stopTest/', { resultSet });

export function useStartTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}

export function useStopTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
