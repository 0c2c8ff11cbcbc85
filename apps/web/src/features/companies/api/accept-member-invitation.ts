import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { companyKeys } from './keys';

/**
 * `POST /api/companies/member-invitations/{token}/accept` (the invited address, verified) →
 * `{message, company}`; 403 `company.invitation_other_address` / `auth.unverified`.
 */
export const acceptMemberInvitation = (token: string) =>
  api.post<{ message: string; company: { id: number; name: string; shortName: string } }>(
    `/api/companies/member-invitations/${encodeURIComponent(token)}/accept`,
  );

export function useAcceptMemberInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMemberInvitation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      // the user's companies are part of the current user
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
