import type { AssignBody, unassignResultSchema } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAssignmentsChanged } from './assignments-changed';

export type UnassignResult = z.infer<typeof unassignResultSchema>;

/** `POST /api/companies/unassign-seminar {users, seminarId, companyId}`; their access links end. */
export const unassignSeminar = (body: AssignBody) =>
  api.post<UnassignResult>('/api/companies/unassign-seminar', body);

export function useUnassignSeminar() {
  const invalidate = useAssignmentsChanged();
  return useMutation({ mutationFn: unassignSeminar, onSuccess: invalidate });
}
