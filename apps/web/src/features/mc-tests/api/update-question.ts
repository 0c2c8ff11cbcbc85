import type { QuestionDto, UpdateQuestionBody } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `PATCH /api/questions/update {id, label, points}` → the question. */
export const updateQuestion = (body: UpdateQuestionBody) =>
  api.patch<QuestionDto>('/api/questions/update', body);

export const useUpdateQuestion = () => usePoolMutation(updateQuestion);
