import type { MemberInvitationDto, MemberInvitationInfo } from '@elearn/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { companyKeys } from './keys';

/** `GET /api/companies/{id}/member-invitations` (the company's managers) → the open invitations. */
export const getMemberInvitations = (companyId: number) =>
  api.get<MemberInvitationDto[]>(`/api/companies/${companyId}/member-invitations`);

export const memberInvitationsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.memberInvitations(companyId),
    queryFn: () => getMemberInvitations(companyId),
  });

export const useMemberInvitations = (companyId: number) => useQuery(memberInvitationsQueryOptions(companyId));

/** `DELETE /api/companies/{id}/member-invitations/{invitationId}` → 204: the link stops working. */
export function useRevokeMemberInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, invitationId }: { companyId: number; invitationId: number }) =>
      api.delete<void>(`/api/companies/${companyId}/member-invitations/${invitationId}`),
    onSuccess: (_, { companyId }) =>
      void queryClient.invalidateQueries({ queryKey: companyKeys.memberInvitations(companyId) }),
  });
}

/**
 * `GET /api/companies/member-invitations/{token}` (anyone, throttled) → company and invited address;
 * 404 `invitation.invalid`, 410 `invitation.expired`.
 */
export const useMemberInvitationInfo = (token: string) =>
  useQuery({
    queryKey: companyKeys.memberInvitationInfo(token),
    queryFn: () =>
      api.get<MemberInvitationInfo>(`/api/companies/member-invitations/${encodeURIComponent(token)}`, {
        ignoreUnauthorized: true,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * `POST /api/companies/member-invitations/{token}/accept` (the invited address, verified) →
 * `{message, company}`; 403 `company.invitation_other_address` / `auth.unverified`.
 */
export function useAcceptMemberInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string; company: { id: number; name: string; shortName: string } }>(
        `/api/companies/member-invitations/${encodeURIComponent(token)}/accept`,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      // the user's companies are part of the current user
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
