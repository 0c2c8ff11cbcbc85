import type { CompanyAssignment } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/seminars/{id}/users/booked-company`: the employees assigned to the seminar (owner,
 * admin; a manager sees the own companies' employees only).
 */
export const getSeminarAssignments = (seminarId: number) =>
  api.get<CompanyAssignment[]>(`/api/seminars/${seminarId}/users/booked-company`);

export const seminarAssignmentsQueryOptions = (seminarId: number) =>
  queryOptions({
    queryKey: companyKeys.seminarAssignments(seminarId),
    queryFn: () => getSeminarAssignments(seminarId),
  });

export const useSeminarAssignments = (seminarId: number, enabled = true) =>
  useQuery({ ...seminarAssignmentsQueryOptions(seminarId), enabled });
