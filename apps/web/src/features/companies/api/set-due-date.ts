import type { AssignmentDue, DueDateBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys, PROGRESS_ROOT_KEY } from './keys';

/**
 * `PUT /api/companies/{id}/assignments/due-date {user_id, seminar_id, due_date}` (null clears it);
 * 422 not a date or in the past, 404 `assignment.not_assigned`.
 */
export const setDueDate = (companyId: number, body: DueDateBody) =>
  api.put<AssignmentDue>(`/api/companies/${companyId}/assignments/due-date`, body);

export function useSetDueDate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DueDateBody) => setDueDate(companyId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      void queryClient.invalidateQueries({ queryKey: PROGRESS_ROOT_KEY });
    },
  });
}
