import type { FailedJobDto, JobKindStatsDto, Paginated } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export type FailedJobQuery = { page: number; per_page: number };

/** `GET /api/admin/jobs`: the job queue per kind (waiting, running, failed). */
export const getAdminJobs = () => api.get<JobKindStatsDto[]>('/api/admin/jobs');

/** `GET /api/admin/jobs/failed?page=&per_page=`: the latest failure first, without payloads. */
export const getFailedJobs = (query: FailedJobQuery) =>
  api.get<Paginated<FailedJobDto>>('/api/admin/jobs/failed', { query });

export const useAdminJobs = () => useQuery({ queryKey: adminKeys.jobs(), queryFn: getAdminJobs });

export const useFailedJobs = (query: FailedJobQuery) =>
  useQuery({ queryKey: adminKeys.failedJobs(query), queryFn: () => getFailedJobs(query) });
