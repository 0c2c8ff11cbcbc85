/** Answers of a question: `POST /api/answers/new`, `PATCH /api/answers`, `DELETE /api/answers/{id}`. */
import type { AnswerDto, CreateAnswerBody, UpdateAnswerBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `POST /api/answers/new {question_id, label, correct}` → 201 the answer, appended last. */
export const createAnswer = (body: CreateAnswerBody) => api.post<AnswerDto>('/api/answers/new', body);

/** `PATCH /api/answers {id, label?, correct?, position?}` → the answer. */
export const updateAnswer = (body: UpdateAnswerBody) => api.patch<AnswerDto>('/api/answers', body);

/** `DELETE /api/answers/{id}` → 204. */
export const deleteAnswer = (id: number) => api.delete<void>(`/api/answers/${id}`);

function useAnswerMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}

export const useCreateAnswer = () => useAnswerMutation(createAnswer);
export const useUpdateAnswer = () => useAnswerMutation(updateAnswer);
export const useDeleteAnswer = () => useAnswerMutation(deleteAnswer);
