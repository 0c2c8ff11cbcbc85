import type { CompanyDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `GET /api/companies/by-name/{shortName}` (members, admins; 403 others, 404 unknown). */
export const getCompanyByName = (shortName: string) =>
  api.get<CompanyDto>(`/api/companies/by-name/${encodeURIComponent(shortName)}`);

export const companyByNameQueryOptions = (shortName: string) =>
  queryOptions({ queryKey: companyKeys.byName(shortName), queryFn: () => getCompanyByName(shortName) });

export const useCompanyByName = (shortName: string) => useQuery(companyByNameQueryOptions(shortName));
