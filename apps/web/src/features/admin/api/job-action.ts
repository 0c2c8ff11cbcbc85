import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** `POST /api/admin/jobs/{id}/retry` → `{message}`; `DELETE /api/admin/jobs/{id}` → 204; 404: gone. */
export const retryJob = (id: string) => api.post<{ message: string }>(`/api/admin/jobs/${id}/retry`);
export const discardJob = (id: string) => api.delete<void>(`/api/admin/jobs/${id}`);

/** runs a failed job again or discards it; the queue and the audit trail are read again */
export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'retry' | 'discard' }): Promise<void> => {
      if (action === 'retry') await retryJob(id);
      else await discardJob(id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
