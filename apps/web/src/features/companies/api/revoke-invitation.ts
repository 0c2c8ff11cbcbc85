import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `DELETE /api/companies/{id}/invitation` → 204. */
export const revokeInvitation = (companyId: number) =>
  api.delete<void>(`/api/companies/${companyId}/invitation`);

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_, companyId) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.invitation(companyId) }),
  });
}
