/** `GET /api/config`: public settings of the server (analytics, currency). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface AppConfig {
  matomo: { url: string; siteId: string } | null;
  currency: string;
  /** Upload limits in MB (`MAX_DOC_MB`, `MAX_VIDEO_MB`), when the server names them. */
  maxDocMb?: number;
  maxVideoMb?: number;
}

export const getAppConfig = () => api.get<AppConfig>('/api/config');

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getAppConfig, staleTime: Number.POSITIVE_INFINITY });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
