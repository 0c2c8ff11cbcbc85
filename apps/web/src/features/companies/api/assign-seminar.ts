import type { AssignSeminarBody, assignResultSchema } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAssignmentsChanged } from './assignments-changed';

export type AssignResult = z.infer<typeof assignResultSchema>;

/**
 * `POST /api/companies/assign-seminar {users, seminarId, companyId, due_date?}` (idempotent); 422
 * `company.not_member` or a due date in the past, 409 `company.not_booked`.
 */
export const assignSeminar = (body: AssignSeminarBody) =>
  api.post<AssignResult>('/api/companies/assign-seminar', body);

export function useAssignSeminar() {
  const invalidate = useAssignmentsChanged();
  return useMutation({ mutationFn: assignSeminar, onSuccess: invalidate });
}
