import type { Paginated, StudentRow } from '@elearn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** the page size of both histories (the student's and the owner's) */
export const HISTORY_PER_PAGE = 20;

/** `GET /api/graduate/history/student/?page=`: the caller's runs, newest first. */
export const getStudentHistory = (page: number) =>
  api.get<Paginated<StudentRow>>('/api/graduate/history/student/', {
    query: { page, per_page: HISTORY_PER_PAGE },
  });

export const useStudentHistory = (page: number) =>
  useQuery({
    queryKey: mcTestKeys.studentHistory(page),
    queryFn: () => getStudentHistory(page),
    placeholderData: keepPreviousData,
  });
