import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export interface RemoveMemberInput {
  companyId: number;
  userId: number;
}

/**
 * `DELETE /api/companies/{id}/members/{userId}` → 204; the member's assignments and access links
 * of this company end with it; 409 `company.remove_self`.
 */
export const removeMember = ({ companyId, userId }: RemoveMemberInput) =>
  api.delete<void>(`/api/companies/${companyId}/members/${userId}`);

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
