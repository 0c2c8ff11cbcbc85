import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export interface AddMemberInput {
  companyId: number;
  email: string;
}

/**
 * `POST /api/companies/{id}/members {email}` → 202 `{message}`: an invitation went to the address,
 * whatever it is (the answer tells nothing about accounts); 409 `company.already_member`.
 */
export const addMember = ({ companyId, email }: AddMemberInput) =>
  api.post<{ message: string }>(`/api/companies/${companyId}/members`, { email });

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_, { companyId }) => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.memberInvitations(companyId) });
    },
  });
}
