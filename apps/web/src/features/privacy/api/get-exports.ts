import type { DataExportDto } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** `GET /api/privacy/exports`: the exports the caller asked for, newest first. */
export const getExports = () => api.get<{ data: DataExportDto[] }>('/api/privacy/exports');

/** Polls every 3 s while an export is being prepared (it is announced by mail as well). */
export const useExports = () =>
  useQuery({
    queryKey: privacyKeys.exports,
    queryFn: getExports,
    refetchInterval: (query) => (query.state.data?.data.some((e) => e.status === 'pending') ? 3000 : false),
  });
