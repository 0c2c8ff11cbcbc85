import type { MemberInvitationInfo } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/companies/member-invitations/{token}` (anyone, throttled) → company and invited address;
 * 404 `invitation.invalid`, 410 `invitation.expired`.
 */
export const getMemberInvitationInfo = (token: string) =>
  api.get<MemberInvitationInfo>(`/api/companies/member-invitations/${encodeURIComponent(token)}`, {
    ignoreUnauthorized: true,
  });

export const useMemberInvitationInfo = (token: string) =>
  useQuery({
    queryKey: companyKeys.memberInvitationInfo(token),
    queryFn: () => getMemberInvitationInfo(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
