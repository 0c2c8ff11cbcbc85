import type {
  DataExportDto,
  DeleteAccountBody,
  DeletionState,
  Paginated,
  PendingDeletionDto,
} from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the privacy feature (issue 19). */
export const privacyKeys = {
  exports: ['privacy', 'exports'] as const,
  deletion: (userId: number) => ['admin', 'privacy', 'deletion', userId] as const,
  pending: (query: object) => ['admin', 'privacy', 'pending', query] as const,
};

/** `GET /api/privacy/exports`: the exports the caller asked for, newest first. */
export const getExports = () => api.get<{ data: DataExportDto[] }>('/api/privacy/exports');

/** Polls every 3 s while an export is being prepared (it is announced by mail as well). */
export const useExports = () =>
  useQuery({
    queryKey: privacyKeys.exports,
    queryFn: getExports,
    refetchInterval: (query) => (query.state.data?.data.some((e) => e.status === 'pending') ? 3000 : false),
  });

/** `POST /api/privacy/exports` → 202 (prepared in the background). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportDto>('/api/privacy/exports'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.exports }),
  });
}

/** `POST /api/privacy/deletion {password}` → 202 with the day of the erasure; the session ends. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<DeletionState>('/api/privacy/deletion', body),
  });

// the admin side ----------------------------------------------------------------------------

export const useDeletionState = (userId: number) =>
  useQuery({
    queryKey: privacyKeys.deletion(userId),
    queryFn: () => api.get<DeletionState>(`/api/admin/users/${userId}/deletion`),
  });

export function useAdminPrivacyAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'export' | 'delete' | 'cancel'): Promise<DataExportDto | DeletionState> =>
      action === 'export'
        ? api.post<DataExportDto>(`/api/admin/users/${userId}/export`)
        : action === 'delete'
          ? api.post<DeletionState>(`/api/admin/users/${userId}/deletion`)
          : api.delete<DeletionState>(`/api/admin/users/${userId}/deletion`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const pendingDeletionsQuery = (query: { page: number; per_page?: number }) =>
  queryOptions({
    queryKey: privacyKeys.pending(query),
    queryFn: () => api.get<Paginated<PendingDeletionDto>>('/api/admin/deletions', { query }),
    placeholderData: keepPreviousData,
  });

export const usePendingDeletions = (query: { page: number; per_page?: number }) =>
  useQuery(pendingDeletionsQuery(query));
