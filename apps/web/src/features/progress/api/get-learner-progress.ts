import type { LearnerProgressRow } from '@elearn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

export interface LearnerPage {
  data: LearnerProgressRow[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/**
 * `GET /api/progress/seminars/{id}/learners?page=&per_page=&kind=`: a page of the learners'
 * progress (managers, company managers).
 */
export const getLearnerProgress = (id: number, page: number, kind?: 'personal' | 'company') =>
  api.get<LearnerPage>(`/api/progress/seminars/${id}/learners`, { query: { page, per_page: 25, kind } });

export const useLearnerProgress = (id: number, page: number, kind?: 'personal' | 'company', enabled = true) =>
  useQuery({
    queryKey: progressKeys.learners(id, page, kind),
    queryFn: () => getLearnerProgress(id, page, kind),
    placeholderData: keepPreviousData,
    enabled,
  });
