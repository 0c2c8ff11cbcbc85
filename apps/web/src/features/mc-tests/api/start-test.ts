/** A test run starts: `POST /api/graduate/startTest/ {id}`. */
import type { StartedRun } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** 201 a new run, or 200 the caller's open run of that test (`resumed: true`); no `correct` flags. */
export const startTest = (id: number) => api.post<StartedRun>('/api/graduate/startTest/', { id });

export function useStartTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
