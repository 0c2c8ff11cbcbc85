import type { EmployeeDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `GET /api/companies/{id}/users`: the members with their seminars, progress and test results. */
export const getEmployees = (companyId: number) =>
  api.get<EmployeeDto[]>(`/api/companies/${companyId}/users`);

export const employeesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.employees(companyId), queryFn: () => getEmployees(companyId) });

export const useEmployees = (companyId: number | null) =>
  useQuery({ ...employeesQueryOptions(companyId ?? 0), enabled: companyId !== null });
