import type { DataExportDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** `POST /api/privacy/exports` → 202 (prepared in the background). */
export const requestExport = () => api.post<DataExportDto>('/api/privacy/exports');

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.exports }),
  });
}
