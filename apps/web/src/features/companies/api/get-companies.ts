import type { CompanyDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `GET /api/companies`: the caller's companies (admins: all), by name. */
export const getCompanies = () => api.get<CompanyDto[]>('/api/companies');

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.list(), queryFn: getCompanies });

export const useCompanies = (enabled = true) => useQuery({ ...companiesQueryOptions(), enabled });
