/**
 * The company's invitation link (one at a time): `GET`, `POST`, `DELETE
 * /api/companies/{id}/invitation` (managers, admins).
 */
import type { invitationCreatedSchema, invitationStateSchema } from '@elearn/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export type InvitationState = z.infer<typeof invitationStateSchema>;
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** `GET /api/companies/{id}/invitation` → `{active, expires_at, created_at}` (never the token). */
export const getInvitation = (companyId: number) =>
  api.get<InvitationState>(`/api/companies/${companyId}/invitation`);

export const invitationQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.invitation(companyId), queryFn: () => getInvitation(companyId) });

export const useInvitation = (companyId: number) => useQuery(invitationQueryOptions(companyId));

/** `POST /api/companies/{id}/invitation {expires_in_days}` → 201 `{url, token, expires_at}` (shown once). */
export const createInvitation = ({ companyId, days }: { companyId: number; days: number }) =>
  api.post<InvitationCreated>(`/api/companies/${companyId}/invitation`, { expires_in_days: days });

/** `DELETE /api/companies/{id}/invitation` → 204. */
export const revokeInvitation = (companyId: number) =>
  api.delete<void>(`/api/companies/${companyId}/invitation`);

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_, { companyId }) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.invitation(companyId) }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_, companyId) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.invitation(companyId) }),
  });
}
