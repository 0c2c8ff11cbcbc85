import type { AdminMemberDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';

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
