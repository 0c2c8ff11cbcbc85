import type { CompletionSettingsBody, CompletionSettingsDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `PUT /api/progress/seminars/{id}/settings` (managers) → the settings as stored. */
export const saveCompletionSettings = (id: number, body: CompletionSettingsBody) =>
  api.put<CompletionSettingsDto>(`/api/progress/seminars/${id}/settings`, body);

export function useSaveCompletionSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompletionSettingsBody) => saveCompletionSettings(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(progressKeys.settings(id), saved);
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });
}
