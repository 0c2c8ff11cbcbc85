import type { seminarCompanyRowSchema } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export type SeminarCompanyRow = z.infer<typeof seminarCompanyRowSchema>;

/**
 * `GET /api/seminars/{id}/companies`: the companies that booked the seminar (owner, admin; a
 * manager sees the own companies only).
 */
export const getSeminarCompanies = (seminarId: number) =>
  api.get<SeminarCompanyRow[]>(`/api/seminars/${seminarId}/companies`);

export const seminarCompaniesQueryOptions = (seminarId: number) =>
  queryOptions({
    queryKey: companyKeys.seminarCompanies(seminarId),
    queryFn: () => getSeminarCompanies(seminarId),
  });

export const useSeminarCompanies = (seminarId: number, enabled = true) =>
  useQuery({ ...seminarCompaniesQueryOptions(seminarId), enabled });
