import type { EmployeeDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export interface AddMemberInput {
  companyId: number;
  email: string;
}

/**
 * `POST /api/companies/{id}/members {email}` → 201 the employee; 422 `company.user_unknown`
 * (field `email`), 409 `company.already_member`.
 */
export const addMember = ({ companyId, email }: AddMemberInput) =>
  api.post<EmployeeDto>(`/api/companies/${companyId}/members`, { email });

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_, { companyId }) => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.employees(companyId) });
      void queryClient.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}
