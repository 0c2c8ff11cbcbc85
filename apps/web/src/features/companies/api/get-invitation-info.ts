import type { invitationInfoSchema } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/**
 * `GET /api/companies/invitations/{token}` (anyone, throttled) → the company's name; 404
 * `invitation.invalid`, 410 `invitation.expired`.
 */
export const getInvitationInfo = (token: string) =>
  api.get<InvitationInfo>(`/api/companies/invitations/${encodeURIComponent(token)}`, {
    ignoreUnauthorized: true,
  });

export const invitationInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: companyKeys.invitationInfo(token),
    queryFn: () => getInvitationInfo(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInvitationInfo = (token: string | null) =>
  useQuery({ ...invitationInfoQueryOptions(token ?? ''), enabled: !!token });
