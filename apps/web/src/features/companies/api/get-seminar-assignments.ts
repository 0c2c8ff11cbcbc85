import type { CompanyAssignmentPage } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * the page, one company, some employees (comma-separated ids) and a search (a type, not an
 * interface: it is a query string's record)
 */
export type SeminarAssignmentsQuery = {
  page: number;
  per_page?: number;
  company_id?: number;
  users?: string;
  q?: string;
};

/**
 * `GET /api/seminars/{id}/users/booked-company?page=&company_id=&users=`: a page of the employees
 * assigned to the seminar by company and name (owner, admin; a manager sees the own companies'
 * employees only; issue 39: no longer every assignment at once).
 */
export const getSeminarAssignments = (seminarId: number, query: SeminarAssignmentsQuery) =>
  api.get<CompanyAssignmentPage>(`/api/seminars/${seminarId}/users/booked-company`, { query });

export const seminarAssignmentsQueryOptions = (seminarId: number, query: SeminarAssignmentsQuery) =>
  queryOptions({
    queryKey: companyKeys.seminarAssignments(seminarId, query),
    queryFn: () => getSeminarAssignments(seminarId, query),
    placeholderData: keepPreviousData,
  });

export const useSeminarAssignments = (seminarId: number, query: SeminarAssignmentsQuery, enabled = true) =>
  useQuery({ ...seminarAssignmentsQueryOptions(seminarId, query), enabled });
