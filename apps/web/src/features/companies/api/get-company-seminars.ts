import type { CompanySeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `GET /api/companies/{id}/seminars`: seminars made for the company and those it booked. */
export const getCompanySeminars = (companyId: number) =>
  api.get<CompanySeminarDto[]>(`/api/companies/${companyId}/seminars`);

export const companySeminarsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.seminars(companyId), queryFn: () => getCompanySeminars(companyId) });

export const useCompanySeminars = (companyId: number) => useQuery(companySeminarsQueryOptions(companyId));
