import type { AdminMemberDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';

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
