import type { EmployeePage } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** the page, its size and the search (a type, not an interface: it is a query string's record) */
export type EmployeesQuery = { page: number; per_page?: number; q?: string };

/**
 * `GET /api/companies/{id}/users?page=&per_page=&q=`: a page of the members sorted by name, with
 * their seminars, progress and test results (issue 39: no longer every member at once).
 */
export const getEmployees = (companyId: number, query: EmployeesQuery) =>
  api.get<EmployeePage>(`/api/companies/${companyId}/users`, { query });

export const employeesQueryOptions = (companyId: number, query: EmployeesQuery) =>
  queryOptions({
    queryKey: companyKeys.employees(companyId, query),
    queryFn: () => getEmployees(companyId, query),
    placeholderData: keepPreviousData,
  });

export const useEmployees = (companyId: number | null, query: EmployeesQuery) =>
  useQuery({ ...employeesQueryOptions(companyId ?? 0, query), enabled: companyId !== null });
