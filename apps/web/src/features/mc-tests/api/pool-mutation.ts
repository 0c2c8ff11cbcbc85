import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mcTestKeys } from './keys';

/**
 * A change to the question pool (a question or one of its answers) may show in every list, test
 * and report: refresh them all.
 */
export function usePoolMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
