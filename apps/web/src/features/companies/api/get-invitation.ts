/** The company's invitation link (one at a time; managers, admins): its state. */
import type { invitationStateSchema } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export type InvitationState = z.infer<typeof invitationStateSchema>;

/** `GET /api/companies/{id}/invitation` → `{active, expires_at, created_at}` (never the token). */
export const getInvitation = (companyId: number) =>
  api.get<InvitationState>(`/api/companies/${companyId}/invitation`);

export const invitationQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.invitation(companyId), queryFn: () => getInvitation(companyId) });

export const useInvitation = (companyId: number) => useQuery(invitationQueryOptions(companyId));
