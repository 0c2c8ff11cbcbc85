import type { MemberInvitationDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
