import type { AdminMemberDto } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/companies/{id}/members`: every member with scopes and the manager flag. */
export const getAdminMembers = (companyId: number) =>
  api.get<AdminMemberDto[]>(`/api/admin/companies/${companyId}/members`);

export const useAdminMembers = (companyId: number) =>
  useQuery({ queryKey: adminKeys.members(companyId), queryFn: () => getAdminMembers(companyId) });
