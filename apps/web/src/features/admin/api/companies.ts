import type { AdminCompanyDto, AdminMemberDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `GET /api/admin/companies/{id}`: one company (404 for an unknown id). */
export const getAdminCompany = (id: number) => api.get<AdminCompanyDto>(`/api/admin/companies/${id}`);

export const adminCompanyQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.company(id), queryFn: () => getAdminCompany(id) });

export const useAdminCompany = (id: number) => useQuery(adminCompanyQueryOptions(id));

/** `GET /api/admin/companies/{id}/members`: every member with scopes and the manager flag. */
export const getAdminMembers = (companyId: number) =>
  api.get<AdminMemberDto[]>(`/api/admin/companies/${companyId}/members`);

export const useAdminMembers = (companyId: number) =>
  useQuery({ queryKey: adminKeys.members(companyId), queryFn: () => getAdminMembers(companyId) });

/** A company changed: every company view, the users (their companies) and the audit trail. */
function useCompanyChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    // the company pages of the app (`/company/{name}`) read the same company
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
  };
}

export interface CompanyInput {
  name: string;
  shortName: string;
}

/** `POST /api/admin/companies {name, shortName}` → 201; 422 field errors (`company.short_name_taken`). */
export const createCompany = (input: CompanyInput) =>
  api.post<AdminCompanyDto>('/api/admin/companies', input);

export function useCreateCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: createCompany, onSuccess: changed });
}

/** `PATCH /api/admin/companies/{id} {name?, shortName?}` → the company (the old short name keeps working). */
export const updateCompany = (id: number, input: Partial<CompanyInput>) =>
  api.patch<AdminCompanyDto>(`/api/admin/companies/${id}`, input);

export function useUpdateCompany() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<CompanyInput> }) => updateCompany(id, input),
    onSuccess: changed,
  });
}

/** `DELETE /api/admin/companies/{id}` → 204; 409 `company.not_empty`. */
export const deleteCompany = (id: number) => api.delete<void>(`/api/admin/companies/${id}`);

export function useDeleteCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: deleteCompany, onSuccess: changed });
}

/**
 * `POST /api/admin/companies/{id}/members {email, manager}` → 201 the member; 422
 * `company.user_unknown` / `company.manager_scope`, 409 `company.already_member`.
 */
export const addCompanyMember = (companyId: number, email: string, manager: boolean) =>
  api.post<AdminMemberDto>(`/api/admin/companies/${companyId}/members`, { email, manager });

export function useAddCompanyMember() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, email, manager }: { companyId: number; email: string; manager: boolean }) =>
      addCompanyMember(companyId, email, manager),
    onSuccess: changed,
  });
}

/** `PATCH /api/admin/companies/{id}/members/{userId} {manager}`; 422 `company.manager_scope`. */
export const setCompanyManager = (companyId: number, userId: number, manager: boolean) =>
  api.patch<AdminMemberDto>(`/api/admin/companies/${companyId}/members/${userId}`, { manager });

export function useSetCompanyManager() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, userId, manager }: { companyId: number; userId: number; manager: boolean }) =>
      setCompanyManager(companyId, userId, manager),
    onSuccess: changed,
  });
}

/** `DELETE /api/admin/companies/{id}/members/{userId}` → 204 (the member's assignments end). */
export const removeCompanyMember = (companyId: number, userId: number) =>
  api.delete<void>(`/api/admin/companies/${companyId}/members/${userId}`);

export function useRemoveCompanyMember() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, userId }: { companyId: number; userId: number }) =>
      removeCompanyMember(companyId, userId),
    onSuccess: changed,
  });
}
