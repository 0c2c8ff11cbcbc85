import type { AdminCompanyDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { COMPANY_FILTERS, ListQuery } from '../filters';
import { adminKeys } from './keys';

export type AdminCompanyQuery = ListQuery<typeof COMPANY_FILTERS> & { per_page?: number };

/** `GET /api/admin/companies?q=&page=`: a paginator of companies (search in name and short name). */
export const getAdminCompanies = (query: AdminCompanyQuery) =>
  api.get<Paginated<AdminCompanyDto>>('/api/admin/companies', { query });

export const adminCompaniesQueryOptions = (query: AdminCompanyQuery) =>
  queryOptions({
    queryKey: adminKeys.companyList(query),
    queryFn: () => getAdminCompanies(query),
    placeholderData: keepPreviousData,
  });

export const useAdminCompanies = (query: AdminCompanyQuery) => useQuery(adminCompaniesQueryOptions(query));
