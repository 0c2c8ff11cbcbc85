import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/**
 * `POST /api/admin/jobs/run {kind}` → 202 `{message}`: a scheduled job of this kind now, as if its
 * time had come (issue 36 item 6; audited `job.run`); 404 for a kind without a schedule.
 */
export const runScheduledJob = (kind: string) =>
  api.post<{ message: string }>('/api/admin/jobs/run', { kind });

export function useRunScheduledJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runScheduledJob,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
