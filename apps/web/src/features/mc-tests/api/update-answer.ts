import type { AnswerDto, UpdateAnswerBody } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `PATCH /api/answers {id, label?, correct?, position?}` → the answer. */
export const updateAnswer = (body: UpdateAnswerBody) => api.patch<AnswerDto>('/api/answers', body);

export const useUpdateAnswer = () => usePoolMutation(updateAnswer);
