import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `DELETE /api/companies/{id}/member-invitations/{invitationId}` → 204: the link stops working. */
export const revokeMemberInvitation = ({
  companyId,
  invitationId,
}: {
  companyId: number;
  invitationId: number;
}) => api.delete<void>(`/api/companies/${companyId}/member-invitations/${invitationId}`);

export function useRevokeMemberInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMemberInvitation,
    onSuccess: (_, { companyId }) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.memberInvitations(companyId) }),
  });
}
