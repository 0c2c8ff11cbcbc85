import type { Paginated, QuestionDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys, type PageParams } from './keys';

export type QuestionListParams = PageParams & {
  exclude?: number;
  perPage?: number;
  id?: number;
  /** a category and every category below it (issue 37) */
  category?: string;
};

/** `GET /api/questions?page=&per_page=&q=&exclude_mc_test_id=&id=&category=`: the caller's pool (admin: all), newest first. */
export const getQuestions = ({ page, q, exclude, perPage, id, category }: QuestionListParams) =>
  api.get<Paginated<QuestionDto>>('/api/questions', {
    query: { page, q: q || undefined, exclude_mc_test_id: exclude, per_page: perPage, id, category },
  });

export const questionsQueryOptions = (params: QuestionListParams) =>
  queryOptions({
    queryKey: mcTestKeys.questions(params),
    queryFn: () => getQuestions(params),
    placeholderData: keepPreviousData,
  });

export const useQuestions = (params: QuestionListParams, enabled = true) =>
  useQuery({ ...questionsQueryOptions(params), enabled });
