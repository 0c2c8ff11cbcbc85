import type { invitationCreatedSchema } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** `POST /api/companies/{id}/invitation {expires_in_days}` → 201 `{url, token, expires_at}` (shown once). */
export const createInvitation = ({ companyId, days }: { companyId: number; days: number }) =>
  api.post<InvitationCreated>(`/api/companies/${companyId}/invitation`, { expires_in_days: days });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_, { companyId }) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.invitation(companyId) }),
  });
}
