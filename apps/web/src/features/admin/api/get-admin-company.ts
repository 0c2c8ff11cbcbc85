import type { AdminCompanyDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/companies/{id}`: one company (404 for an unknown id). */
export const getAdminCompany = (id: number) => api.get<AdminCompanyDto>(`/api/admin/companies/${id}`);

export const adminCompanyQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.company(id), queryFn: () => getAdminCompany(id) });

export const useAdminCompany = (id: number) => useQuery(adminCompanyQueryOptions(id));
