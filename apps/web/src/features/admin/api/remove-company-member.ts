import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';

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
