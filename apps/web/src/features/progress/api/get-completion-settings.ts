import type { CompletionSettingsDto } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `GET /api/progress/seminars/{id}/settings` (managers): when the seminar counts as completed. */
export const getCompletionSettings = (id: number) =>
  api.get<CompletionSettingsDto>(`/api/progress/seminars/${id}/settings`);

export const useCompletionSettings = (id: number) =>
  useQuery({
    queryKey: progressKeys.settings(id),
    queryFn: () => getCompletionSettings(id),
  });
