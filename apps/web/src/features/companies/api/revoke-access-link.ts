import type { AccessLinkDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** `DELETE /api/companies/access-links/{id}` → 200 the link with `status: "revoked"`. */
export const revokeAccessLink = (id: number) =>
  api.delete<AccessLinkDto>(`/api/companies/access-links/${id}`);

export function useRevokeAccessLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.accessLinks() }),
  });
}
