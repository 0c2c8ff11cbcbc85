import type { AssignBody, assignResultSchema, unassignResultSchema } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companyKeys, SEMINARS_ROOT_KEY } from './keys';

export type AssignResult = z.infer<typeof assignResultSchema>;
export type UnassignResult = z.infer<typeof unassignResultSchema>;

/**
 * `POST /api/companies/assign-seminar {users, seminarId, companyId}` (idempotent); 422
 * `company.not_member`, 409 `company.not_booked`.
 */
export const assignSeminar = (body: AssignBody) =>
  api.post<AssignResult>('/api/companies/assign-seminar', body);

/** `POST /api/companies/unassign-seminar {users, seminarId, companyId}`; their access links end. */
export const unassignSeminar = (body: AssignBody) =>
  api.post<UnassignResult>('/api/companies/unassign-seminar', body);

function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    void queryClient.invalidateQueries({ queryKey: SEMINARS_ROOT_KEY });
  };
}

export function useAssignSeminar() {
  const invalidate = useInvalidateAssignments();
  return useMutation({ mutationFn: assignSeminar, onSuccess: invalidate });
}

export function useUnassignSeminar() {
  const invalidate = useInvalidateAssignments();
  return useMutation({ mutationFn: unassignSeminar, onSuccess: invalidate });
}
