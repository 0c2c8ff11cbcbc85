/** The question pool: `GET/POST /api/questions`, `PATCH /api/questions/update`, `DELETE /api/questions/{id}`. */
import type { CreateQuestionBody, Paginated, QuestionDto, UpdateQuestionBody } from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys, type PageParams } from './keys';

export type QuestionListParams = PageParams & { exclude?: number; perPage?: number; id?: number };

/** `GET /api/questions?page=&per_page=&q=&exclude_mc_test_id=&id=`: the caller's pool (admin: all), newest first. */
export const getQuestions = ({ page, q, exclude, perPage, id }: QuestionListParams) =>
  api.get<Paginated<QuestionDto>>('/api/questions', {
    query: { page, q: q || undefined, exclude_mc_test_id: exclude, per_page: perPage, id },
  });

export const questionsQueryOptions = (params: QuestionListParams) =>
  queryOptions({
    queryKey: mcTestKeys.questions(params),
    queryFn: () => getQuestions(params),
    placeholderData: keepPreviousData,
  });

export const useQuestions = (params: QuestionListParams, enabled = true) =>
  useQuery({ ...questionsQueryOptions(params), enabled });

/** A change to the pool may show in every list, test and report: refresh them all. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all });
}

/** `POST /api/questions {label, points?, answers?, mcTestId?}` → 201 the question. */
export const createQuestion = (body: CreateQuestionBody) => api.post<QuestionDto>('/api/questions', body);

export function useCreateQuestion() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: createQuestion, onSuccess: () => refresh() });
}

/** `PATCH /api/questions/update {id, label, points}` → the question. */
export const updateQuestion = (body: UpdateQuestionBody) =>
  api.patch<QuestionDto>('/api/questions/update', body);

export function useUpdateQuestion() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: updateQuestion, onSuccess: () => refresh() });
}

/** `DELETE /api/questions/{id}` → 204 (detached from every test; past runs keep their snapshot). */
export const deleteQuestion = (id: number) => api.delete<void>(`/api/questions/${id}`);

export function useDeleteQuestion() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: deleteQuestion, onSuccess: () => refresh() });
}
