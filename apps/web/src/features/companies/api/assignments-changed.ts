import { useQueryClient } from '@tanstack/react-query';
import { companyKeys, SEMINARS_ROOT_KEY } from './keys';

/** An assignment changed: every company query and the seminars (their abilities follow). */
export function useAssignmentsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    void queryClient.invalidateQueries({ queryKey: SEMINARS_ROOT_KEY });
  };
}
