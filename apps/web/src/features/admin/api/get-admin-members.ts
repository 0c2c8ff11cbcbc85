import type { AdminMemberPage } from '@elearn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** the page and search of the address (a type, not an interface: it is a query string's record) */
export type AdminMembersQuery = { page: number; q?: string };

/**
 * `GET /api/admin/companies/{id}/members?page=&q=`: a page of the members sorted by name, with
 * scopes and the manager flag (issue 39: no longer every member at once).
 */
export const getAdminMembers = (companyId: number, query: AdminMembersQuery) =>
  api.get<AdminMemberPage>(`/api/admin/companies/${companyId}/members`, { query });

export const useAdminMembers = (companyId: number, query: AdminMembersQuery) =>
  useQuery({
    queryKey: adminKeys.members(companyId, query),
    queryFn: () => getAdminMembers(companyId, query),
    placeholderData: keepPreviousData,
  });
